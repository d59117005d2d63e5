import { randomBytes } from 'node:crypto';
import { createTestDatabase } from '@tht/postgres/testing';
import { startProduct } from '@tht/test-kit';
import { benchDatabase } from './bench-postgres';
import { seedThroughEventStore, type SeededUser, type SeedPlan } from './seed';

export interface SeededProduct {
  baseUrl: string;
  /** The product's database (for a baseline sharing its PostgreSQL). */
  connectionString: string;
  users: SeededUser[];
}

/**
 * Starts the product as `npm start` does (its own process) on a fresh database, seeds `plan`
 * through the event store, waits for the projections, runs `work`, and always stops and drops
 * everything. The database is a throw-away cluster's (fsync off: reads do not depend on it), or
 * with `durable` one with the product's own settings (fsync on: writes do).
 */
export async function withSeededProduct(
  plan: SeedPlan,
  work: (product: SeededProduct) => Promise<void>,
  { durable = false, env = {} }: { durable?: boolean; env?: Record<string, string> } = {},
): Promise<void> {
  const database = durable
    ? await benchDatabase()
    : await createTestDatabase().then((test) => ({ connectionString: test.connectionString, close: () => test.drop() }));
  try {
    const jwtSecret = randomBytes(32).toString('hex');
    console.log('Starting the product as `npm start` does, on a fresh database...');
    const product = await startProduct({ DATABASE_URL: database.connectionString, JWT_SECRET: jwtSecret, ...env });
    try {
      const users = await seedThroughEventStore(database.connectionString, jwtSecret, plan);
      await work({ baseUrl: product.baseUrl, connectionString: database.connectionString, users });
    } finally {
      await product.stop();
    }
  } finally {
    await database.close();
  }
}

/** `Bearer` authorization headers of `user`, with a JSON content type for a body. */
export const signedInAs = (user: SeededUser, json = false): Record<string, string> => ({
  authorization: `Bearer ${user.token}`,
  ...(json ? { 'content-type': 'application/json' } : {}),
});
