import { entryStream, fullName, userStream, type AccountEventData } from '@tht/contracts';
import {
  createEventStore,
  createPersonalData,
  migrateEventStore,
  recordLogWrittenSealed,
  sealChain,
  type EventStore,
  type PersonalData,
} from '@tht/eventstore';
import { createDb } from '@tht/postgres';
import {
  describeOrganisation,
  emailOf,
  entryDetails,
  organisationHistory,
  seedHistory,
  trainingEntries,
  type Organisation,
  type OrganisationSize,
  type Period,
  type StoredForm,
} from '@tht/test-kit/organisation';
import type pg from 'pg';
import { allProjectors, migrateReadModels, rebuildReadModels } from 'projections';
import { hashPassword } from '../auth/passwords';
import { metadataFor, systemActor } from '../platform/commands';
import { OperatorRefusal } from '../platform/command-line';
import { createIdAllocator, migrateIds, type IdAllocator } from '../platform/ids';

/** Appends in flight at once (and the seeding pool's connections, two more). */
export const SEED_CONCURRENCY = 16;
/** Events a transaction when sealing a history written in bulk (the product's sealer follows appends in smaller ones). */
const SEAL_BATCH = 10_000;

export interface SampleOrganisationOptions {
  size: OrganisationSize;
  /** The entries' dates; a whole history starts at `from` and ends at `to`. */
  period: Period;
  seed: number;
  /** Everyone's password. */
  password: string;
  /**
   * `accounts`: each person's account and their logged entries, appended through the event store
   * one stream each, as the API writes them. `history`: the organisation's whole history (departments,
   * the custom field, edits, deletions, sign-ins, password and name changes) written into the event
   * store's tables in bulk, then sealed into the audit chain.
   */
  content: 'accounts' | 'history';
  /** Build the read models from the log (false leaves it to the product's start or `npm run rebuild`). */
  readModels: boolean;
  orgEmailDomain: string;
}

export interface SeededOrganisation {
  people: number;
  events: number;
  /** Seconds spent writing the events, sealing them (a history only) and building the read models. */
  seconds: { write: number; seal: number; readModels: number };
}

const secondsSince = (since: number) => (performance.now() - since) / 1000;

async function refuseUnlessEmpty(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ used: boolean }>('SELECT EXISTS (SELECT 1 FROM eventstore.events) AS used');
  if (rows[0]!.used)
    throw new OperatorRefusal(
      'This database already holds events: npm run seed-organisation fills only an empty one. Point DATA_DIR or DATABASE_URL at an empty database.',
    );
}

function userCreated(organisation: Organisation, userIds: readonly number[], index: number, passwordHash: string, domain: string) {
  const person = organisation.people[index]!;
  const manager = person.managerIndex === null ? null : organisation.people[person.managerIndex]!;
  const data: AccountEventData['UserCreated'] = {
    userId: userIds[index]!,
    email: emailOf(person, domain),
    firstName: person.firstName,
    lastName: person.lastName,
    role: person.role,
    managerId: manager && userIds[manager.index]!,
    managerName: manager && fullName(manager),
    department: person.department,
    passwordHash,
    firstLoginRequired: false,
  };
  return { type: 'UserCreated', data };
}

/** Appends one event as the system, now. */
async function appendNew(store: EventStore, stream: string, event: { type: string; data: object }): Promise<string> {
  const metadata = metadataFor(systemActor(), event, new Date().toISOString());
  return (await store.append(stream, [{ ...event, metadata }], 'no_stream')).lastGlobalPosition;
}

