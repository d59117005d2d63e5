/**
 * Live catch-up throughput: `npx tsx bench/catch-up.ts` (or `npm run bench -- catch-up`). The
 * projection runner of an API process that finds the read models behind the log (a restart after
 * downtime, an import appending faster than the projections apply) catches up in batches that
 * grow while full (`catchUpBatchSize`). Seeds BENCH_CATCH_UP_EVENTS (default 50,000) of the
 * product's real events, then times the live runner from empty read models to the end of the log,
 * alternating the product's settings with the floor of fixed 1,000-event batches (the runner
 * before growing batches) for BENCH_CATCH_UP_ROUNDS rounds (default 3), and prints the medians.
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createEventStore, migrateEventStore, type EventStore } from '@tht/eventstore';
import { createDb, createPool } from '@tht/postgres';
import { allProjectors, migrateReadModels, startProjectionRunner, type ProjectionRunnerOptions } from 'projections';
import type pg from 'pg';
import { benchDatabase } from './support/bench-postgres';
import { emitRow } from './support/report';
import { seedHistory } from '@tht/test-kit/organisation';
import { historyOfAbout } from './support/seed-history';

const EVENTS = Number(process.env.BENCH_CATCH_UP_EVENTS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_CATCH_UP_ROUNDS ?? 3);
const FIXED_BATCH = 1000;
const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

type BatchSettings = Pick<ProjectionRunnerOptions, 'batchSize' | 'catchUpBatchSize'>;

interface CatchUp {
  eventsPerSecond: number;
  /** The longest the event loop was held meanwhile (what a request arriving then waits), ms. */
  eventLoopMaxMs: number;
}

/** Empty read models, then the live runner with `settings` until every projector reached `last`. */
async function catchUp(pool: pg.Pool, store: EventStore, last: string, settings: BatchSettings): Promise<CatchUp> {
  await pool.query('DROP SCHEMA IF EXISTS read_models CASCADE');
  await migrateReadModels(createDb(pool), allProjectors);
  const eventLoop = monitorEventLoopDelay({ resolution: 5 });
  eventLoop.enable();
  const started = performance.now();
  let caughtUp!: () => void;
  const done = new Promise<void>((resolve) => (caughtUp = resolve));
  const runner = startProjectionRunner({
    pool,
    store,
    projectors: allProjectors,
    ...settings,
    onProjected: ({ slowest }) => {
      if (slowest >= last) caughtUp();
    },
  });
  await done;
  const seconds = (performance.now() - started) / 1000;
  eventLoop.disable();
  await runner.stop();
  return { eventsPerSecond: EVENTS / seconds, eventLoopMaxMs: eventLoop.max / 1e6 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const eventsPerSecond = (runs: CatchUp[]) => median(runs.map((run) => run.eventsPerSecond));
const describe = (runs: CatchUp[]) =>
  `${runs.map((run) => number.format(run.eventsPerSecond)).join(', ')} events/s; event loop held at most ${runs.map((run) => run.eventLoopMaxMs.toFixed(0)).join(', ')} ms`;

const database = await benchDatabase();
const pool = createPool(database.connectionString, { max: 20 });
try {
  await migrateEventStore(pool);
  const store = createEventStore({ pool });
  await seedHistory(pool, historyOfAbout(EVENTS));
  const last = (await store.readAll(null, EVENTS + 1_000)).events.at(-1)!.globalPosition;
  const loadBefore = loadavg()[0]!;
  const product: CatchUp[] = [];
  const fixed: CatchUp[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    product.push(await catchUp(pool, store, last, {}));
    fixed.push(await catchUp(pool, store, last, { batchSize: FIXED_BATCH, catchUpBatchSize: FIXED_BATCH }));
  }
  console.info(
    `catch-up: ${number.format(EVENTS)} events, ${database.describe}; load average before ${loadBefore.toFixed(2)}, after ${loadavg()[0]!.toFixed(2)}\n` +
      `catch-up:   growing batches ${describe(product)}\n` +
      `catch-up:   fixed ${FIXED_BATCH}-event batches ${describe(fixed)}`,
  );
  emitRow({
    request: `live runner catching up ${number.format(EVENTS)} events`,
    clients: null,
    perSecond: eventsPerSecond(product),
    unit: 'events',
    p50Ms: null,
    p95Ms: null,
    floorPerSecond: eventsPerSecond(fixed),
    ratio: eventsPerSecond(product) / eventsPerSecond(fixed),
    target: null,
    met: null,
    note: `floor: the same runner with fixed ${FIXED_BATCH}-event batches (medians of ${ROUNDS} alternating rounds)`,
  });
  await store.close();
} finally {
  await pool.end();
  await database.close();
}
