import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { READ_MODELS_CHANNEL, type ChangedTables } from 'projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { watchReadModelUpdates } from './read-model-updates';

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
}

describe('watchReadModelUpdates', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('reports every notification with the tables it names, and a lost connection until it is listening again', async () => {
    const connections: boolean[] = [];
    const updates: ChangedTables[] = [];
    const watch = watchReadModelUpdates(
      database.pool,
      { onUpdate: (changed) => updates.push(changed), onConnectionChange: (connected) => connections.push(connected) },
      createLogger('silent'),
    );
    try {
      expect(await until(() => connections.at(-1) === true)).toBe(true);
      await database.pool.query(`SELECT pg_notify('${READ_MODELS_CHANNEL}', 'tables:entries,users')`);
      await database.pool.query(`SELECT pg_notify('${READ_MODELS_CHANNEL}', 'tables:')`);
      await database.pool.query(`SELECT pg_notify('${READ_MODELS_CHANNEL}', '')`);
      expect(await until(() => updates.length === 3)).toBe(true);
      expect(updates).toEqual([new Set(['entries', 'users']), new Set(), null]);

      await database.pool.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN ${READ_MODELS_CHANNEL}'`,
      );
      expect(await until(() => connections.includes(false))).toBe(true);
      expect(await until(() => connections.at(-1) === true)).toBe(true);

      await database.pool.query(`SELECT pg_notify('${READ_MODELS_CHANNEL}', '')`);
      expect(await until(() => updates.length === 4)).toBe(true);
    } finally {
      await watch.stop();
    }
  });
});
