/**
 * Where an as-of "a year back" ends in the log (issue 23): `positionOfCut` with the event store's
 * query on the chain's time index against the same found by reading the log up to the cut (what
 * the as-of did before), alternating, on the organisation benchmark's history (a year back of five
 * years: four fifths of the log are read by the second). Each round checks both find the same
 * position.
 *
 * Run: `npx tsx bench/as-of-cut.ts`. Sizes: BENCH_ORG_PEOPLE (10000), BENCH_ORG_ENTRIES (1000000),
 * BENCH_ROUNDS (3).
 */
import { createEventStore, migrateEventStore, sealChain } from '@tht/eventstore';
import { createPool } from '@tht/postgres';
import { positionOfCut, positionOfCutByReading } from 'projections';
import { benchDatabase } from './support/bench-postgres';
import { loadAverageText } from './support/report';
import { secondsSince } from './support/seed';
import { seedSampleOrganisation } from './support/sample-organisation';

const PEOPLE = Number(process.env.BENCH_ORG_PEOPLE ?? 10_000);
const ENTRIES = Number(process.env.BENCH_ORG_ENTRIES ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const NOW = new Date();

const database = await benchDatabase();
const pool = createPool(database.connectionString, { max: 4 });
const store = createEventStore({ pool });
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
} finally {
  await store.close();
  await pool.end();
  await database.close();
}
