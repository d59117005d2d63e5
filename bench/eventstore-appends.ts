/**
 * Event store append throughput: `npx tsx bench/eventstore-appends.ts` (or `npm run bench --
 * eventstore-appends`). On the PostgreSQL event store with durable settings (or DATABASE_URL):
 *   - one writer appending single-event commands one after another (latency-bound);
 *   - 20 concurrent writers appending 10-event batches to their own streams (target >= 10,000
 *     events/s).
 * Sizes: BENCH_SINGLE_APPENDS (default 2,000), BENCH_BATCH_APPENDS per writer (default 250).
 */
import { createEventStore, migrateEventStore, type EventStore } from '@tht/eventstore';
import { createPool } from '@tht/postgres';
import { benchDatabase } from './support/bench-postgres';
import { entryLogged } from './support/entry-event';

const SINGLE_APPENDS = Number(process.env.BENCH_SINGLE_APPENDS ?? 2_000);
const BATCH_APPENDS = Number(process.env.BENCH_BATCH_APPENDS ?? 250);
const WRITERS = 20;
const BATCH = 10;
const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

async function oneWriter(store: EventStore): Promise<void> {
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < SINGLE_APPENDS; i++) {
    const before = performance.now();
    await store.append(`entry-single-${i}`, [entryLogged(i)], 'no_stream');
    latencies.push(performance.now() - before);
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.floor(q * (latencies.length - 1))]!.toFixed(2);
  console.info(
    `eventstore-appends: 1 writer, single-event appends: ${number.format(SINGLE_APPENDS / seconds)} events/s (p50 ${p(0.5)} ms, p95 ${p(0.95)} ms)`,
  );
}

async function twentyWriters(store: EventStore): Promise<void> {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      let version: number | 'no_stream' = 'no_stream';
      for (let i = 0; i < BATCH_APPENDS; i++) {
        const events = Array.from({ length: BATCH }, (_, k) => entryLogged(i * BATCH + k));
        version = (await store.append(`user-batch-${writer}`, events, version)).nextExpectedVersion;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const events = WRITERS * BATCH_APPENDS * BATCH;
  console.info(
    `eventstore-appends: ${WRITERS} writers, ${BATCH}-event appends: ${number.format(events / seconds)} events/s ` +
      `(${number.format(events)} events in ${seconds.toFixed(2)}s; target >= 10,000)`,
  );
}

const database = await benchDatabase();
const pool = createPool(database.connectionString, { max: WRITERS });
try {
  await migrateEventStore(pool);
  const store = createEventStore({ pool });
  console.info(`eventstore-appends: ${database.describe}`);
  await oneWriter(store);
  await twentyWriters(store);
  await store.close();
} finally {
  await pool.end();
  await database.close();
}
