import { randomUUID } from 'node:crypto';
import { emptyImportCounts, IMPORT_ERRORS_SHOWN, type ImportJob, type ImportReport } from '@tht/contracts';
import type { Logger } from '../platform/logger';
import type { WriteProgress } from './import-writer';

/** How long a finished import's progress stays readable. */
export const FINISHED_JOB_TTL_MS = 60 * 60 * 1000;

/**
 * Imports under way and lately finished, in this API process's memory (progress only: what an
 * import writes is in the event log like any other change). An import id is a random UUID.
 */
export class ImportJobs {
  private readonly jobs = new Map<string, ImportJob>();

  constructor(private readonly log: Logger) {}

  find(id: string): ImportJob | undefined {
    return this.jobs.get(id);
  }

  /** Starts `write` in the background and returns the job at once; its progress moves as `write` reports. */
  start(report: ImportReport, write: (progress: WriteProgress) => Promise<void>): ImportJob {
    const counts = report.toCreate;
    const job: ImportJob = {
      id: randomUUID(),
      status: 'running',
      report: { ...report, errors: [...report.errors] },
      total: Object.values(counts).reduce((sum, count) => sum + count, 0),
      processed: 0,
      created: emptyImportCounts(),
      error: null,
      startedAt: new Date().toISOString(),
      finishedAt: null,
    };
    this.jobs.set(job.id, job);
    const progress: WriteProgress = {
      written: (kind, count) => {
        job.created[kind] += count;
        job.processed += count;
      },
      failed: (ref, message) => {
        job.processed += 1;
        job.report.failed += 1;
        if (job.report.errors.length < IMPORT_ERRORS_SHOWN) job.report.errors.push({ sheet: ref.sheet, row: ref.row, message });
      },
    };
    void write(progress).then(
      () => this.finish(job, 'completed', null),
      (error: unknown) => {
        this.log.error(`import ${job.id} failed`, error);
        this.finish(
          job,
          'failed',
          'The import stopped unexpectedly; what was written stays, and importing the file again skips it.',
        );
      },
    );
    return job;
  }

  private finish(job: ImportJob, status: 'completed' | 'failed', error: string | null): void {
    job.status = status;
    job.error = error;
    job.finishedAt = new Date().toISOString();
    setTimeout(() => this.jobs.delete(job.id), FINISHED_JOB_TTL_MS).unref();
  }
}
