import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventStore } from './create-event-store';
import { createPersonalData } from './personal-data';
import type { EventStore, NewEvent, RecordedEvent } from './port';
import { sealChain, verifyChain } from './postgres-chain';
import { migrateEventStore } from './postgres-schema';

const NO_POLLING = 60_000;
let database: TestDatabase | undefined;
let store: EventStore | undefined;

afterEach(async () => {
  await store?.close();
  await database?.drop();
  store = database = undefined;
});

async function openStore() {
  database = await createTestDatabase();
  await migrateEventStore(database.pool);
  const personalData = createPersonalData(database.pool);
  store = createEventStore({ pool: database.pool, pollIntervalMs: NO_POLLING, personalData });
  return { pool: database.pool, store, personalData };
}

const event = (type: string, data: unknown): NewEvent => ({
  type,
  data,
  metadata: { actorId: null, correlationId: 'c', occurredAt: '2026-11-28T17:00:00.000Z', schemaVersion: 1 },
});

const ADA = { userId: 7, email: 'ada.lovelace@example.com', firstName: 'Ada', lastName: 'Lovelace', role: 'employee' };
const PROFILE = { ...ADA, managerId: 3, managerName: 'Grace Hopper', department: 'Engineering', passwordHash: null };
const ENTRY = {
  entryId: 1,
  userId: 7,
  firstName: 'Ada',
  lastName: 'Lovelace',
  managerName: 'Grace Hopper',
  notes: 'Asked Ada about engines',
  customFields: { 'Delivery format': 'Online', Mentor: 'Charles' },
  trainingName: 'Analytical engines',
  hours: '2',
  rating: 5,
};

/** Every stored text of the database's event tables, as PostgreSQL holds it. */
async function storedText(pool: TestDatabase['pool']): Promise<string> {
  const { rows } = await pool.query<{ text: string }>(
    `SELECT string_agg(stream_name || ' ' || data::text || ' ' || metadata::text, ' ') AS text FROM eventstore.events`,
  );
  const streams = await pool.query<{ text: string }>(`SELECT string_agg(stream_name, ' ') AS text FROM eventstore.streams`);
  return `${rows[0]!.text} ${streams.rows[0]!.text}`;
}

describe('personal data in the event store (decision 038)', () => {
  it('stores personal fields encrypted and e-mail streams hashed, and reads them back in clear', async () => {
    const { pool, store } = await openStore();
    await store.append('user-7', [event('UserRegistered', PROFILE)], 'no_stream');
    await store.append('email-ada.lovelace@example.com', [event('EmailReserved', { email: ADA.email, userId: 7 })], 'no_stream');
    await store.append('entry-1', [event('EntryLogged', ENTRY)], 'no_stream');

    const stored = await storedText(pool);
    for (const personal of ['Ada', 'Lovelace', 'ada.lovelace', 'Grace', 'engines about', 'Charles']) {
      expect(stored).not.toContain(personal);
    }
    expect(stored).toContain('Analytical engines');
    expect(stored).toContain('Delivery format');

    expect((await store.readStream('user-7'))[0]!.data).toEqual(PROFILE);
    expect((await store.readStream('email-ada.lovelace@example.com'))[0]!.data).toEqual({ email: ADA.email, userId: 7 });
    const { events } = await store.readAll(null, 10);
    expect(events.map((read) => read.data)).toEqual([PROFILE, { email: ADA.email, userId: 7 }, ENTRY]);
    expect(events[1]!.streamName).toMatch(/^email-[0-9a-f]{64}$/);
  });

  it('keeps uniqueness of a hashed stream name, under the name the caller used', async () => {
    const { store } = await openStore();
    await store.append('email-ada@example.com', [event('EmailReserved', { email: 'ada@example.com', userId: 7 })], 'no_stream');
    await expect(
      store.append('email-ada@example.com', [event('EmailReserved', { email: 'ada@example.com', userId: 8 })], 'no_stream'),
    ).rejects.toMatchObject({ name: 'ConcurrencyError', streamName: 'email-ada@example.com', actual: 0 });
  });

  it('reads an erased person as erased everywhere, the owner of each value deciding, and the chain still verifies', async () => {
    const { pool, store, personalData } = await openStore();
    await store.append('user-7', [event('UserRegistered', PROFILE)], 'no_stream');
    await store.append('entry-1', [event('EntryLogged', ENTRY)], 'no_stream');
    await sealChain(pool);

    await personalData.erase(7);
    // Another process, which had Ada's key cached, forgets it when it reads her erasure.
    const other = createEventStore({ pool, pollIntervalMs: NO_POLLING });
    await other.readStream('user-7');
    await store.append('user-7', [event('PersonErased', { userId: 7 })], 0);

    const fresh = createEventStore({ pool, pollIntervalMs: NO_POLLING });
    for (const reader of [store, other, fresh]) {
      const { events } = await reader.readAll(null, 10);
      expect(events[0]!.data).toEqual({
        ...PROFILE,
        email: 'erased-person-7@erased.invalid',
        firstName: 'Erased',
        lastName: 'person #7',
        managerName: 'Grace Hopper', // the manager's, not Ada's
      });
      expect(events[1]!.data).toMatchObject({
        firstName: 'Erased',
        lastName: 'person #7',
        managerName: 'Erased person #7', // typed in her own entry: hers
        notes: '[erased]',
        customFields: { 'Delivery format': '[erased]', Mentor: '[erased]' },
        trainingName: 'Analytical engines',
        hours: '2',
        rating: 5,
      });
    }
    await other.close();
    await fresh.close();
    expect(await verifyChain(pool)).toMatchObject({ ok: true, verified: 2 });
    const { rows } = await pool.query('SELECT key FROM personal_keys.person_keys WHERE user_id = 7');
    expect(rows).toEqual([{ key: null }]);
  });

  it('writes an erased owner’s value as the placeholder, never under a new key', async () => {
    const { pool, store, personalData } = await openStore();
    await personalData.erase(3);
    await store.append('user-7', [event('UserRegistered', { ...PROFILE, managerName: 'Grace Hopper' })], 'no_stream');
    expect(await storedText(pool)).not.toContain('Grace');
    expect((await store.readStream('user-7'))[0]!.data).toMatchObject({ managerName: 'Erased person #3', firstName: 'Ada' });
  });

  it('gives the event loop turns while it seals or opens a big batch, so requests are not held up', async () => {
    const { personalData } = await openStore();
    const batch = Array.from({ length: 5_000 }, (_, n) => event('EntryLogged', { ...ENTRY, entryId: n + 1 }));
    await personalData.seal(batch.slice(0, 1)); // the key is made and known: no query below gives a turn
    const stored = storedOf(await personalData.seal(batch));
    for (const work of [() => personalData.seal(batch), () => personalData.open(stored)]) {
      let turnsTaken = 0;
      let counting = true;
      const count = () => {
        if (!counting) return;
        turnsTaken += 1;
        setImmediate(count);
      };
      const done = work();
      setImmediate(count);
      await done;
      counting = false;
      // Before, thousands of AES-GCM operations ran in one go: nothing else ran until the batch was done.
      expect(turnsTaken).toBeGreaterThan(0);
    }
  });
});

/** New events as the log gives them back. */
function storedOf(events: readonly NewEvent[]): RecordedEvent[] {
  return events.map((stored, n) => ({
    ...stored,
    eventId: `e${n}`,
    streamName: `entry-${n}`,
    streamVersion: 0,
    globalPosition: String(n),
  }));
}
