import { daysBetween, monthOf, yearEndReminderDay, yearOf, type NotificationKind } from '@tht/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../platform/context';
import { ownerIsAlive } from '../platform/jobs';
import { finishRun } from './reminder-runs';

/** How often each API process looks for reminders due. */
export const REMINDER_CHECK_MS = 60 * 60 * 1000;
/**
 * The first look comes this long after start-up, once the read models a start may rebuild have
 * caught up with the log (a run reads people's hours from them).
 */
export const REMINDER_FIRST_CHECK_MS = 5 * 60 * 1000;
/** A monthly or year-end run missed on its day (every process down) is still made this many days after it. */
export const CATCH_UP_DAYS = 7;

export interface ScheduledRun {
  kind: NotificationKind;
  /** The day it is due, which its figures are as of. */
  asOf: string;
}

/**
 * The scheduled runs to make on `today`: the monthly kinds as of the 1st, year-end as of its day
 * (30 days before the fiscal year ends), each caught up for CATCH_UP_DAYS; the certificates as of
 * today only (their mails count the days left from the day they are sent).
 */
export function scheduledRuns(today: string): ScheduledRun[] {
  const runs: ScheduledRun[] = [];
  const firstOfMonth = `${monthOf(today)}-01`;
  if (daysBetween(firstOfMonth, today) < CATCH_UP_DAYS)
    runs.push({ kind: 'behind-pace', asOf: firstOfMonth }, { kind: 'team', asOf: firstOfMonth });
  const yearEnd = yearEndReminderDay(yearOf(today));
  const sinceYearEnd = daysBetween(yearEnd, today);
  if (sinceYearEnd >= 0 && sinceYearEnd < CATCH_UP_DAYS) runs.push({ kind: 'year-end', asOf: yearEnd });
  runs.push({ kind: 'certificate-expiring', asOf: today });
  return runs;
}

/**
 * Claims the scheduled run of `kind` as of `asOf` for this process: the first claim wins; a claim
 * whose process died before finishing is taken over (its mails queued so far are not queued
 * twice: their keys are). Returns the run's id, or null when another process has or had it.
 */
async function claimRun(ctx: AppContext, { kind, asOf }: ScheduledRun): Promise<string | null> {
  const { rows } = await sql<{ id: string }>`INSERT INTO jobs.reminder_runs AS r (kind, as_of, trigger, owner, started_at)
    VALUES (${kind}, ${asOf}, 'schedule', ${ctx.jobOwner.id}, ${ctx.now()})
    ON CONFLICT (kind, as_of) WHERE trigger = 'schedule' DO UPDATE SET owner = EXCLUDED.owner, started_at = EXCLUDED.started_at
      WHERE r.finished_at IS NULL AND NOT ${ownerIsAlive('r.owner')}
    RETURNING id`.execute(ctx.db);
  return rows[0]?.id ?? null;
}

/** Makes each scheduled run due today that no process has made; returns the runs made here with what they queued. */
export async function runDueReminders(ctx: AppContext): Promise<(ScheduledRun & { queued: number })[]> {
  const made: (ScheduledRun & { queued: number })[] = [];
  for (const run of scheduledRuns(ctx.now().toISOString().slice(0, 10))) {
    const runId = await claimRun(ctx, run);
    if (runId !== null) made.push({ ...run, queued: await finishRun(ctx, runId, run.kind, run.asOf) });
  }
  return made;
}

export interface ReminderSchedule {
  stop(): Promise<void>;
}

/** Runs `runDueReminders` REMINDER_FIRST_CHECK_MS after start and every REMINDER_CHECK_MS, one check at a time; a failed check is logged. */
export function startReminderSchedule(ctx: AppContext): ReminderSchedule {
  let running: Promise<void> = Promise.resolve();
  const check = () => {
    running = running
      .then(async () => {
        for (const { kind, asOf, queued } of await runDueReminders(ctx))
          if (queued > 0) ctx.log.info(`Reminders "${kind}" as of ${asOf}: ${queued} mails queued`);
      })
      .catch((error: unknown) => ctx.log.error('Queueing the reminders due failed; trying again later', error));
  };
  const first = setTimeout(check, REMINDER_FIRST_CHECK_MS);
  const timer = setInterval(check, REMINDER_CHECK_MS);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
