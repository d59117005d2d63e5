import { createEventStore, migrateEventStore } from '@tht/eventstore';
import { createDb } from '@tht/postgres';
import type pg from 'pg';
import { allProjectors, createReadModelWaiter, migrateReadModels, startProjectionRunner } from 'projections';
import type { AppConfig } from '../config';
import type { AppContext } from './context';
import { createIdAllocator, migrateIds } from './ids';
import type { Logger } from './logger';

export interface Runtime {
  ctx: AppContext;
  /** Stops the projection runner and the event store; the pool belongs to the caller. */
  stop(): Promise<void>;
}

/**
 * Everything behind the HTTP layer, on an open pool: event store, id sequences and read models
 * migrated, the read-model waiter, and the projection runner in this process.
 */
export async function startRuntime(config: AppConfig, pool: pg.Pool, log: Logger): Promise<Runtime> {
  const db = createDb(pool);
  const store = createEventStore({ pool, eventstoreUrl: config.eventstoreUrl });
  if (!config.eventstoreUrl) await migrateEventStore(pool);
  await migrateIds(db);
  await migrateReadModels(db, allProjectors);
  const waiter = createReadModelWaiter(pool);
  const runner = startProjectionRunner({ pool, store, projectors: allProjectors });
  const ctx: AppContext = {
    config,
    store,
    pool,
    db,
    ids: createIdAllocator(db),
    readModels: { waitFor: (position, timeoutMs) => waiter.waitFor(position, timeoutMs), ready: () => runner.isCaughtUp() },
    log,
  };
  return {
    ctx,
    async stop() {
      await runner.stop();
      await waiter.close();
      await store.close();
    },
  };
}
