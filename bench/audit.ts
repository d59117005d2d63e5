/**
 * The audit hash chain: `npx tsx bench/audit.ts` (or `npm run bench -- audit`). On the PostgreSQL
 * event store with durable settings (or DATABASE_URL):
 *   - appends with the chain vs without, in the same run: 20 writers appending 10-event batches,
 *     alone and with the sealer following them, in alternating order; appends/s of each, and the
 *     ratio of the times (target: at most 1.10x, issue 34); the best of two rounds each, plus how long the
 *     sealer needed to catch up;
 *   - `verify` of BENCH_VERIFY_EVENTS events (default 1,000,000; target under 10 s), after
 *     writing them straight into the table and sealing them (sealing time reported too).
 * Sizes: BENCH_CHAIN_APPENDS per writer (default 250), BENCH_VERIFY_EVENTS. The load average is
 * printed with each figure: figures taken while the machine is busy are not measurements.
 */
import { createEventStore, migrateEventStore, sealChain, startChainSealer, verifyChain, type EventStore } from '@tht/eventstore';
import { createPool } from '@tht/postgres';
import type pg from 'pg';
import { benchDatabase } from './support/bench-postgres';
import { entryLogged } from './support/entry-event';
import { emitRow, loadAverageText } from './support/report';

const APPENDS = Number(process.env.BENCH_CHAIN_APPENDS ?? 250);
const VERIFY_EVENTS = Number(process.env.BENCH_VERIFY_EVENTS ?? 1_000_000);
const WRITERS = 20;
const BATCH = 10;
const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const APPEND_TIME_TARGET = 1.1;
const VERIFY_SECONDS_TARGET = 10;

