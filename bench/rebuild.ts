/**
 * Rebuild throughput: `npx tsx bench/rebuild.ts` (or `npm run bench -- rebuild`). Appends a
 * realistic history of the product's real events (BENCH_REBUILD_EVENTS, default 200,000) to the
 * PostgreSQL event store, then times `rebuildReadModels` into every read model of the product and
 * prints events per second (target: at least 50,000), with the time spent in each projector.
 */
import { createEventStore, migrateEventStore, type RecordedEvent } from '@tht/eventstore';
import { createDb, createPool } from '@tht/postgres';
import type { Transaction } from 'kysely';
import { allProjectors, migrateReadModels, rebuildReadModels, type Projector } from 'projections';
import { appendHistory, sampleHistory } from '../projections/src/framework/testing/sample-history';
import { benchDatabase } from './support/bench-postgres';

const EVENTS = Number(process.env.BENCH_REBUILD_EVENTS ?? 200_000);
const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** The same projector, timing its `project` calls. */
function timed(projector: Projector, spent: Map<string, number>): Projector {
  return {
    name: projector.name,
    migrate: (db, schema) => projector.migrate(db, schema),
    async project(trx: Transaction<any>, schema: string, events: readonly RecordedEvent[]) {
      const started = performance.now();
      await projector.project(trx, schema, events);
      spent.set(projector.name, (spent.get(projector.name) ?? 0) + performance.now() - started);
    },
  };
}

const database = await benchDatabase();
const pool = createPool(database.connectionString, { max: 20 });
try {
  await migrateEventStore(pool);
  await migrateReadModels(createDb(pool), allProjectors);
  const store = createEventStore({ pool });

  // Seeding is not what is measured: its commits need not wait for the disk.
  const seedPool = createPool(database.connectionString, { max: 16, options: '-c synchronous_commit=off' });
  const seedStore = createEventStore({ pool: seedPool });
  const seeding = performance.now();
  await appendHistory(seedStore, sampleHistory(EVENTS), 16);
  await seedStore.close();
  await seedPool.end();
  const total = await store.countAll!();
  console.info(`rebuild: ${database.describe}; seeded ${number.format(total)} events in ${((performance.now() - seeding) / 1000).toFixed(1)}s`);

  const spent = new Map<string, number>();
  const result = await rebuildReadModels({ pool, store, projectors: allProjectors.map((p) => timed(p, spent)) });
  console.info(
    `rebuild: ${number.format(result.events)} events into ${allProjectors.length} read models in ${result.seconds.toFixed(2)}s = ` +
      `${number.format(result.eventsPerSecond)} events/s (target >= 50,000)`,
  );
  for (const [name, ms] of spent) console.info(`rebuild:   ${name.padEnd(12)} ${(ms / 1000).toFixed(2)}s in project()`);
  await store.close();
} finally {
  await pool.end();
  await database.close();
}
