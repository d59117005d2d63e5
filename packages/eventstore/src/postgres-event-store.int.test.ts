import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEventStoreContract } from './contract-suite';
import { createEventStore } from './create-event-store';
import type { EventStore, NewEvent } from './port';
import { decodePosition, START } from './postgres-positions';
import { READ_ALL } from './postgres-statements';
import { migrateEventStore } from './postgres-schema';

// A long poll interval, so the onAppended contract test can only pass through LISTEN/NOTIFY.
const NO_POLLING = 60_000;

describeEventStoreContract('PostgreSQL', async () => {
  const database = await createTestDatabase();
  await migrateEventStore(database.pool);
  return {
    createStore: ({ upcasters }) => createEventStore({ pool: database.pool, upcasters, pollIntervalMs: NO_POLLING }),
    dispose: () => database.drop(),
  };
});

describe('PostgreSQL event store global order', () => {
  let database: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateEventStore(database.pool);
    await migrateEventStore(database.pool); // idempotent
    store = createEventStore({ pool: database.pool, pollIntervalMs: NO_POLLING });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('never lets a reader pass an append that commits late, and wakes followers when it commits', async () => {
    // A follower that reads on every wake-up, as the projection runner does.
    let position = (await store.readAll(null, 1000)).lastPosition;
    const followed: string[] = [];
    let reading = Promise.resolve();
    const unsubscribe = store.onAppended(() => {
      reading = reading.then(async () => {
        const batch = await store.readAll(position, 1000);
        position = batch.lastPosition;
        followed.push(...batch.events.map((e) => e.type));
      });
    });

    // An append that started first but has not committed yet (written as the adapter writes).
    const slow = await database.pool.connect();
    await slow.query('BEGIN');
    await slow.query(
      `INSERT INTO eventstore.streams (stream_name, version) VALUES ('slow', 0);
       INSERT INTO eventstore.events (event_id, stream_name, stream_version, type, data, metadata)
       VALUES ('${randomUUID()}', 'slow', 0, 'SlowCommitted', '{}', '${JSON.stringify(newEvent('x').metadata)}')`,
    );
    await store.append('fast', [newEvent('FastCommitted')], 'no_stream');
    expect(await store.readStream('fast')).toHaveLength(1); // its own stream is readable at once
    await pause(300);
    await reading;
    expect(followed).toEqual([]);

    // The late commit sends no notification: the store notices the held-back events itself.
    await slow.query('COMMIT');
    slow.release();
    await waitUntil(() => followed.length === 2);
    unsubscribe();
    expect(followed).toEqual(['SlowCommitted', 'FastCommitted']);
  });

  it('wakes its own followers in memory when its append commits, before a notification could arrive', async () => {
    let woken = 0;
    const unsubscribe = store.onAppended(() => {
      woken += 1;
    });
    try {
      await waitUntil(() => woken > 0); // the wake-up that follows LISTEN (anything appended meanwhile)
      woken = 0;
      await store.append(`own-${randomUUID()}`, [newEvent('OwnAppend')], 'no_stream');
      // The next turn of the event loop: no reply from PostgreSQL (a NOTIFY's, a LISTEN's) can have been read yet.
      await new Promise((resolve) => setImmediate(resolve));
      expect(woken).toBe(1);
    } finally {
      unsubscribe();
    }
  });

  it("is held back by a writing transaction of another database of the server (another application's) for about a second, not until it ends", async () => {
    const elsewhere = await createTestDatabase();
    const other = await elsewhere.pool.connect();
    try {
      const before = (await store.readAll(null, 1000)).lastPosition;
      await other.query('BEGIN');
      await other.query('CREATE TABLE long_work (x int)'); // it now has a transaction id, older than the append's
      const { lastGlobalPosition } = await store.append(`elsewhere-${randomUUID()}`, [newEvent('AppendedMeanwhile')], 'no_stream');

      await waitUntil(async () => (await store.readAll(before, 1000)).lastPosition === lastGlobalPosition);
      expect((await store.readAll(before, 1000)).events.map((event) => event.type)).toEqual(['AppendedMeanwhile']);
      await waitUntil(async () => (await store.countAfter!(before, 10)) === 1);
      await other.query('ROLLBACK');
    } finally {
      other.release();
      await elsewhere.drop();
    }
  });

  it('stays held back by a writing transaction of its own database, however long it runs', async () => {
    const before = (await store.readAll(null, 1000)).lastPosition;
    const slow = await database.pool.connect();
    try {
      await slow.query('BEGIN');
      await slow.query('CREATE TABLE held_back_here (x int)');
      await store.append(`here-${randomUUID()}`, [newEvent('AppendedMeanwhile')], 'no_stream');
      for (let read = 0; read < 12; read++) {
        expect((await store.readAll(before, 1000)).events).toEqual([]);
        await pause(150);
      }
    } finally {
      await slow.query('ROLLBACK');
      slow.release();
    }
    expect((await store.readAll(before, 1000)).events.map((event) => event.type)).toEqual(['AppendedMeanwhile']);
  });

  it('starts many new streams in one transaction, all or nothing', async () => {
    const before = (await store.readAll(null, 100_000)).lastPosition;
    const streams = ['bulk-a', 'bulk-b', 'bulk-c'].map((streamName, index) => ({
      streamName,
      events: Array.from({ length: index + 1 }, (_, n) => newEvent(`Bulk${index}.${n}`)),
    }));
    const result = await store.appendToNewStreams!(streams);
    const read = (await store.readAll(before, 100)).events;
    expect(read.map((e) => [e.streamName, e.streamVersion, e.type])).toEqual([
      ['bulk-a', 0, 'Bulk0.0'],
      ['bulk-b', 0, 'Bulk1.0'],
      ['bulk-b', 1, 'Bulk1.1'],
      ['bulk-c', 0, 'Bulk2.0'],
      ['bulk-c', 1, 'Bulk2.1'],
      ['bulk-c', 2, 'Bulk2.2'],
    ]);
    expect(result).toEqual({ nextExpectedVersion: 2, lastGlobalPosition: read.at(-1)!.globalPosition });
    expect(await store.append('bulk-b', [newEvent('Later')], 1)).toMatchObject({ nextExpectedVersion: 2 });

    // One stream that exists already refuses the whole call: nothing of it is written.
    const refused = store.appendToNewStreams!([
      { streamName: 'bulk-d', events: [newEvent('Never')] },
      { streamName: 'bulk-a', events: [newEvent('Never')] },
    ]);
    await expect(refused).rejects.toMatchObject({ name: 'ConcurrencyError', streamName: 'bulk-a', actual: 0 });
    expect(await store.readStream('bulk-d')).toEqual([]);
    expect(await store.append('bulk-d', [newEvent('Fine')], 'no_stream')).toMatchObject({ nextExpectedVersion: 0 });
  });

  it('writes appends made while one is being written together, in one transaction, each with its own outcome', async () => {
    await store.append('together-old', [newEvent('Old0')], 'no_stream');
    // The first few fill the statements that may be in flight.
    const alone = Array.from({ length: 3 }, (_, i) => store.append(`together-alone-${i}`, [newEvent('Alone')], 'no_stream'));
    const appends = [
      store.append('together-first', [newEvent('First')], 'no_stream'), // may go out at once, alone
      store.append('together-a', [newEvent('A0'), newEvent('A1')], 'no_stream'),
      store.append('together-old', [newEvent('Old1')], 0),
      store.append('together-b', [newEvent('B0')], 'any'),
      store.append('together-taken', [newEvent('Taken')], 'any'),
      store.append('together-old', [newEvent('Stale')], 0), // the same stream: in the next statement, stale by then
    ];
    const taken = store.append('together-first', [newEvent('Twice')], 'no_stream'); // claimed by then: refused
    const results = await Promise.allSettled([...appends, taken]);
    await Promise.all(alone);
    const [first, a, old, b, takenAny, stale, twice] = results;
    const transactionOf = (result: PromiseSettledResult<{ lastGlobalPosition: string }> | undefined) =>
      result?.status === 'fulfilled' ? decodePosition(result.value.lastGlobalPosition).transactionId : null;

    expect([a, old, b, takenAny].map(transactionOf)).toEqual(Array(4).fill(transactionOf(a)));
    expect(first).toMatchObject({ status: 'fulfilled', value: { nextExpectedVersion: 0 } });
    expect(a).toMatchObject({ status: 'fulfilled', value: { nextExpectedVersion: 1 } });
    expect(old).toMatchObject({ status: 'fulfilled', value: { nextExpectedVersion: 1 } });
    expect(stale).toMatchObject({
      status: 'rejected',
      reason: { name: 'ConcurrencyError', streamName: 'together-old', actual: 1 },
    });
    expect(twice).toMatchObject({
      status: 'rejected',
      reason: { name: 'ConcurrencyError', streamName: 'together-first', actual: 0 },
    });
    expect((await store.readStream('together-a')).map((e) => [e.type, e.streamVersion])).toEqual([
      ['A0', 0],
      ['A1', 1],
    ]);
    expect((await store.readStream('together-old')).map((e) => e.type)).toEqual(['Old0', 'Old1']);
  });

  it('retries the appends of a statement PostgreSQL refused alone, so only the faulty one fails', async () => {
    const faulty = { ...newEvent('Faulty'), type: undefined as unknown as string }; // type is NOT NULL
    const results = await Promise.allSettled([
      store.append('refused-first', [newEvent('First')], 'no_stream'),
      store.append('refused-a', [newEvent('A')], 'no_stream'),
      store.append('refused-faulty', [faulty], 'no_stream'),
      store.append('refused-b', [newEvent('B')], 'any'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await store.readStream('refused-faulty')).toEqual([]);
    expect((await store.readStream('refused-b')).map((e) => e.type)).toEqual(['B']);
  });

  it('counts the events readAll could return after a position, only up to the bound asked for', async () => {
    const from = (await store.readAll(null, 100_000)).lastPosition;
    expect(await store.countAfter!(from, 10)).toBe(0);
    await store.append(`counted-${randomUUID()}`, [newEvent('A'), newEvent('B'), newEvent('C')], 'no_stream');
    expect(await store.countAfter!(from, 10)).toBe(3);
    expect(await store.countAfter!(from, 2)).toBe(2);
    const all = await store.readAll(null, 100_000);
    expect(await store.countAfter!(null, 100_000)).toBe(all.events.length);
  });

  it('reads a batch of the log and whether events are held back without reading the rest of the log', async () => {
    const many = Array.from({ length: 5_000 }, (_, i) => newEvent(`Bulk${i % 7}`));
    await store.append(`bulk-${randomUUID()}`, many, 'no_stream');
    await database.pool.query('ANALYZE eventstore.events');
    const limit = 100;
    const { rows } = await database.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${READ_ALL.text}`,
      [START.transactionId, START.position, limit],
    );
    const readsOfTheLog = planNodes(rows[0]!['QUERY PLAN'][0].Plan).filter((node) => node['Relation Name'] === 'events');
    expect(readsOfTheLog.length).toBeGreaterThan(0);
    for (const node of readsOfTheLog) {
      expect((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0), node['Node Type']).toBeLessThanOrEqual(limit);
    }
  });

  it('rejects malformed positions and limits with a clear error', async () => {
    await expect(store.readAll('12', 10)).rejects.toThrow('Not a PostgreSQL event store position: 12');
    await expect(store.readAll(null, 0)).rejects.toThrow('readAll limit must be a positive integer');
    await expect(store.append('empty', [], 'any')).rejects.toThrow('append needs at least one event');
  });
});

function newEvent(type: string): NewEvent {
  return {
    type,
    data: {},
    metadata: { actorId: null, correlationId: randomUUID(), occurredAt: new Date().toISOString(), schemaVersion: 1 },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** Every node of a query plan. */
function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}
