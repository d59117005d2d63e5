import { METRICS_TOKEN_REQUIRED } from '@tht/contracts';
import { ConcurrencyError, type AppendResult, type EventStore } from '@tht/eventstore';
import type { Request, RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { bearerOf } from './bearer-token';
import { MAX_LAG_EVENTS } from './health';
import type { ReadModelCache } from './read-model-cache';
import type { ReadModels } from './read-models';

/** The read-model caches by name (the `cache` label): a fixed set. */
export type CacheName = 'principals' | 'team_leads' | 'ended_sessions' | 'custom_field_definitions' | 'responses' | 'kept_reads';

/**
 * The figures the parts behind the HTTP layer move, in a registry of the runtime's own (served
 * with the app's by `createMetrics`): event-store appends, cache look-ups, import rows and runs.
 */
export interface AppMetrics {
  readonly registry: Registry;
  /** `store` with every append timed and counted (`appendToNewStreams` too, when it has one). */
  measureAppends(store: EventStore): EventStore;
  /** `cache` with every look-up counted as a hit (from memory) or a miss (loaded); a `peek` counts its hits. */
  countLookups<Key, Value>(name: CacheName, cache: ReadModelCache<Key, Value>): ReadModelCache<Key, Value>;
  /** Import records written, or refused while writing. */
  importRows(outcome: 'written' | 'failed', count: number): void;
  /** An import ended after `seconds`. */
  importFinished(status: 'completed' | 'failed', seconds: number): void;
}

const appendOutcome = (error: unknown) => (error instanceof ConcurrencyError ? 'conflict' : 'error');

export function createAppMetrics(): AppMetrics {
  const registry = new Registry();
  const appendDuration = new Histogram({
    name: 'event_store_append_duration_seconds',
    help: 'Duration of event-store appends (one per command, or per batch of new streams), by outcome: appended, conflict (the stream moved on), error',
    labelNames: ['outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const appendedEvents = new Counter({
    name: 'event_store_appended_events_total',
    help: 'Events appended to the event log',
    registers: [registry],
  });
  const cacheLookups = new Counter({
    name: 'cache_lookups_total',
    help: 'Look-ups in the read-model caches (rendered bodies are cache "responses"), by cache and result: hit (from memory) or miss',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
  });
  const importRows = new Counter({
    name: 'import_rows_total',
    help: 'Import records written, or refused while writing (failed)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const importDuration = new Histogram({
    name: 'import_duration_seconds',
    help: 'Duration of imports from their start to their end, by status',
    labelNames: ['status'] as const,
    buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600],
    registers: [registry],
  });

  async function timedAppend(events: number, append: () => Promise<AppendResult>): Promise<AppendResult> {
    const stop = appendDuration.startTimer();
    try {
      const result = await append();
      stop({ outcome: 'appended' });
      appendedEvents.inc(events);
      return result;
    } catch (error) {
      stop({ outcome: appendOutcome(error) });
      throw error;
    }
  }

  return {
    registry,
    measureAppends(store) {
      return {
        ...store,
        append: (streamName, events, expected) => timedAppend(events.length, () => store.append(streamName, events, expected)),
        ...(store.appendToNewStreams && {
          appendToNewStreams: (streams) =>
            timedAppend(
              streams.reduce((sum, stream) => sum + stream.events.length, 0),
              () => store.appendToNewStreams!(streams),
            ),
        }),
      };
    },
    countLookups(name, cache) {
      return {
        ...cache,
        async find(key, load) {
          let loaded = false;
          const value = await cache.find(key, (found) => {
            loaded = true;
            return load(found);
          });
          cacheLookups.inc({ cache: name, result: loaded ? 'miss' : 'hit' });
          return value;
        },
        // A peek that misses is not counted: the app's own look-up (`find`) follows and counts.
        peek(key) {
          const value = cache.peek(key);
          if (value !== undefined) cacheLookups.inc({ cache: name, result: 'hit' });
          return value;
        },
      };
    },
    importRows(outcome, count) {
      if (count > 0) importRows.inc({ outcome }, count);
    },
    importFinished(status, seconds) {
      importDuration.observe({ status }, seconds);
    },
  };
}

export interface Metrics {
  /** Times every `/api` request and counts sign-in failures and refusals (mount on `/api`). */
  record: RequestHandler;
  /** Times a request answered outside Express (`kept-reads.ts`), begun at `started` (`performance.now()`). */
  observe: (method: string, route: string, status: number, started: number) => void;
  /** `GET /api/metrics`: the Prometheus text, only to `Authorization: Bearer <token>`; without a token, passed on (a 404). */
  serve(token: string | null): RequestHandler;
}

/** The route's pattern (`/api/entries/:id`), so ids do not make a series each; `unmatched` for a 404 of no route. */
export function routeOf(req: Pick<Request, 'route'>): string {
  const pattern: unknown = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern !== 'string') return 'unmatched';
  return pattern.startsWith('/api') ? pattern : `/api${pattern}`;
}

/**
 * A histogram's series by its label values, each looked up in prom-client once: a request then
 * costs one Map look-up instead of prom-client hashing and checking its labels every time. As
 * many series as the histogram has anyway (methods, route patterns, statuses).
 */
function seriesByLabels<Series>(create: (...values: [string, string, string]) => Series) {
  const series = new Map<string, Series>();
  return (...values: [string, string, string]): Series => {
    const key = values.join(' ');
    let found = series.get(key);
    if (found === undefined) {
      found = create(...values);
      series.set(key, found);
    }
    return found;
  };
}

/**
 * The figures worth alerting on, in a registry of this app's own: request durations by route and
 * status, each projector's lag behind the log (measured when scraped), sign-in failures (401) and
 * refusals (429, a limit); served with the runtime's (`AppMetrics`).
 */
export function createMetrics(ctx: { readModels: Pick<ReadModels, 'lags'>; metrics: AppMetrics }): Metrics {
  const registry = new Registry();
  // The process's own: CPU, memory, garbage collection and the event loop's delay (a stalled loop delays every answer).
  collectDefaultMetrics({ register: registry });
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
  const served = Registry.merge([registry, ctx.metrics.registry]);
  const durationSeries = seriesByLabels((method, route, status) => requestDuration.labels(method, route, status));
  const observe = (method: string, route: string, status: number, started: number) =>
    durationSeries(method, route, String(status)).observe((performance.now() - started) / 1000);

  return {
    observe,
    record(req, res, next) {
      const started = performance.now();
      res.on('finish', () => {
        const route = routeOf(req);
        observe(req.method, route, res.statusCode, started);
        if (req.method !== 'POST' || route !== '/api/login') return;
        if (res.statusCode === 401) signInFailures.inc();
        if (res.statusCode === 429) signInRefusals.inc();
      });
      next();
    },
    serve(token) {
      if (token === null) return (_req, _res, next) => next();
      const bearsToken = bearerOf(token);
      return async (req, res) => {
        res.set('Cache-Control', 'no-store');
        if (!bearsToken(req)) {
          res.status(401).json({ error: METRICS_TOKEN_REQUIRED });
          return;
        }
        res.type(served.contentType).send(await served.metrics());
      };
    },
  };
}
