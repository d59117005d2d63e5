/**
 * Where an as-of "a year back" ends in the log (issue 23): `positionOfCut` with the event store's
 * query on the chain's time index against the same found by reading the log up to the cut (what
 * the as-of did before), alternating, on the organisation benchmark's history (a year back of five
 * years: four fifths of the log are read by the second). Each round checks both find the same
 * position.
 *
 * Then the read models as of that cut (issue 33, decisions 050 and 061), as the API builds them
 * on its three connections: replayed from the log's start, then (once `takeSnapshots` has taken the snapshots,
 * timed, with their size on disk) from the nearest snapshot, and from a snapshot at its worst (the
 * cut one event short of the next snapshot); each from-snapshot replay is checked equal to the one
 * from the start. The plan of the cut's query on the chain's time index is printed.
 *
 * Run: `npx tsx bench/as-of-cut.ts`. Sizes: BENCH_ORG_PEOPLE (10000), BENCH_ORG_ENTRIES (1000000),
 * BENCH_ROUNDS (3), BENCH_SNAPSHOT_EVERY (SNAPSHOT_EVERY, 20000). A quick run:
 * `BENCH_ORG_PEOPLE=1000 BENCH_ORG_ENTRIES=200000 BENCH_ROUNDS=1 npx tsx bench/as-of-cut.ts`.
 */
import { createEventStore, migrateEventStore, sealChain } from '@tht/eventstore';
import { createPool } from '@tht/postgres';
import type { EventStore } from '@tht/eventstore';
import {
  asOfProjectors,
  positionOfCut,
  positionOfCutByReading,
  replayAside,
  SNAPSHOT_EVERY,
  snapshotsSize,
  takeSnapshots,
} from 'projections';
import { readModelSnapshot } from 'projections/testing/read-model-snapshot';
import { createDb } from '@tht/postgres';
import type pg from 'pg';
import { benchDatabase } from './support/bench-postgres';
import { loadAverageText } from './support/report';
import { secondsSince } from './support/seed';
import { seedSampleOrganisation } from './support/sample-organisation';

const PEOPLE = Number(process.env.BENCH_ORG_PEOPLE ?? 10_000);
const ENTRIES = Number(process.env.BENCH_ORG_ENTRIES ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const EVERY = Number(process.env.BENCH_SNAPSHOT_EVERY ?? SNAPSHOT_EVERY);
const NOW = new Date();
/** As the API's as-of replays: a pool of three connections of their own (one holds the replay's lock). */
const AS_OF_CONNECTIONS = 3;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The read models as of `position` replayed aside into `schema`, timed, as the API replays them: its two connections, its read models. */
async function timedReplay(replayPool: pg.Pool, store: EventStore, position: string, schema: string, fromSnapshot: boolean) {
  const started = performance.now();
  let indexing = 0;
  const result = await replayAside({
    pool: replayPool,
    store,
    projectors: asOfProjectors,
    until: { position },
    schema,
    fromSnapshot,
    onProgress: ({ phase }) => (indexing ||= phase === 'indexing' ? performance.now() : 0),
  });
  const seconds = secondsSince(started);
  // The replay's own seconds start once the schema is migrated and seeded, and end with its indexes.
  const copying = seconds - result.seconds;
  const indexes = (performance.now() - indexing) / 1000;
  return { result, seconds, breakdown: { copying, replaying: seconds - copying - indexes, indexes } };
}

function replayLine(label: string, { result, seconds, breakdown }: Awaited<ReturnType<typeof timedReplay>>): string {
  const from = result.snapshot ? `from the snapshot at ${result.snapshot}` : "from the log's start";
  const parts = `schema and snapshot copy ${breakdown.copying.toFixed(1)} s, replay ${breakdown.replaying.toFixed(1)} s, indexes ${breakdown.indexes.toFixed(1)} s`;
  return `  ${label}: ${seconds.toFixed(1)} s (${parts}), ${result.events} events replayed ${from} (${loadAverageText()})`;
}

/** The size of a schema's tables on disk, indexes and TOAST included. */
async function schemaBytes(pool: pg.Pool, schema: string): Promise<number> {
  const { rows } = await pool.query<{ bytes: string }>(
    `SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0)::text AS bytes FROM pg_class c
      WHERE c.relnamespace = to_regnamespace($1) AND c.relkind = 'r'`,
    [schema],
  );
  return Number(rows[0]!.bytes);
}

/** The five largest tables of a schema, with their rows and size on disk. */
async function largestTables(pool: pg.Pool, schema: string): Promise<string> {
  const { rows } = await pool.query<{ name: string; bytes: string }>(
    `SELECT c.relname AS name, pg_total_relation_size(c.oid)::text AS bytes FROM pg_class c
      WHERE c.relnamespace = to_regnamespace($1) AND c.relkind = 'r' ORDER BY pg_total_relation_size(c.oid) DESC LIMIT 5`,
    [schema],
  );
  const described = rows.map(async ({ name, bytes }) => {
    const { rows: counted } = await pool.query<{ count: string }>(`SELECT count(*)::text AS count FROM "${schema}"."${name}"`);
    return `${name} ${counted[0]!.count} rows, ${mb(Number(bytes))}`;
  });
  return (await Promise.all(described)).join('; ');
}

/** Fails unless the read models of both schemas are equal, row for row. */
async function expectEqual(pool: pg.Pool, fromStart: string, fromSnapshot: string): Promise<void> {
  const db = createDb(pool);
  const [expected, actual] = [await readModelSnapshot(db, fromStart), await readModelSnapshot(db, fromSnapshot)];
  for (const table of Object.keys(expected))
    if (JSON.stringify(expected[table]) !== JSON.stringify(actual[table]))
      throw new Error(`${fromSnapshot}.${table} differs from the replay from the log's start`);
}

/** The plan of the cut's first query (postgres-cut.ts): a range of the chain's time index after the cut, read from the index alone. */
async function cutPlan(pool: pg.Pool, cut: Date): Promise<string> {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF, SUMMARY ON)
      SELECT min(sequence + 0) FROM eventstore.chain WHERE occurred_at > $1 AND sequence <= (SELECT max(sequence) FROM eventstore.chain)`,
    [cut.toISOString()],
  );
  return rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n');
}

/** The read models as of `position` with and without snapshots, and the snapshots' cost. */
async function fromSnapshots(pool: pg.Pool, store: EventStore, replayPool: pg.Pool, position: string): Promise<void> {
  const fromStart = await timedReplay(replayPool, store, position, 'read_models_asof_bench_start', false);
  console.log(replayLine('as of a year back, no snapshots', fromStart));

  const taking = performance.now();
  const taken = (await takeSnapshots({ pool: replayPool, store, every: EVERY }))!;
  const takingSeconds = secondsSince(taking);
  const size = await snapshotsSize(createDb(pool));
  const liveSize = await schemaBytes(pool, 'read_models_asof_bench_start');
  console.log(
    `  snapshots: ${taken.length} every ${EVERY} events taken in ${takingSeconds.toFixed(1)} s (${loadAverageText()}); ` +
      `${mb(size.bytes)} on disk, against ${mb(liveSize)} for the read models a year back (${(size.bytes / liveSize).toFixed(2)}x)`,
  );

  const withSnapshot = await timedReplay(replayPool, store, position, 'read_models_asof_bench_snapshot', true);
  console.log(replayLine('as of a year back, from a snapshot', withSnapshot));
  console.log(`  the largest tables copied from the snapshot: ${await largestTables(pool, 'read_models_asof_bench_snapshot')}`);
  await expectEqual(pool, 'read_models_asof_bench_start', 'read_models_asof_bench_snapshot');

  // At its worst: one event short of the next snapshot, EVERY - 1 events to replay.
  const worstCut = (await store.readAll(withSnapshot.result.snapshot, EVERY - 1)).lastPosition!;
  const worstFromStart = await timedReplay(replayPool, store, worstCut, 'read_models_asof_bench_start', false);
  const worst = await timedReplay(replayPool, store, worstCut, 'read_models_asof_bench_snapshot', true);
  console.log(replayLine('one event short of the next snapshot, from a snapshot', worst));
  await expectEqual(pool, 'read_models_asof_bench_start', 'read_models_asof_bench_snapshot');
  console.log(
    `as-of read models a year back: ${fromStart.seconds.toFixed(1)} s from the log's start, ${withSnapshot.seconds.toFixed(1)} s from a snapshot, ` +
      `${worst.seconds.toFixed(1)} s at worst (${worstFromStart.seconds.toFixed(1)} s without); snapshots ${mb(size.bytes)}, taken in ${takingSeconds.toFixed(1)} s`,
  );
}

