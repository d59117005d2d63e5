import { entryStream, userStream, type AccountEventData, type EntryDetails, type Role } from '@tht/contracts';
import { createEventStore, type EventStore } from '@tht/eventstore';
import { createDb, createPool } from '@tht/postgres';
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

/** A small deterministic generator, so every run seeds and requests the same data. */
export function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export async function concurrently(count: number, concurrency: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

export const secondsSince = (since: number) => (performance.now() - since) / 1000;

const TRAININGS = ['Risk Management', 'Leadership', 'Excel', 'Cloud Security', 'Negotiation', 'Agile Coaching', 'Data Analytics'];

/** The details of synthetic entry `index` of `user`: a date in one of `years`, hours, rating... drawn with `next`. */
export function syntheticEntry(
  index: number,
  user: SeededUser,
  next: () => number,
  years: readonly number[],
  managerName: string,
): EntryDetails {
  const year = years[Math.floor(next() * years.length)]!;
  const month = 1 + Math.floor(next() * 12);
  const day = 1 + Math.floor(next() * 28);
  return {
    trainingName: TRAININGS[index % TRAININGS.length]!,
    date: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    firstName: user.firstName,
    lastName: user.lastName,
    managerName,
    department: 'Engineering',
    hours: String(0.25 * (1 + Math.floor(next() * 32))),
    notes: index % 3 === 0 ? 'Notes about the course and what was learned.' : '',
    rating: Math.floor(next() * 6),
    beInnovative: index % 7 === 0,
    trainingType: index % 2 === 0 ? 'internal' : 'external',
    courseGivenBy: 'Bench Academy',
    customFields: {},
  };
}

export interface SeededUser {
  id: number;
  /** A sign-in token of the user, made with the product's JWT secret. */
  token: string;
  firstName: string;
  lastName: string;
}

export interface SeedPlan {
  users: number;
  /** The role of the user at `index` and the index of their manager (null: none). */
  profileOf(index: number): { role: Role; managerIndex: number | null };
  entries: number;
  /** Entry `index`: whose it is (a user index) and its details. */
  entryOf(index: number, owner: (userIndex: number) => SeededUser): { userIndex: number; details: EntryDetails };
}

/** How many managers an organisation of `users` people has in `organisationPlan`: one for every 20. */
export const managersOf = (users: number) => Math.max(1, Math.round(users / 20));

/**
 * An organisation of `users` people, one manager for every 20 (the first users) and everyone else
 * reporting to one of them, with `roles` giving some people another role (e.g. `{ [MANAGERS]: 'hr' }`);
 * `entries` entries go round all the users, dated over `years`.
 */
export function organisationPlan({
  users,
  entries,
  years,
  roles = {},
  seed,
}: {
  users: number;
  entries: number;
  years: readonly number[];
  roles?: Readonly<Record<number, Role>>;
  seed: number;
}): SeedPlan {
  const managers = managersOf(users);
  const next = random(seed);
  return {
    users,
    profileOf: (index) => {
      if (index < managers) return { role: 'manager', managerIndex: null };
      return { role: roles[index] ?? 'employee', managerIndex: index % managers };
    },
    entries,
    entryOf: (index, owner) => {
      const userIndex = index % users;
      const manager = userIndex % managers;
      return { userIndex, details: syntheticEntry(index, owner(userIndex), next, years, `First${manager} Last${manager}`) };
    },
  };
}

interface Seeder {
  store: EventStore;
  ids: IdAllocator;
}

const nameOf = (index: number) => ({ firstName: `First${index}`, lastName: `Last${index}` });

async function seedUsers({ store, ids }: Seeder, plan: SeedPlan, jwtSecret: string): Promise<SeededUser[]> {
  const passwordHash = await hashPassword('bench-password-1');
  const userIds: number[] = [];
  for (let index = 0; index < plan.users; index += 1) userIds.push(await ids.next('user'));
  await concurrently(plan.users, SEED_CONCURRENCY, async (index) => {
    const userId = userIds[index]!;
    const { role, managerIndex } = plan.profileOf(index);
    const manager = managerIndex === null ? null : nameOf(managerIndex);
    const data: AccountEventData['UserCreated'] = {
      userId,
      email: `bench${index}@example.com`,
      ...nameOf(index),
      role,
      managerId: managerIndex === null ? null : userIds[managerIndex]!,
      managerName: manager && `${manager.firstName} ${manager.lastName}`,
      department: `Department ${index % 10}`,
      passwordHash,
      firstLoginRequired: false,
    };
    const created = { type: 'UserCreated', data };
    await store.append(userStream(userId), [{ ...created, metadata: metadataFor(systemActor(), created) }], 'no_stream');
  });
  return userIds.map((id, index) => ({
    id,
    token: signAuthToken({ id, token_version: 0 }, { id: newSessionId() }, { jwtSecret, sessionLifetime }).token,
    ...nameOf(index),
  }));
}

/** Appends the entries; returns the global position of the last one. */
async function seedEntries({ store, ids }: Seeder, plan: SeedPlan, users: readonly SeededUser[]): Promise<string> {
  let lastPosition = '';
  await concurrently(plan.entries, SEED_CONCURRENCY, async (index) => {
    const { userIndex, details } = plan.entryOf(index, (owner) => users[owner]!);
    const entryId = await ids.next('entry');
    const data = { ...details, entryId, userId: users[userIndex]!.id };
    const logged = { type: 'EntryLogged', data };
    const result = await store.append(
      entryStream(entryId),
      [{ ...logged, metadata: metadataFor(systemActor(), logged) }],
      'no_stream',
    );
    if (result.lastGlobalPosition > lastPosition) lastPosition = result.lastGlobalPosition;
  });
  return lastPosition;
}

/**
 * Seeds the plan through the event store on connections with synchronous_commit off (the same
 * adapter and statements, without a disk flush per event; the product's own connections stay
 * durable) and waits until the product's projections include all of it.
 */
export async function seedThroughEventStore(connectionString: string, jwtSecret: string, plan: SeedPlan): Promise<SeededUser[]> {
  const pool = createPool(connectionString, { max: SEED_CONCURRENCY + 2, options: '-c synchronous_commit=off' });
  const seeder = { store: createEventStore({ pool }), ids: createIdAllocator(createDb(pool)) };
  const waiter = createReadModelWaiter(pool);
  try {
    const started = performance.now();
    const users = await seedUsers(seeder, plan, jwtSecret);
    const lastPosition = await seedEntries(seeder, plan, users);
    const appended = performance.now();
    if (!(await waiter.waitFor(lastPosition, 30 * 60_000))) throw new Error('the read models did not catch up with the seed');
    console.log(
      `  seeded ${plan.users} users and ${plan.entries} entries in ${secondsSince(started).toFixed(1)} s ` +
        `(${Math.round((plan.users + plan.entries) / ((appended - started) / 1000))} appends/s; ` +
        `the projections finished ${secondsSince(appended).toFixed(1)} s after the last append)`,
    );
    return users;
  } finally {
    await waiter.close();
    await seeder.store.close();
    await pool.end();
  }
}
