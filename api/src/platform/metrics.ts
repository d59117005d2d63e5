import { createHash, timingSafeEqual } from 'node:crypto';
import { METRICS_TOKEN_REQUIRED } from '@tht/contracts';
import type { Request, RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from './context';
import { MAX_LAG_EVENTS } from './health';

export interface Metrics {
  /** Times every `/api` request and counts sign-in failures and refusals (mount on `/api`). */
  record: RequestHandler;
  /** `GET /api/metrics`: the Prometheus text, only to `Authorization: Bearer <token>`; without a token, passed on (a 404). */
  serve(token: string | null): RequestHandler;
}

/** The route's pattern (`/api/entries/:id`), so ids do not make a series each; `unmatched` for a 404 of no route. */
function routeOf(req: Request): string {
  const pattern: unknown = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern !== 'string') return 'unmatched';
  return pattern.startsWith('/api') ? pattern : `/api${pattern}`;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests, so neither the token's length nor its bytes show in the time taken. */
function bearsToken(req: Request, expected: Buffer): boolean {
  const given = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), expected);
}

/**
 * The figures worth alerting on, in a registry of this app's own: request durations by route and
 * status, each projector's lag behind the log (measured when scraped), sign-in failures (401) and
 * refusals (429, a limit).
 */
export function createMetrics(ctx: AppContext): Metrics {
  const registry = new Registry();
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of /api requests, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const signInFailures = new Counter({
    name: 'sign_in_failures_total',
    help: 'Sign-ins refused for wrong credentials (401)',
    registers: [registry],
  });
  const signInRefusals = new Counter({
    name: 'sign_in_refusals_total',
    help: 'Sign-ins refused by a limit on attempts (429)',
    registers: [registry],
  });
  const projectionLag = (name: string, help: string, value: (lag: { events: number; seconds: number }) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['projector'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const lags = await ctx.readModels.lags(MAX_LAG_EVENTS + 1).catch(() => null);
        for (const [projector, lag] of lags ?? []) this.set({ projector }, value(lag));
      },
    });
  projectionLag(
    'projection_lag_events',
    `Events in the log a projector has not applied (counted up to ${MAX_LAG_EVENTS + 1})`,
    (lag) => lag.events,
  );
  projectionLag('projection_lag_seconds', 'Age of the oldest event a projector has not applied', (lag) => lag.seconds);

  return {
    record(req, res, next) {
      const stop = requestDuration.startTimer();
      res.on('finish', () => {
        const route = routeOf(req);
        stop({ method: req.method, route, status: String(res.statusCode) });
        if (req.method !== 'POST' || route !== '/api/login') return;
        if (res.statusCode === 401) signInFailures.inc();
        if (res.statusCode === 429) signInRefusals.inc();
      });
      next();
    },
    serve(token) {
      if (token === null) return (_req, _res, next) => next();
      const expected = digest(token);
      return async (req, res) => {
        res.set('Cache-Control', 'no-store');
        if (!bearsToken(req, expected)) {
          res.status(401).json({ error: METRICS_TOKEN_REQUIRED });
          return;
        }
        res.type(registry.contentType).send(await registry.metrics());
      };
    },
  };
}