const database = await benchDatabase();
const pool = createPool(database.connectionString, { max: 4 });
const store = createEventStore({ pool });
const replayPool = createPool(database.connectionString, { max: AS_OF_CONNECTIONS });
const replayStore = createEventStore({ pool: replayPool });
try {
  await migrateEventStore(pool);
  const seeding = performance.now();
  const events = await seedSampleOrganisation(pool, { people: PEOPLE, entries: ENTRIES, now: NOW });
  await sealChain(pool, 10_000);
  await pool.query('VACUUM ANALYZE eventstore.chain');
  console.log(`as-of cut: ${events} events seeded and sealed in ${secondsSince(seeding).toFixed(0)} s; ${database.describe}`);

  const cut = { recordedBy: new Date(NOW.getTime() - 365 * 86_400_000) };
  const timings = { query: [] as number[], reading: [] as number[] };
  for (let round = 1; round <= ROUNDS; round++) {
    const started = { query: performance.now(), reading: 0 };
    const byQuery = await positionOfCut(store, cut);
    const query = secondsSince(started.query);
    started.reading = performance.now();
    const byReading = await positionOfCutByReading(store, cut);
    const reading = secondsSince(started.reading);
    if (byQuery !== byReading) throw new Error(`round ${round}: the query found ${byQuery}, reading the log ${byReading}`);
    timings.query.push(query);
    timings.reading.push(reading);
    console.log(
      `  round ${round} (${loadAverageText()}): query ${(query * 1000).toFixed(0)} ms, reading the log ${reading.toFixed(1)} s, both at ${byQuery}`,
    );
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `as-of cut a year back of ${events} events: query ${(median(timings.query) * 1000).toFixed(0)} ms vs reading ${median(timings.reading).toFixed(1)} s (medians)`,
  );
  console.log(`  the cut's query on the chain's time index:\n${await cutPlan(pool, cut.recordedBy)}`);
  await fromSnapshots(pool, replayStore, replayPool, await positionOfCut(store, cut));
} finally {
  await replayStore.close();
  await store.close();
  await replayPool.end();
  await pool.end();
  await database.close();
}
