import { randomUUID } from 'node:crypto';
import { ADMIN_MESSAGES as M, emptyImportCounts, IMPORT_ERRORS_SHOWN, type ImportJob, type ImportReport } from '@tht/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../platform/context';
import { ownerIsAlive, progressWrites } from '../platform/jobs';
import type { WriteProgress } from './import-writer';

/** How long a finished import's progress stays readable. */
export const FINISHED_JOB_TTL_MS = 60 * 60 * 1000;

/** The imports' table in schema `jobs` (`migrateJobs`): one row per import, its counts in `progress`. */
export const IMPORT_JOB_TABLES = [
  sql`CREATE TABLE IF NOT EXISTS jobs.imports (
    id uuid PRIMARY KEY,
    owner uuid NOT NULL,
    status text NOT NULL,
    progress jsonb NOT NULL,
    error text,
    started_at timestamptz NOT NULL,
    finished_at timestamptz)`,
];

/** What an import's row holds besides its status and times. */
type Progress = Pick<ImportJob, 'report' | 'total' | 'processed' | 'created'>;

interface ImportRow {
  id: string;
  status: ImportJob['status'];
  progress: Progress;
  error: string | null;
  started_at: Date;
  finished_at: Date | null;
}

const TTL = sql`make_interval(secs => ${FINISHED_JOB_TTL_MS / 1000})`;

const jobOf = (row: ImportRow): ImportJob => ({
  id: row.id,
  status: row.status,
  ...row.progress,
  error: row.error,
  startedAt: row.started_at.toISOString(),
  finishedAt: row.finished_at?.toISOString() ?? null,
});

/**
 * Imports under way and lately finished, in PostgreSQL (`jobs.imports`), so that every API process
 * answers `GET /api/import/{id}`: the process that runs an import owns its row and writes its
 * progress every PROGRESS_WRITE_MS while it moves; one whose process stopped (no heartbeat) is
 * reported failed. What an import writes is in the event log like any other change. An import id
 * is a random UUID.
 */
export class ImportJobs {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'jobOwner' | 'metrics' | 'log'>) {}

  /** The import, unless unknown or finished longer than FINISHED_JOB_TTL_MS ago; one whose process stopped is failed first. */
  async find(id: string): Promise<ImportJob | undefined> {
    await this.failStopped(sql`id = ${id}`);
    const { rows } = await sql<ImportRow>`SELECT id, status, progress, error, started_at, finished_at FROM jobs.imports
      WHERE id = ${id} AND (finished_at IS NULL OR finished_at > now() - ${TTL})`.execute(this.ctx.db);
    return rows[0] && jobOf(rows[0]);
  }

  /** Records the job and starts `write` in the background; its progress moves as `write` reports. */
  async start(report: ImportReport, write: (progress: WriteProgress) => Promise<void>): Promise<ImportJob> {
    const started = performance.now();
    const progress: Progress = {
      report: { ...report, errors: [...report.errors] },
      total: Object.values(report.toCreate).reduce((sum, count) => sum + count, 0),
      processed: 0,
      created: emptyImportCounts(),
    };
    const id = randomUUID();
    await this.sweep();
    const { rows } = await sql<ImportRow>`INSERT INTO jobs.imports (id, owner, status, progress, started_at)
      VALUES (${id}, ${this.ctx.jobOwner.id}, 'running', ${JSON.stringify(progress)}, now())
      RETURNING id, status, progress, error, started_at, finished_at`.execute(this.ctx.db);
    const writes = progressWrites(() => this.update(id, progress), this.ctx.log);
    const finish = async (status: 'completed' | 'failed', error: string | null) => {
      this.ctx.metrics.importFinished(status, (performance.now() - started) / 1000);
      await writes.settle();
      await this.update(id, progress, { status, error }).catch((failure: unknown) =>
        this.ctx.log.error(`Recording the end of import ${id} failed`, failure),
      );
    };
    void write(this.reporting(progress, () => writes.moved())).then(
      () => finish('completed', null),
      (error: unknown) => {
        this.ctx.log.error(`import ${id} failed`, error);
        return finish('failed', M.importStopped);
      },
    );
    return jobOf(rows[0]!);
  }

  /** What the writer reports, counted into `progress` (and the metrics); `moved` after each report. */
  private reporting(progress: Progress, moved: () => void): WriteProgress {
    const { metrics } = this.ctx;
    return {
      written: (kind, count) => {
        progress.created[kind] += count;
        progress.processed += count;
        metrics.importRows('written', count);
        moved();
      },
      failed: (ref, message) => {
        progress.processed += 1;
        progress.report.failed += 1;
        if (progress.report.errors.length < IMPORT_ERRORS_SHOWN)
          progress.report.errors.push({ sheet: ref.sheet, row: ref.row, message });
        metrics.importRows('failed', 1);
        moved();
      },
    };
  }

  /** Writes the import's progress (and its end), while it is still this process's and running. */
  private async update(id: string, progress: Progress, end?: { status: 'completed' | 'failed'; error: string | null }) {
    const ended = end ? sql`, status = ${end.status}, error = ${end.error}, finished_at = now()` : sql``;
    const { numAffectedRows } = await sql`UPDATE jobs.imports SET progress = ${JSON.stringify(progress)}${ended}
      WHERE id = ${id} AND owner = ${this.ctx.jobOwner.id} AND status = 'running'`.execute(this.ctx.db);
    if (end && numAffectedRows === 0n) this.ctx.log.error(`import ${id} ended (${end.status}) after it was reported stopped`);
  }

  /** Fails the running imports `which` whose process stopped (no heartbeat within OWNER_TIMEOUT_SECONDS). */
  private async failStopped(which: RawBuilder<unknown>): Promise<void> {
    const { rows } = await sql<{ id: string; owner: string }>`UPDATE jobs.imports i
      SET status = 'failed', error = ${M.importStopped}, finished_at = now()
      WHERE ${which} AND status = 'running' AND NOT ${ownerIsAlive('i.owner')} RETURNING id, owner`.execute(this.ctx.db);
    for (const { id, owner } of rows) this.ctx.log.error(`import ${id} failed: its process (jobs owner ${owner}) stopped`);
  }

  /** Ends the imports whose process stopped, and forgets those finished longer than FINISHED_JOB_TTL_MS ago. */
  private async sweep(): Promise<void> {
    await this.failStopped(sql`true`);
    await sql`DELETE FROM jobs.imports WHERE finished_at <= now() - ${TTL}`.execute(this.ctx.db);
  }
}
