import { createEventStore, migrateEventStore, type EventStore } from '@tht/eventstore';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { migrateReadModels } from '../migrate';
import type { AnyProjector } from '../projector';
import { startProjectionRunner } from '../runner';
import { createReadModelWaiter, type ReadModelWaiter } from '../waiter';

export interface LiveReadModels {
  database: TestDatabase;
  store: EventStore;
  waiter: ReadModelWaiter;
  /** Stops the runner and the waiter, closes the store and drops the database. */
  stop(): Promise<void>;
}

/**
 * A throw-away database with the PostgreSQL event store and the live read models of `projectors`,
 * kept up to date by a runner (small batches: a replay takes large ones, and both must give the
 * same rows), with a waiter for them.
 */
export async function startLiveReadModels(projectors: readonly AnyProjector[], batchSize = 50): Promise<LiveReadModels> {
  const database = await createTestDatabase();
  await migrateEventStore(database.pool);
  const store = createEventStore({ pool: database.pool });
  await migrateReadModels(database.db, projectors);
  const runner = startProjectionRunner({ pool: database.pool, store, projectors, batchSize });
  const waiter = createReadModelWaiter(database.pool, { projectorNames: projectors.map((p) => p.name) });
  return {
    database,
    store,
    waiter,
    stop: async () => {
      await runner.stop();
      await waiter.close();
      await store.close();
      await database.drop();
    },
  };
}
