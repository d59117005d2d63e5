import { createTestDatabase } from '@tht/postgres/testing';
import type { EntryDetails } from '@tht/contracts';
import { startProduct } from '@tht/test-kit';
import { entryDetails, trainingEntries, type Organisation } from '@tht/test-kit/organisation';
import { benchDatabase } from './bench-postgres';
import type { LoadRequest } from './load';
import { seedOrganisation, signInEveryone, type BenchSeed, type SeededUser } from './seed';

export interface SeededProduct {
  baseUrl: string;
  /** The product's database (for a baseline sharing its PostgreSQL). */
  connectionString: string;
  users: SeededUser[];
}

/**
 * Seeds `seed` into a fresh database (`npm run seed-organisation`, read models included), starts
 * the product on it as `npm start` does (its own process), signs its people in, runs `work`, and
 * always stops and drops everything. The database is a throw-away cluster's (fsync off: reads do not depend on it), or
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
    await seedOrganisation(database.connectionString, seed.options);
    console.log('Starting the product as `npm start` does, on the seeded database...');
    const product = await startProduct({ DATABASE_URL: database.connectionString, ...env });
    try {
      const users = await signInEveryone(product.baseUrl, seed.organisation);
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
