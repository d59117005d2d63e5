import type { RequestHandler, Response } from 'express';
import type { ProjectionLag } from 'projections';
import type { DatabasePing } from './database-ping';
import type { ReadModels } from './read-models';

/** A database that takes longer than this to answer a probe counts as unreachable. */
const DATABASE_TIMEOUT_MS = 1000;
/**
 * The lag the read models may have and the instance still serve: under steady writes they trail
 * the log by moments, after a crash or a stop by a backlog they work off while already serving.
 */
export const MAX_LAG_EVENTS = 10_000;
export const MAX_LAG_SECONDS = 5;

type Probe = { answered: true; lag: ProjectionLag | null } | { answered: false };

/** What the probe needs of the app context. */
type Probed = { databasePing: DatabasePing; readModels: Pick<ReadModels, 'measuredLag' | 'superseded'> };

/**
 * Whether the database answers within the timeout, on the ping's own connection (not behind the
 * pool's writers), and the read models' lag as the runner last measured it on its own schedule:
 * no query of the probe waits for a connection of the pool.
 */
async function probe(ctx: Probed): Promise<Probe> {
  const answer = ctx.databasePing.ping().then(
    (): Probe => ({ answered: true, lag: ctx.readModels.measuredLag() }),
    (): Probe => ({ answered: false }),
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Probe>((resolve) => {
    timer = setTimeout(resolve, DATABASE_TIMEOUT_MS, { answered: false });
  });
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const SUPERSEDED = 'A newer release took over the read models: this process no longer serves and is to be stopped';

/** The superseded process's answer (decision 052): 503, for good. */
function sendSuperseded(res: Response, superseded: readonly string[]): void {
  res.status(503).json({ status: 'superseded', error: SUPERSEDED, superseded });
}

const withinBound = (lag: ProjectionLag) => lag.events <= MAX_LAG_EVENTS && lag.seconds <= MAX_LAG_SECONDS;

const lagBody = (lag: ProjectionLag) => ({ lagEvents: lag.events, lagSeconds: Math.round(lag.seconds * 1000) / 1000 });

/** The probes: logged only at debug level (they come every few seconds), and answered by a superseded process too. */
export const HEALTH_URLS = new Set(['/api/health', '/api/health/ready', '/api/health/live']);

/**
 * Once a newer release took over the read models, every request but the probes gets 503 with
 * `Retry-After: 1`: this process's queries are the older release's, the tables the newer one's
 * (decision 052). Nothing was done for such a request, so a client or balancer may send it again.
 */
export function refuseWhenSuperseded(ctx: Pick<Probed, 'readModels'>): RequestHandler {
  return (req, res, next) => {
    const superseded = ctx.readModels.superseded();
    if (superseded.length === 0 || HEALTH_URLS.has(req.path)) return next();
    res.set({ 'Cache-Control': 'no-store', 'Retry-After': '1' });
    sendSuperseded(res, superseded);
  };
}

/** `GET /api/health/live`: the process answers; nothing else is asked (a restart would not help the rest). */
export const livenessHandler: RequestHandler = (_req, res) => {
  res.set('Cache-Control', 'no-store');
  res.json({ status: 'ok' });
};

/**
 * `GET /api/health` and `/api/health/ready`: 200 `{ status: 'ok', lagEvents, lagSeconds }` when the
 * database answers and the read models trail the log by no more than the bound; else 503 with the
 * reason (and the lag when known); 503 `superseded` once a newer release took over the read models
 * (decision 052), for good: such a process is to be stopped. Answers at once: it measures the lag, never waits for it to end.
 */
export function readinessHandler(ctx: Probed): RequestHandler {
  return async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    const superseded = ctx.readModels.superseded();
    if (superseded.length > 0) return sendSuperseded(res, superseded);
    const result = await probe(ctx);
    if (!result.answered) {
      res.status(503).json({ status: 'unavailable', error: 'The database does not answer' });
    } else if (!result.lag) {
      res.status(503).json({ status: 'unavailable', error: 'The projections are not running' });
    } else if (!withinBound(result.lag)) {
      res.status(503).json({
        status: 'unavailable',
        error: 'The read models are catching up with the event log',
        ...lagBody(result.lag),
      });
    } else {
      res.json({ status: 'ok', ...lagBody(result.lag) });
    }
  };
}
