import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Logger } from './logger';

/**
 * Background work that any API process must be able to report (an import's progress, an as-of
 * replay's state) lives in PostgreSQL, schema `jobs`: one table per kind of job, each row naming
 * the process that runs it (its owner). Every process heartbeats in `jobs.owners`; a job whose
 * owner has not beaten for OWNER_TIMEOUT_SECONDS (killed, frozen, cut off from the database) is
 * reported as stopped by whichever process is asked. An owner writes its job's rows only while
 * they are still its own and under way, so a job reported stopped stays stopped.
 */
export interface JobOwner {
  /** This process's id in `jobs.owners`, written into the jobs it runs. */
  readonly id: string;
  /**
   * Stops the heartbeat and leaves (at shutdown): its unfinished jobs read as stopped at once, where a
   * killed process's read so OWNER_TIMEOUT_SECONDS after its last beat.
   */
  stop(): Promise<void>;
}

export const JOBS_SCHEMA = 'jobs';
export const HEARTBEAT_MS = 3_000;
export const OWNER_TIMEOUT_SECONDS = 15;
/** A job's progress is written at most this often while it moves (never per row). */
export const PROGRESS_WRITE_MS = 250;
/** Owners silent this long are forgotten (their jobs read as stopped all the same). */
const FORGOTTEN_OWNER = sql`interval '1 day'`;

/** The jobs' schema, its owners, and each kind's tables (`CREATE TABLE IF NOT EXISTS jobs.…`). */
export async function migrateJobs<Database>(db: Kysely<Database>, tables: readonly RawBuilder<unknown>[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Serialises concurrent start-ups, whose IF NOT EXISTS statements would otherwise race.
    await sql`SELECT pg_advisory_xact_lock(hashtext('tht:migrate-jobs'))`.execute(trx);
    await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(JOBS_SCHEMA)}`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS jobs.owners (id uuid PRIMARY KEY, heartbeat_at timestamptz NOT NULL)`.execute(trx);
    for (const table of tables) await table.execute(trx);
  });
}

/** SQL: whether the owner in `column` (a job table's) has beaten lately, by the database's clock. */
export function ownerIsAlive(column: string): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM jobs.owners o WHERE o.id = ${sql.ref(column)}
    AND o.heartbeat_at > now() - make_interval(secs => ${OWNER_TIMEOUT_SECONDS}))`;
}

/** Registers this process as an owner of jobs and beats every HEARTBEAT_MS until stopped. */
export async function startJobOwner<Database>(db: Kysely<Database>, log: Logger): Promise<JobOwner> {
  const id = randomUUID();
  const beat = () =>
    sql`INSERT INTO jobs.owners (id, heartbeat_at) VALUES (${id}, now())
    ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()`.execute(db);
  await beat();
  await sql`DELETE FROM jobs.owners WHERE heartbeat_at < now() - ${FORGOTTEN_OWNER}`.execute(db);
  let beating: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    beating = beat().catch((error: unknown) => log.error('The jobs heartbeat failed; beating again shortly', error));
  }, HEARTBEAT_MS);
  timer.unref();
  return {
    id,
    async stop() {
      clearInterval(timer);
      await beating;
      await sql`DELETE FROM jobs.owners WHERE id = ${id}`.execute(db);
    },
  };
}

export interface ProgressWrites {
  /** The job moved: its progress is written within PROGRESS_WRITE_MS (once for every change meanwhile). */
  moved(): void;
  /** Cancels the write not yet started and waits for the one under way (before the job's last write). */
  settle(): Promise<void>;
}

/** Writes a job's progress through `write` at most every `intervalMs`, one write at a time; a failed write is logged. */
export function progressWrites(write: () => Promise<unknown>, log: Logger, intervalMs = PROGRESS_WRITE_MS): ProgressWrites {
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<unknown> = Promise.resolve();
  const writeNow = () => {
    timer = null;
    writing = writing.then(write).catch((error: unknown) => log.error("Writing a job's progress failed", error));
  };
  return {
    moved() {
      timer ??= setTimeout(writeNow, intervalMs);
    },
    async settle() {
      if (timer) clearTimeout(timer);
      timer = null;
      await writing;
    },
  };
}
