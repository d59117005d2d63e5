import { entryStream, fullName, userStream, type AccountEventData } from '@tht/contracts';
import { createEventStore, type EventStore } from '@tht/eventstore';
import { createDb, createPool } from '@tht/postgres';
import {
  describeOrganisation,
  emailOf,
  entryDetails,
  ORGANISATION_SIZES,
  trainingEntries,
  type Organisation,
  type TrainingEntry,
} from '@tht/test-kit/organisation';
import { createReadModelWaiter } from 'projections';
import { hashPassword } from '../../api/src/auth/passwords';
import { newSessionId, signAuthToken } from '../../api/src/auth/tokens';
import { parseSettings } from '../../api/src/config';
import { metadataFor, systemActor } from '../../api/src/platform/commands';
import { createIdAllocator, type IdAllocator } from '../../api/src/platform/ids';

/**
 * Seeding a benchmark's data through the event store (one stream per user and per entry, as the
 * API writes them), then waiting for the product's projections to build the read models.
 */

const SEED_CONCURRENCY = 16;
/** The tokens handed to the benchmark's users live as long as the product's defaults allow. */
const { sessionLifetime } = parseSettings({});

export async function concurrently(count: number, concurrency: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

export const secondsSince = (since: number) => (performance.now() - since) / 1000;

export interface SeededUser {
  id: number;
  /** A sign-in token of the user, made with the product's JWT secret. */
  token: string;
  firstName: string;
  lastName: string;
}

/** What a benchmark seeds: an organisation of the test kit and its entries (generated as they are appended). */
export interface BenchSeed {
  organisation: Organisation;
  entries: Iterable<TrainingEntry>;
}

/** The e-mail domain of the seeded people. */
export const BENCH_DOMAIN = 'example.com';

/**
 * The test kit's benchmark organisation with `people` people (managers of teams of `teamSize`, the SMT
 * director, an admin and HR among them) and `entries` entries logged from the first of `years`
 * up to now or the end of the last.
 */
export function benchSeed({
  people,
  entries,
  years,
  seed,
  teamSize = ORGANISATION_SIZES.benchmark.teamSize,
}: {
  people: number;
  entries: number;
  years: readonly number[];
  seed: number;
  teamSize?: number;
}): BenchSeed {
  const organisation = describeOrganisation({ ...ORGANISATION_SIZES.benchmark, people, entries, teamSize });
  const to = new Date(Math.min(Date.now(), Date.UTC(years.at(-1)! + 1, 0, 1) - 1));
  const period = { from: new Date(Date.UTC(years[0]!, 0, 1)), to };
  return { organisation, entries: trainingEntries(organisation, { period, seed }) };
}

interface Seeder {
  store: EventStore;
  ids: IdAllocator;
}

async function seedUsers({ store, ids }: Seeder, { people }: Organisation, jwtSecret: string): Promise<SeededUser[]> {
  const passwordHash = await hashPassword('bench-password-1');
  const userIds: number[] = [];
  for (let index = 0; index < people.length; index += 1) userIds.push(await ids.next('user'));
  await concurrently(people.length, SEED_CONCURRENCY, async (index) => {
    const [person, userId] = [people[index]!, userIds[index]!];
    const manager = person.managerIndex === null ? null : people[person.managerIndex]!;
    const data: AccountEventData['UserCreated'] = {
      userId,
      email: emailOf(person, BENCH_DOMAIN),
      firstName: person.firstName,
      lastName: person.lastName,
      role: person.role,
      managerId: manager && userIds[manager.index]!,
      managerName: manager && fullName(manager),
      department: person.department,
      passwordHash,
      firstLoginRequired: false,
    };
    const created = { type: 'UserCreated', data };
    await store.append(
      userStream(userId),
      [{ ...created, metadata: metadataFor(systemActor(), created, new Date().toISOString()) }],
      'no_stream',
    );
  });
  return userIds.map((id, index) => ({
    id,
    token: signAuthToken({ id, token_version: 0 }, { id: newSessionId() }, { jwtSecret, sessionLifetime }).token,
    firstName: people[index]!.firstName,
    lastName: people[index]!.lastName,
  }));
}

/** Appends the entries, as many at a time as there are connections; returns the global position of the last one and their number. */
async function seedEntries(
  { store, ids }: Seeder,
  { organisation, entries }: BenchSeed,
  users: readonly SeededUser[],
): Promise<{ lastPosition: string; count: number }> {
  let lastPosition = '';
  let count = 0;
  const iterator = entries[Symbol.iterator]();
  const appender = async () => {
    for (let next = iterator.next(); !next.done; next = iterator.next()) {
      count += 1;
      const details = entryDetails(organisation, next.value);
      const entryId = await ids.next('entry');
      const data = { ...details, entryId, userId: users[next.value.person.index]!.id };
      const logged = { type: 'EntryLogged', data };
      const result = await store.append(
        entryStream(entryId),
        [{ ...logged, metadata: metadataFor(systemActor(), logged, new Date().toISOString()) }],
        'no_stream',
      );
      if (result.lastGlobalPosition > lastPosition) lastPosition = result.lastGlobalPosition;
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, appender));
  return { lastPosition, count };
}

/**
 * Seeds the organisation and its entries through the event store on connections with
 * synchronous_commit off (the same adapter and statements, without a disk flush per event; the
 * product's own connections stay durable) and waits until the product's projections include all of it.
 */
export async function seedThroughEventStore(connectionString: string, jwtSecret: string, seed: BenchSeed): Promise<SeededUser[]> {
  const pool = createPool(connectionString, { max: SEED_CONCURRENCY + 2, options: '-c synchronous_commit=off' });
  const seeder = { store: createEventStore({ pool }), ids: createIdAllocator(createDb(pool)) };
  const waiter = createReadModelWaiter(pool);
  try {
    const started = performance.now();
    const users = await seedUsers(seeder, seed.organisation, jwtSecret);
    const { lastPosition, count } = await seedEntries(seeder, seed, users);
    const appended = performance.now();
    if (!(await waiter.waitFor(lastPosition, 30 * 60_000))) throw new Error('the read models did not catch up with the seed');
    console.log(
      `  seeded ${users.length} users and ${count} entries in ${secondsSince(started).toFixed(1)} s ` +
        `(${Math.round((users.length + count) / ((appended - started) / 1000))} appends/s; ` +
        `the projections finished ${secondsSince(appended).toFixed(1)} s after the last append)`,
    );
    return users;
  } finally {
    await waiter.close();
    await seeder.store.close();
    await pool.end();
  }
}
