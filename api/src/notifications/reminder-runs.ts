import {
  certificateReminderDue,
  CERTIFICATE_REMINDER_DAYS,
  isBelowTarget,
  reminderDedupeKey,
  reminderPeriod,
  type NotificationKind,
} from '@tht/contracts';
import { sql } from 'kysely';
import { expiringCertificates } from '../certificates';
import { enqueueMails, unsubscribeUrl, type OutboxMail } from '../outbox';
import type { AppContext } from '../platform/context';
import { organisationSwitches } from '../notification-switches';
import { behindPaceMail, certificateMail, teamMail, yearEndMail, type Recipient, type ReminderLinks } from './reminder-mails';
import type { RenderedMail } from './mail-layout';
import { peopleProgress, recipientsAmong, teamsProgress } from './reminder-recipients';

/** Who started a run: the schedule (`reminder-schedule.ts`) or an administrator's "Run now". */
export type RunTrigger = 'schedule' | 'admin';

/** The runs of each kind (the last one shows on the Notifications tab; the schedule claims each of its runs here). */
export const REMINDER_RUN_TABLES = [
  sql`CREATE TABLE IF NOT EXISTS jobs.reminder_runs (
    id bigserial PRIMARY KEY,
    kind text NOT NULL,
    as_of date NOT NULL,
    trigger text NOT NULL,
    owner uuid NOT NULL,
    started_at timestamptz NOT NULL,
    finished_at timestamptz,
    queued integer)`,
  // One scheduled run of a kind per day it is due, whichever process claims it first.
  sql`CREATE UNIQUE INDEX IF NOT EXISTS reminder_runs_scheduled_idx ON jobs.reminder_runs (kind, as_of) WHERE trigger = 'schedule'`,
  sql`CREATE INDEX IF NOT EXISTS reminder_runs_latest_idx ON jobs.reminder_runs (kind, finished_at DESC)`,
];

/** Mails are composed and queued this many at a time, so a run's memory stays bounded however large the organisation. */
const CHUNK = 500;

/** One mail to compose: to whom, under which key, and how (composed only when its chunk is queued). */
interface PlannedMail {
  recipient: Recipient;
  dedupeKey: string;
  compose: (links: ReminderLinks) => RenderedMail;
}

function linksFor(ctx: AppContext, kind: NotificationKind, recipient: Recipient): ReminderLinks {
  return { publicUrl: ctx.config.publicUrl, unsubscribeUrl: unsubscribeUrl(ctx.config, recipient.userId, kind) };
}

async function plannedBehindPace(ctx: AppContext, asOf: string): Promise<PlannedMail[]> {
  const period = reminderPeriod('behind-pace', asOf);
  return (await peopleProgress(ctx.pool, 'behind-pace', asOf))
    .filter(({ figures }) => !figures.onTrack)
    .map(({ recipient, figures }) => ({
      recipient,
      dedupeKey: reminderDedupeKey('behind-pace', period, recipient.userId),
      compose: (links) => behindPaceMail(recipient, figures, links),
    }));
}

async function plannedYearEnd(ctx: AppContext, asOf: string): Promise<PlannedMail[]> {
  const period = reminderPeriod('year-end', asOf);
  return (await peopleProgress(ctx.pool, 'year-end', asOf))
    .filter(({ figures }) => isBelowTarget(figures.hours, figures.targetHours))
    .map(({ recipient, figures }) => ({
      recipient,
      dedupeKey: reminderDedupeKey('year-end', period, recipient.userId),
      compose: (links) => yearEndMail(recipient, figures, asOf, links),
    }));
}

async function plannedTeam(ctx: AppContext, asOf: string): Promise<PlannedMail[]> {
  const period = reminderPeriod('team', asOf);
  return (await teamsProgress(ctx.pool, asOf)).map(({ manager, reports }) => ({
    recipient: manager,
    dedupeKey: reminderDedupeKey('team', period, manager.userId),
    compose: (links) => teamMail(manager, reports, asOf, links),
  }));
}