/** Seconds for 20 writers to append APPENDS batches each. */
async function appendRound(store: EventStore, round: string): Promise<number> {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      let version: number | 'no_stream' = 'no_stream';
      for (let i = 0; i < APPENDS; i++) {
        const events = Array.from({ length: BATCH }, (_, k) => entryLogged(i * BATCH + k));
        version = (await store.append(`bench-${round}-${writer}`, events, version)).nextExpectedVersion;
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

/** Seconds for a round with the sealer following the appends, and how long it then took to catch up. */
async function chainedRound(pool: pg.Pool, store: EventStore, round: string): Promise<{ seconds: number; catchUp: number }> {
  const sealer = startChainSealer(pool, store, (error) => console.error('sealer failed', error));
  const seconds = await appendRound(store, round);
  const appended = performance.now();
  await sealer.sealed();
  await sealer.stop();
  return { seconds, catchUp: (performance.now() - appended) / 1000 };
}

/**
 * The rounds alternate (plain first, then chained first), so neither kind always runs second, on
 * the bigger tables; each starts from a sealed log.
 */
async function appendsWithAndWithoutChain(pool: pg.Pool, store: EventStore): Promise<void> {
  const events = WRITERS * APPENDS * BATCH;
  const without: number[] = [];
  const withChain: number[] = [];
  let catchUp = 0;
  const plainRound = async (round: number) => {
    await sealChain(pool);
    without.push(await appendRound(store, `plain-${round}`));
  };
  const sealedRound = async (round: number) => {
    await sealChain(pool);
    const chained = await chainedRound(pool, store, `chained-${round}`);
    withChain.push(chained.seconds);
    catchUp = Math.max(catchUp, chained.catchUp);
  };
  for (const round of [1, 2]) {
    for (const run of round === 1 ? [plainRound, sealedRound] : [sealedRound, plainRound]) await run(round);
  }
  const [plain, chained] = [Math.min(...without), Math.min(...withChain)];
  const appends = WRITERS * APPENDS;
  const [plainRate, chainedRate] = [appends / plain, appends / chained];
  const timeRatio = chained / plain;
  console.info(
    `audit: ${WRITERS} writers, ${number.format(appends)} appends of ${BATCH} events (${number.format(events)} events): ` +
      `without the chain ${plain.toFixed(2)}s = ${number.format(plainRate)} appends/s; ` +
      `with the sealer following ${chained.toFixed(2)}s = ${number.format(chainedRate)} appends/s; ` +
      `time ratio ${timeRatio.toFixed(2)}x (target <= ${APPEND_TIME_TARGET}x); sealer caught up ${catchUp.toFixed(2)}s after the last append; ${loadAverageText()}`,
  );
  emitRow({
    request: `append (${BATCH} events) with the chain sealer following`,
    clients: WRITERS,
    perSecond: chainedRate,
    unit: 'appends',
    p50Ms: null,
    p95Ms: null,
    floorPerSecond: plainRate,
    ratio: chainedRate / plainRate,
    target: `time <= ${APPEND_TIME_TARGET}x`,
    met: timeRatio <= APPEND_TIME_TARGET,
    note: `floor: the same appends without the sealer; time ratio ${timeRatio.toFixed(2)}x`,
  });
}

/** Writes `count` events straight into the table (as appends would), in chunks. */
async function seedEvents(pool: pg.Pool, count: number): Promise<void> {
  const chunk = 100_000;
  for (let from = 0; from < count; from += chunk) {
    await pool.query(
      `INSERT INTO eventstore.events (event_id, stream_name, stream_version, type, data, metadata)
       SELECT gen_random_uuid(), 'verify-' || (n / 10), n % 10, 'EntryLogged',
              $2::jsonb || json_build_object('entryId', n)::jsonb,
              json_build_object('actorId', '1', 'correlationId', gen_random_uuid(), 'occurredAt', '2026-03-04T10:00:00.000Z', 'schemaVersion', 1)
       FROM generate_series($1::int, $1::int + $3::int - 1) AS n`,
      [from, JSON.stringify(entryLogged(0).data), Math.min(chunk, count - from)],
    );
  }
}

async function verifyMany(pool: pg.Pool): Promise<void> {
  await pool.query('TRUNCATE eventstore.events, eventstore.chain, eventstore.streams');
  let started = performance.now();
  await seedEvents(pool, VERIFY_EVENTS);
  console.info(`audit: wrote ${number.format(VERIFY_EVENTS)} events in ${((performance.now() - started) / 1000).toFixed(1)}s`);
  started = performance.now();
  await sealChain(pool, 10_000);
  console.info(`audit: sealed them in ${((performance.now() - started) / 1000).toFixed(1)}s`);
  started = performance.now();
  const result = await verifyChain(pool);
  const seconds = (performance.now() - started) / 1000;
  if (!result.ok || result.verified !== VERIFY_EVENTS)
    throw new Error(`verify did not confirm the chain: ${JSON.stringify(result)}`);
  console.info(
    `audit: verify of ${number.format(VERIFY_EVENTS)} events: ${seconds.toFixed(2)}s (${number.format(VERIFY_EVENTS / seconds)} events/s; ` +
      `target under ${VERIFY_SECONDS_TARGET} s for 1,000,000); ${loadAverageText()}`,
  );
  const targetRate = 1_000_000 / VERIFY_SECONDS_TARGET;
  emitRow({
    request: `verify of ${number.format(VERIFY_EVENTS)} chained events`,
    clients: null,
    perSecond: VERIFY_EVENTS / seconds,
    unit: 'events',
    p50Ms: null,
    p95Ms: null,
    floorPerSecond: null,
    ratio: null,
    target: `>= ${number.format(targetRate)} events/s`,
    met: VERIFY_EVENTS / seconds >= targetRate,
  });
}

const database = await benchDatabase();
// A connection per writer in both rounds, and room besides for the store's announcer and
// listener and the sealer: a pool of WRITERS + 2 made the writers wait for the sealer's connection.
const pool = createPool(database.connectionString, { max: WRITERS + 4 });
try {
  await migrateEventStore(pool);
  const store = createEventStore({ pool });
  console.info(`audit: ${database.describe}`);
  await appendsWithAndWithoutChain(pool, store);
  await store.close();
  await verifyMany(pool);
} finally {
  await pool.end();
  await database.close();
}
