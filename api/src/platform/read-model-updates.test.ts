import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { READ_MODELS_CHANNEL } from 'projections';
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

  it('reports every notification, and a lost connection until it is listening again', async () => {
    const connections: boolean[] = [];
    let updates = 0;
    const watch = watchReadModelUpdates(
      database.pool,
      { onUpdate: () => (updates += 1), onConnectionChange: (connected) => connections.push(connected) },
      createLogger('silent'),
    );
    try {
      expect(await until(() => connections.at(-1) === true)).toBe(true);
      await database.pool.query(`SELECT pg_notify('${READ_MODELS_CHANNEL}', '')`);
      expect(await until(() => updates === 1)).toBe(true);

      await database.pool.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN ${READ_MODELS_CHANNEL}'`,
      );
      expect(await until(() => connections.includes(false))).toBe(true);
      expect(await until(() => connections.at(-1) === true)).toBe(true);

      await database.pool.query(`SELECT pg_notify('${READ_MODELS_CHANNEL}', '')`);
      expect(await until(() => updates === 2)).toBe(true);
    } finally {
      await watch.stop();
    }
  });
});