/** Runs `work` `SEED_CONCURRENCY` times at once, each taking the next of `items` until none is left (read as they come). */
async function drainConcurrently<T>(items: Iterator<T>, work: (item: T) => Promise<void>): Promise<void> {
  const worker = async () => {
    for (let next = items.next(); !next.done; next = items.next()) await work(next.value);
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
}

/** Each person's `UserCreated`, then their entries' `EntryLogged`, as many appends at a time as there are connections. */
async function appendAccountsAndEntries(
  store: EventStore,
  ids: IdAllocator,
  organisation: Organisation,
  options: SampleOrganisationOptions,
): Promise<number> {
  const passwordHash = await hashPassword(options.password);
  const userIds = await ids.nextMany('user', organisation.people.length);
  await drainConcurrently(userIds.keys(), async (index) => {
    await appendNew(
      store,
      userStream(userIds[index]!),
      userCreated(organisation, userIds, index, passwordHash, options.orgEmailDomain),
    );
  });
  let entries = 0;
  const logged = trainingEntries(organisation, { period: options.period, seed: options.seed });
  await drainConcurrently(logged[Symbol.iterator](), async (entry) => {
    const entryId = await ids.next('entry');
    const data = { ...entryDetails(organisation, entry), entryId, userId: userIds[entry.person.index]! };
    await appendNew(store, entryStream(entryId), { type: 'EntryLogged', data });
    entries += 1;
  });
  return userIds.length + entries;
}

/** Events as the product's store writes them: personal values sealed, addresses in stream names hashed. */
const storedFormOf = (personal: PersonalData): StoredForm => ({
  data: async (events) => (await personal.sealStored(events)).map((event) => event.data),
  streamName: (stream) => personal.storedStreamName(stream),
});

/** The organisation's whole history with the product's ids, written in bulk in the stored form; returns its number of events. */
async function writeHistory(
  pool: pg.Pool,
  personal: PersonalData,
  ids: IdAllocator,
  organisation: Organisation,
  options: SampleOrganisationOptions,
) {
  const history = organisationHistory(organisation, {
    ids: {
      people: await ids.nextMany('user', organisation.people.length),
      departments: await ids.nextMany('department', organisation.departments.length),
      entries: await ids.nextMany('entry', organisation.size.entries),
    },
    passwordHash: await hashPassword(options.password),
    from: options.period.from,
    to: options.period.to,
    seed: options.seed,
  });
  return seedHistory(pool, history.appends(), { timeOf: history.timeOf, storedForm: storedFormOf(personal) });
}

/**
 * `npm run seed-organisation`: the test kit's sample organisation of any size (up to the
 * benchmark's 10,000 people and 2,000,000 entries) written into an empty event store with the
 * product's password hashing, event metadata and ids, streamed as it is generated (memory stays
 * flat), then the read models built from the log as `npm run rebuild` does. On `pool` (which may
 * skip the disk flush per commit: a sample is made again, not recovered).
 */
export async function seedSampleOrganisation(pool: pg.Pool, options: SampleOrganisationOptions): Promise<SeededOrganisation> {
  const db = createDb(pool);
  await migrateEventStore(pool);
  await migrateIds(db);
  await migrateReadModels(db, allProjectors);
  await refuseUnlessEmpty(pool);
  const organisation = describeOrganisation(options.size);
  const ids = createIdAllocator(db);
  const personal = createPersonalData(pool);
  const store = createEventStore({ pool, personalData: personal });
  try {
    const writing = performance.now();
    const events =
      options.content === 'history'
        ? await writeHistory(pool, personal, ids, organisation, options)
        : await appendAccountsAndEntries(store, ids, organisation, options);
    // Written as this release stores events: its first start has no log in clear to upgrade.
    await recordLogWrittenSealed(pool);
    const write = secondsSince(writing);
    const sealing = performance.now();
    if (options.content === 'history') await sealChain(pool, SEAL_BATCH);
    const seal = secondsSince(sealing);
    const building = performance.now();
    if (options.readModels) await rebuildReadModels({ pool, store, projectors: allProjectors });
    return { people: organisation.people.length, events, seconds: { write, seal, readModels: secondsSince(building) } };
  } finally {
    await store.close();
  }
}
