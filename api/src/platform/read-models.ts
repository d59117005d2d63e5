import type { ProjectionLag } from 'projections';

/** The read models as the API sees them: waiting for an event to reach them, and how far they trail the log. */
export interface ReadModels {
  /**
   * Resolves true once every projector has processed `globalPosition` and this process's caches
   * hold nothing older (`ReadModelCaches.reached`), false after `timeoutMs` in which the read
   * models did not move on or after `maxMs` in all (the framework's `ReadModelWaiter.waitFor`).
   */
  waitFor(globalPosition: string, timeoutMs?: number, maxMs?: number): Promise<boolean>;
  /** The slowest projection's lag as the runner last measured it on its own schedule (the health check's answer, no query). */
  measuredLag(): ProjectionLag | null;
  /** `lag` of every projector by name (the metrics' projection lag). */
  lags(countUpTo: number): Promise<Map<string, ProjectionLag> | null>;
  /** The projectors a newer release took over (decision 052): while any is, this process is not ready. */
  superseded(): string[];
}
