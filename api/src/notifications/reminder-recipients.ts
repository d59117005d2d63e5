import { fullName, paceFigures, type NotificationKind, type PaceFigures } from '@tht/contracts';
import type pg from 'pg';
import { READ_MODEL_SCHEMA } from 'projections';
import { targetHoursOf, targetSourcesSql, type TargetSourceColumns } from '../targets';
import type { Recipient, ReportProgress } from './reminder-mails';

/**
 * Who may get the reminders, read set-based: one statement per run reads every person (or every
 * manager's reports) with their hours and target sources of the year, so an organisation of ten
 * thousand costs one query, not one per person. Deactivated people (erased ones are deactivated
 * first) and those who switched the kind off are left out in SQL; the organisation's switch is
 * the run's to check.
 */
const RM = READ_MODEL_SCHEMA;

/** Leaves out the person `alias` who switched off the kind `$kindParam`. */
const notSwitchedOff = (alias: string, kindParam: string) => `NOT EXISTS (SELECT 1 FROM ${RM}.person_notification_switches s
    WHERE s.user_id = ${alias}.id AND s.kind = ${kindParam} AND NOT s.enabled)`;

interface PersonRow extends TargetSourceColumns {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  hours: number;
}

const recipientOf = (row: Pick<PersonRow, 'id' | 'email' | 'first_name' | 'last_name'>): Recipient => ({
  userId: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
});

const PERSON_TARGETS = targetSourcesSql('$1');
const PEOPLE_TEXT = `SELECT u.id, u.email, u.first_name, u.last_name, coalesce(t.hours, 0)::float8 AS hours, ${PERSON_TARGETS.columns}
  FROM ${RM}.users u
  LEFT JOIN ${RM}.training_totals t ON t.user_id = u.id AND t.year = $1
  ${PERSON_TARGETS.join}
  WHERE u.deactivated_at IS NULL AND ${notSwitchedOff('u', '$2')}
  ORDER BY u.id`;

/** A person with their progress of the year of `asOf`. */
export interface PersonProgress {
  recipient: Recipient;
  figures: PaceFigures;
}

/** Every active person who has not switched `kind` off, with their figures of the year on `asOf`. */
export async function peopleProgress(pool: pg.Pool, kind: NotificationKind, asOf: string): Promise<PersonProgress[]> {
  const { rows } = await pool.query<PersonRow>({
    name: 'reminders-people',
    text: PEOPLE_TEXT,
    values: [Number(asOf.slice(0, 4)), kind],
  });
  return rows.map((row) => ({ recipient: recipientOf(row), figures: paceFigures(row.hours, targetHoursOf(row), asOf) }));
}

interface ReportRow extends PersonRow {
  manager_id: number;
  manager_email: string;
  manager_first_name: string;
  manager_last_name: string;
}

const REPORT_TARGETS = targetSourcesSql('$1');
const TEAMS_TEXT = `SELECT m.id AS manager_id, m.email AS manager_email, m.first_name AS manager_first_name,
    m.last_name AS manager_last_name, u.id, u.email, u.first_name, u.last_name,
    coalesce(t.hours, 0)::float8 AS hours, ${REPORT_TARGETS.columns}
  FROM ${RM}.users u
  JOIN ${RM}.users m ON m.id = u.manager_id
  LEFT JOIN ${RM}.training_totals t ON t.user_id = u.id AND t.year = $1
  ${REPORT_TARGETS.join}
  WHERE u.deactivated_at IS NULL AND m.deactivated_at IS NULL AND ${notSwitchedOff('m', "'team'")}
  ORDER BY m.id, u.last_name, u.first_name, u.id`;

/** A manager and their active direct reports' progress, by last then first name. */
export interface TeamProgress {
  manager: Recipient;
  reports: ReportProgress[];
}

/** Every active manager with active direct reports who has not switched "Your team" off, with the reports' figures on `asOf`. */
export async function teamsProgress(pool: pg.Pool, asOf: string): Promise<TeamProgress[]> {
  const { rows } = await pool.query<ReportRow>({ name: 'reminders-teams', text: TEAMS_TEXT, values: [Number(asOf.slice(0, 4))] });
  const teams = new Map<number, TeamProgress>();
  for (const row of rows) {
    let team = teams.get(row.manager_id);
    if (!team) {
      const manager = {
        id: row.manager_id,
        email: row.manager_email,
        first_name: row.manager_first_name,
        last_name: row.manager_last_name,
      };
      team = { manager: recipientOf(manager), reports: [] };
      teams.set(row.manager_id, team);
    }
    team.reports.push({
      name: fullName({ firstName: row.first_name, lastName: row.last_name }),
      figures: paceFigures(row.hours, targetHoursOf(row), asOf),
    });
  }
  return [...teams.values()];
}

const RECIPIENTS_TEXT = `SELECT u.id, u.email, u.first_name, u.last_name FROM ${RM}.users u
  WHERE u.id = ANY($1::int4[]) AND u.deactivated_at IS NULL AND ${notSwitchedOff('u', '$2')}`;

/** Of `userIds`, the active people who have not switched `kind` off, by id. */
export async function recipientsAmong(
  pool: pg.Pool,
  kind: NotificationKind,
  userIds: readonly number[],
): Promise<Map<number, Recipient>> {
  const { rows } = await pool.query<PersonRow>({ name: 'reminders-recipients', text: RECIPIENTS_TEXT, values: [userIds, kind] });
  return new Map(rows.map((row) => [row.id, recipientOf(row)]));
}
