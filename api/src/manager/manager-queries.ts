import {
  type CertificateSummary,
  CERTIFICATE_WINDOW_DAYS,
  EXPIRED_CERTIFICATE_LISTED_DAYS,
  elapsedShareOfYear,
  fullName,
  MANAGER_TOPIC_KEYWORDS,
  rankTopics,
  scheduleStatus,
  TOPIC_LIMITS,
  yearDateRange,
  type ManagerEmployeeStats,
  type ManagerStats,
  type TopicCount,
  type UserSummary,
} from '@tht/contracts';
import type pg from 'pg';
import { READ_MODEL_SCHEMA, type ReadModelDb } from 'projections';
import { expiringCertificates } from '../certificates';
import { ENTRY_VIEW_COLUMNS, entryListJson } from '../entries';
import { serverDay } from '../platform/read-responses';
import { targetHoursOf, targetSourcesSql, type TargetSourceColumns } from '../targets';
import { toUserSummary } from '../users';

const USERS = `${READ_MODEL_SCHEMA}.users`;

/** A direct report with their figures of the year and what their target is made of. */
interface ReportRow extends TargetSourceColumns {
  id: number;
  first_name: string;
  last_name: string;
  hours: number;
  entries: number;
  high_rated: number;
  /** null when they have no entries in the year */
  hours_by_month: number[] | null;
  /** A leaver switched off: their hours stay in the team's figures, they leave the list and the targets. */
  deactivated: boolean;
}

/**
 * The direct reports of `$1` (joined on their current manager, so a report who moved away has
 * left) with their training totals and own target of year `$2`, and, on every row, the yearly
 * target and the number of users that a person's target falls back on.
 */
const REPORT_TARGETS = targetSourcesSql('$2');
const REPORTS_TEXT = `SELECT u.id, u.first_name, u.last_name,
    coalesce(t.hours, 0)::float8 AS hours, coalesce(t.entries, 0) AS entries, coalesce(t.high_rated, 0) AS high_rated,
    t.hours_by_month::float8[] AS hours_by_month, u.deactivated_at IS NOT NULL AS deactivated, ${REPORT_TARGETS.columns}
  FROM ${USERS} u
  LEFT JOIN ${READ_MODEL_SCHEMA}.training_totals t ON t.user_id = u.id AND t.year = $2
  ${REPORT_TARGETS.join}
  WHERE u.manager_id = $1
  ORDER BY u.last_name, u.first_name, u.id`;

/** Entries of the year `$2` that mention each topic of `$3`, over the current reports of `$1`. */
const TOPICS_TEXT = `SELECT tt.topic, sum(tt.entries)::int AS entries
  FROM ${USERS} u JOIN ${READ_MODEL_SCHEMA}.training_topics tt ON tt.user_id = u.id AND tt.year = $2
  WHERE u.manager_id = $1 AND tt.topic = ANY($3::text[])
  GROUP BY tt.topic`;

const NO_HOURS: readonly number[] = Array(12).fill(0);

function employeeStatsOf(report: ReportRow, elapsedShare: number, certificates: CertificateSummary[]): ManagerEmployeeStats {
  const targetHours = targetHoursOf(report);
  return {
    id: report.id,
    name: fullName({ firstName: report.first_name, lastName: report.last_name }),
    totalHours: report.hours,
    completedTraining: report.entries,
    highRatedTraining: report.high_rated,
    targetHours,
    scheduleStatus: scheduleStatus(report.hours, targetHours, elapsedShare),
    expiringCertificates: certificates,
  };
}

/** Each report's certificates that expire within 60 days of `today` (or lapsed), the marks of the Manager View. */
async function certificatesByReport(pool: pg.Pool, reportIds: number[], today: Date): Promise<Map<number, CertificateSummary[]>> {
  const certificates = await expiringCertificates(pool, {
    asOf: serverDay(today),
    days: CERTIFICATE_WINDOW_DAYS,
    expiredWithinDays: EXPIRED_CERTIFICATE_LISTED_DAYS,
    userIds: reportIds,
  });
  const byReport = new Map<number, CertificateSummary[]>();
  for (const { userId, entryId, trainingName, validUntil, daysLeft } of certificates) {
    byReport.set(userId, [...(byReport.get(userId) ?? []), { entryId, trainingName, validUntil, daysLeft }]);
  }
  return byReport;
}

