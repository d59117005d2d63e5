import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventStore } from './create-event-store';
import { chainHash, GENESIS_HASH } from './hash-chain';
import { createPersonalData } from './personal-data';
import { describeReseal, readReseals, sealPersonalDataOfLog } from './personal-data-upgrade';
import type { NewEvent } from './port';
import { exportChain, readChainStatus, sealChain, verifyChain, type ExportedEvent } from './postgres-chain';
import { createPostgresEventStore } from './postgres-event-store';
import { migrateEventStore } from './postgres-schema';

const NO_POLLING = 60_000;
let database: TestDatabase | undefined;

afterEach(async () => {
  await database?.drop();
  database = undefined;
});

const event = (type: string, data: unknown): NewEvent => ({
  type,
  data,
  metadata: { actorId: '1', correlationId: 'c', occurredAt: '2025-06-01T10:00:00.000Z', schemaVersion: 1 },
});

const PROFILE = {
  userId: 7,
  email: 'ada.lovelace@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'employee',
  managerId: 3,
  managerName: 'Grace Hopper',
  department: 'Engineering',
  passwordHash: 'hash',
  firstLoginRequired: true,
};
const RESERVED = { email: 'ada.lovelace@example.com', userId: 7 };
const ENTRY = {
  entryId: 1,
  userId: 7,
  firstName: 'Ada',
  lastName: 'Lovelace',
  managerName: 'Grace Hopper',
  notes: 'Ada notes',
  customFields: {},
};

/** A log written before this release: personal data in clear, sealed, exported. */
async function clearLog() {
  database = await createTestDatabase();
  const { pool } = database;
  await migrateEventStore(pool);
  const before = createPostgresEventStore({ pool, pollIntervalMs: NO_POLLING });
  await before.append('user-7', [event('UserCreated', PROFILE)], 'no_stream');
  await before.append('email-ada.lovelace@example.com', [event('EmailReserved', RESERVED)], 'no_stream');
  await before.append('entry-1', [event('EntryLogged', ENTRY)], 'no_stream');
  await before.close();
  await sealChain(pool);
  const exported: ExportedEvent[] = [];
  for await (const line of exportChain(pool, 1, 3)) exported.push(line);
  return { pool, exported, head: (await readChainStatus(pool)).head! };
}

async function storedText(pool: TestDatabase['pool']): Promise<string> {
  const { rows } = await pool.query<{ text: string }>(
    `SELECT (SELECT string_agg(stream_name || data::text, ' ') FROM eventstore.events)
       || (SELECT string_agg(stream_name, ' ') FROM eventstore.streams) || (SELECT string_agg(stream_name, ' ') FROM eventstore.chain) AS text`,
  );
  return rows[0]!.text;
}

describe('the upgrade of a log written in clear (decision 038)', () => {
  it('encrypts it in place once, re-seals the chain and records the head it had', async () => {
    const { pool, exported, head } = await clearLog();
    expect(await storedText(pool)).toContain('Lovelace');

    const progress: number[] = [];
    const reseal = await sealPersonalDataOfLog(pool, createPersonalData(pool), { onProgress: (read) => progress.push(read) });

    expect(progress).toEqual([3]);
    expect(reseal).toMatchObject({
      eventsRewritten: 3,
      previous: { sequence: 3, position: head.globalPosition, hash: head.hash },
      newHash: (await readChainStatus(pool)).head!.hash,
    });
    expect(describeReseal(reseal!)).toContain(
      `the chain before ended at event 3 (position ${head.globalPosition}) with head ${head.hash}`,
    );
    expect(await storedText(pool)).not.toMatch(/Ada|Lovelace|Grace|ada\.lovelace/);
    expect(await verifyChain(pool)).toMatchObject({ ok: true, verified: 3, unsealed: 0 });
    expect(await sealPersonalDataOfLog(pool, createPersonalData(pool))).toBeNull();
    expect(await readReseals(pool)).toHaveLength(1);

    // Read through the store, the log says what it said.
    const store = createEventStore({ pool, pollIntervalMs: NO_POLLING });
    const { events } = await store.readAll(null, 10);
    expect(events.map(({ type, data }) => ({ type, data }))).toEqual([
      { type: 'UserCreated', data: PROFILE },
      { type: 'EmailReserved', data: RESERVED },
      { type: 'EntryLogged', data: ENTRY },
    ]);
    // The same events: ids, positions, versions, types and metadata as exported before.
    expect(
      events.map(({ eventId, globalPosition, streamVersion, type, metadata }) => [
        eventId,
        globalPosition,
        streamVersion,
        type,
        metadata,
      ]),
    ).toEqual(
      exported.map(({ eventId, position, streamVersion, type, metadata }) => [eventId, position, streamVersion, type, metadata]),
    );
    // The address stays taken under its hashed stream name.
    await expect(
      store.append('email-ada.lovelace@example.com', [event('EmailReserved', { ...RESERVED, userId: 8 })], 'no_stream'),
    ).rejects.toMatchObject({
      name: 'ConcurrencyError',
    });
    await store.close();
  });

  it('leaves an export made before verifiable on its own, ending at the recorded head', async () => {
    const { pool, exported } = await clearLog();
    const reseal = await sealPersonalDataOfLog(pool, createPersonalData(pool));
    let previousHash = GENESIS_HASH;
    for (const { sequence: _sequence, position, previousHash: linked, hash, ...rest } of exported) {
      expect(linked).toBe(previousHash);
      previousHash = chainHash(previousHash, { ...rest, globalPosition: position });
      expect(previousHash).toBe(hash);
    }
    expect(previousHash).toBe(reseal!.previous.hash);
  });

  it('seals each value with the owner the product attributes: an old entry’s manager name with her key', async () => {
    const { pool } = await clearLog();
    const personal = createPersonalData(pool);
    const seen: string[] = [];
    await sealPersonalDataOfLog(pool, personal, {
      attributeOwners: async (events) =>
        events.map(({ type, data }) => {
          seen.push(type);
          return type === 'EntryLogged' ? { ...(data as object), managerId: 3 } : data;
        }),
    });
    expect(seen).toEqual(['UserCreated', 'EmailReserved', 'EntryLogged']);
    await personal.erase(3);
    const store = createEventStore({ pool, pollIntervalMs: NO_POLLING, personalData: personal });
    const { events } = await store.readAll(null, 10);
    expect(events.at(-1)!.data).toEqual({ ...ENTRY, managerName: 'Erased person #3', managerId: 3 });
    expect(await verifyChain(pool)).toMatchObject({ ok: true, verified: 3 });
    await store.close();
  });

  it('does nothing to an empty log, and marks it done', async () => {
    database = await createTestDatabase();
    await migrateEventStore(database.pool);
    expect(await sealPersonalDataOfLog(database.pool, createPersonalData(database.pool))).toBeNull();
    const { rows } = await database.pool.query('SELECT name FROM eventstore.log_upgrades');
    expect(rows).toContainEqual({ name: 'personal-data-sealed' });
  });
});