/** Certificates valid until exactly 60, 30 or 7 days after `asOf` (renewed ones are not listed), one mail each. */
async function plannedCertificates(ctx: AppContext, asOf: string): Promise<PlannedMail[]> {
  const due = (await expiringCertificates(ctx.pool, { asOf, days: Math.max(...CERTIFICATE_REMINDER_DAYS) })).flatMap(
    (certificate) => {
      const days = certificateReminderDue(certificate.validUntil, asOf);
      return days === null ? [] : [{ certificate, days }];
    },
  );
  const recipients = await recipientsAmong(ctx.pool, 'certificate-expiring', [
    ...new Set(due.map(({ certificate }) => certificate.userId)),
  ]);
  return due.flatMap(({ certificate, days }) => {
    const recipient = recipients.get(certificate.userId);
    if (!recipient) return [];
    const detail = `entry-${certificate.entryId}-${days}d`;
    return [
      {
        recipient,
        dedupeKey: reminderDedupeKey('certificate-expiring', certificate.validUntil, recipient.userId, detail),
        compose: (links: ReminderLinks) => certificateMail(recipient, certificate, asOf, links),
      },
    ];
  });
}

const PLANNERS: Record<NotificationKind, (ctx: AppContext, asOf: string) => Promise<PlannedMail[]>> = {
  'behind-pace': plannedBehindPace,
  team: plannedTeam,
  'year-end': plannedYearEnd,
  'certificate-expiring': plannedCertificates,
};

function outboxMail(ctx: AppContext, kind: NotificationKind, planned: PlannedMail): OutboxMail {
  const { recipient, dedupeKey, compose } = planned;
  return { kind, recipientUserId: recipient.userId, to: recipient.email, dedupeKey, ...compose(linksFor(ctx, kind, recipient)) };
}

/**
 * Composes and queues the mails of `kind` as of `asOf` (nothing while the administrator has the
 * kind off); returns how many were queued. Mails queued before under the same key (an earlier run
 * of the period) are not queued again.
 */
export async function queueReminders(ctx: AppContext, kind: NotificationKind, asOf: string): Promise<number> {
  if (!(await organisationSwitches(ctx.db))[kind]) return 0;
  const planned = await PLANNERS[kind](ctx, asOf);
  let queued = 0;
  for (let start = 0; start < planned.length; start += CHUNK) {
    queued += await enqueueMails(
      ctx.db,
      planned.slice(start, start + CHUNK).map((mail) => outboxMail(ctx, kind, mail)),
    );
  }
  return queued;
}

/** Runs `kind` as of `asOf` now, recorded as the kind's latest run; returns how many mails were queued. */
export async function runReminders(ctx: AppContext, kind: NotificationKind, asOf: string, trigger: RunTrigger): Promise<number> {
  const { rows } = await sql<{ id: string }>`INSERT INTO jobs.reminder_runs (kind, as_of, trigger, owner, started_at)
    VALUES (${kind}, ${asOf}, ${trigger}, ${ctx.jobOwner.id}, ${ctx.now()}) RETURNING id`.execute(ctx.db);
  return finishRun(ctx, rows[0]!.id, kind, asOf);
}

/** Queues the run's mails and records when it finished and how many it queued. */
export async function finishRun(ctx: AppContext, runId: string, kind: NotificationKind, asOf: string): Promise<number> {
  const queued = await queueReminders(ctx, kind, asOf);
  await sql`UPDATE jobs.reminder_runs SET finished_at = ${ctx.now()}, queued = ${queued} WHERE id = ${runId}`.execute(ctx.db);
  return queued;
}

/** A kind's latest finished run. */
export interface LastRun {
  at: string;
  asOf: string;
  queued: number;
  trigger: RunTrigger;
}

/** The latest finished run of each kind that has run. */
export async function lastRuns(ctx: AppContext): Promise<Map<NotificationKind, LastRun>> {
  const { rows } = await sql<{ kind: NotificationKind; finished_at: Date; as_of: string; queued: number; trigger: RunTrigger }>`
    SELECT DISTINCT ON (kind) kind, finished_at, to_char(as_of, 'YYYY-MM-DD') AS as_of, queued, trigger
    FROM jobs.reminder_runs WHERE finished_at IS NOT NULL ORDER BY kind, finished_at DESC, id DESC`.execute(ctx.db);
  return new Map(
    rows.map((row) => [row.kind, { at: row.finished_at.toISOString(), asOf: row.as_of, queued: row.queued, trigger: row.trigger }]),
  );
}