async function popularTopics(pool: pg.Pool, managerId: number, year: number): Promise<TopicCount[]> {
  const { rows } = await pool.query<{ topic: string; entries: number }>({
    name: 'manager-team-topics',
    text: TOPICS_TEXT,
    values: [managerId, year, MANAGER_TOPIC_KEYWORDS],
  });
  const counts = new Map(rows.map((row) => [row.topic, row.entries]));
  return rankTopics(counts, MANAGER_TOPIC_KEYWORDS, TOPIC_LIMITS.manager);
}

/**
 * The manager dashboard's figures for `year`, all from read models: the team's totals, each
 * report's against their target (the schedule rule of `today`), hours per month and the top
 * topics, and each report's certificates expiring (as of `today`, whatever the year). `thisMonth`
 * counts the hours dated in the month of `today`, so it is 0 for another year.
 * A deactivated report's hours and entries stay in the team's figures, but they are not listed
 * (nor counted as behind schedule) and their target is not the team's.
 */
export async function teamStats(pool: pg.Pool, managerId: number, year: number, today: Date): Promise<ManagerStats> {
  const [{ rows: reports }, topics] = await Promise.all([
    pool.query<ReportRow>({ name: 'manager-team-reports', text: REPORTS_TEXT, values: [managerId, year] }),
    popularTopics(pool, managerId, year),
  ]);
  const elapsedShare = elapsedShareOfYear(year, today);
  const listed = reports.filter((report) => !report.deactivated);
  const certificates = await certificatesByReport(
    pool,
    listed.map((report) => report.id),
    today,
  );
  const employeeStats = listed.map((report) => employeeStatsOf(report, elapsedShare, certificates.get(report.id) ?? []));
  const hoursByMonth = NO_HOURS.map((_, month) => reports.reduce((sum, report) => sum + (report.hours_by_month?.[month] ?? 0), 0));
  const totalHours = reports.reduce((sum, report) => sum + report.hours, 0);
  const targetHours = employeeStats.reduce((sum, employee) => sum + employee.targetHours, 0);
  return {
    year,
    totalEmployees: employeeStats.length,
    totalHours,
    completedTraining: reports.reduce((sum, report) => sum + report.entries, 0),
    thisMonth: year === today.getFullYear() ? hoursByMonth[today.getMonth()]! : 0,
    targetHours,
    scheduleStatus: scheduleStatus(totalHours, targetHours, elapsedShare),
    hoursByMonth,
    popularTopics: topics,
    employeeStats,
  };
}

/** The active direct reports of `managerId` (leavers left out), by last then first name. */
export async function directReports(db: ReadModelDb, managerId: number): Promise<UserSummary[]> {
  const rows = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('users')
    .selectAll()
    .where('manager_id', '=', managerId)
    .where('deactivated_at', 'is', null)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .execute();
  return rows.map(toUserSummary);
}

const teamEntriesText = (inYear: boolean) => `SELECT ${ENTRY_VIEW_COLUMNS}
  FROM ${USERS} u JOIN ${READ_MODEL_SCHEMA}.entries e ON e.user_id = u.id
  WHERE u.manager_id = $1${inYear ? ' AND e.date >= $2 AND e.date <= $3' : ''}
  ORDER BY e.date DESC, e.id DESC`;

/** The entries of the current direct reports of `managerId` (of `year`, if given), latest date first, as a JSON array (text). */
export async function teamEntriesJson(pool: pg.Pool, managerId: number, year: number | undefined): Promise<string> {
  if (year === undefined) return entryListJson(pool, 'manager-team-entries', teamEntriesText(false), [managerId]);
  const { from, to } = yearDateRange(year);
  return entryListJson(pool, 'manager-team-entries-in-year', teamEntriesText(true), [managerId, from, to]);
}
