import { randomBytes } from 'node:crypto';
import { createTestDatabase } from '@tht/postgres/testing';
import type { EntryDetails } from '@tht/contracts';
import { startProduct } from '@tht/test-kit';
import { entryDetails, trainingEntries, type Organisation } from '@tht/test-kit/organisation';
import { benchDatabase } from './bench-postgres';
import type { LoadRequest } from './load';
import { seedThroughEventStore, type BenchSeed, type SeededUser } from './seed';

export interface SeededProduct {
  baseUrl: string;
  /** The product's database (for a baseline sharing its PostgreSQL). */
  connectionString: string;
  users: SeededUser[];
}

/**
 * Starts the product as `npm start` does (its own process) on a fresh database, seeds `seed`
 * through the event store, waits for the projections, runs `work`, and always stops and drops
 * everything. The database is a throw-away cluster's (fsync off: reads do not depend on it), or
 * with `durable` one with the product's own settings (fsync on: writes do).
 */
export async function withSeededProduct(
  seed: BenchSeed,
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
      const users = await seedThroughEventStore(database.connectionString, jwtSecret, seed);
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

/**
 * `count` requests `POST /api/entries` of the organisation's people, each logging an entry of
 * this year (with `details` changed) for themself as the seeded user.
 */
export function entryWrites(
  organisation: Organisation,
  users: readonly SeededUser[],
  { count, seed, details = {} }: { count: number; seed: number; details?: Partial<EntryDetails> },
): LoadRequest[] {
  const now = new Date();
  const period = { from: new Date(Date.UTC(now.getUTCFullYear(), 0, 1)), to: now };
  return Array.from(trainingEntries(organisation, { period, count, seed }), (entry) => {
    const user = users[entry.person.index]!;
    const body = { ...entryDetails(organisation, entry), ...details, userId: user.id };
    return { method: 'POST', path: '/api/entries', headers: signedInAs(user, true), body: JSON.stringify(body) };
  });
}
