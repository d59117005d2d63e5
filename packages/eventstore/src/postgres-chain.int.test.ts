import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventStore } from './create-event-store';
import { chainHash, GENESIS_HASH } from './hash-chain';
import type { EventStore, NewEvent, RecordedEvent } from './port';
import { describeVerification, exportChain, readChainStatus, sealChain, startChainSealer, verifyChain } from './postgres-chain';
import { migrateEventStore } from './postgres-schema';

const NO_POLLING = 60_000;
let database: TestDatabase | undefined;
let store: EventStore | undefined;

afterEach(async () => {
  await store?.close();
  await database?.drop();
  store = database = undefined;
});

async function openStore(): Promise<{ pool: TestDatabase['pool']; store: EventStore }> {
  database = await createTestDatabase();
  await migrateEventStore(database.pool);
  store = createEventStore({ pool: database.pool, pollIntervalMs: NO_POLLING });
  return { pool: database.pool, store };
}

/** Ten events in three streams, all sealed; returns them in log order. */
async function sealedLog(): Promise<{ pool: TestDatabase['pool']; events: RecordedEvent[] }> {
  const { pool, store } = await openStore();
  for (let i = 0; i < 10; i++) await store.append(`entry-${i % 3}`, [newEvent(`Noted${i}`, { n: i })], 'any');
  expect(await sealChain(pool, 4)).toBe(10);
  return { pool, events: (await store.readAll(null, 100)).events };
}

describe('audit hash chain on PostgreSQL', () => {
  it('verifies a clean log and names its head, counting what is not sealed yet', async () => {
    const { pool, events } = await sealedLog();
    let expectedHash = GENESIS_HASH;
    for (const event of events) expectedHash = chainHash(expectedHash, event);
    await store!.append('entry-9', [newEvent('Late', {})], 'any');

    const progress: number[] = [];
    const result = await verifyChain(pool, { batchSize: 3, onProgress: (done) => progress.push(done) });

    expect(result).toEqual({
      ok: true,
      verified: 10,
      head: { sequence: 10, globalPosition: events[9]!.globalPosition, streamName: 'entry-0', type: 'Noted9', hash: expectedHash },
      unsealed: 1,
    });
    expect(progress).toEqual([3, 6, 9, 10]);
    expect(describeVerification(result)).toBe(
      `verified 10 events, head ${expectedHash} at position ${events[9]!.globalPosition}; 1 recent events not sealed yet`,
    );
    expect(await readChainStatus(pool)).toMatchObject({ head: { sequence: 10 }, unsealed: 1 });
  });

  it('names the position, stream and type of an event whose data changed by one byte', async () => {
    const { pool, events } = await sealedLog();
    const target = events[6]!;
    await pool.query(`UPDATE eventstore.events SET data = '{"n":7}' WHERE event_id = $1`, [target.eventId]);

    const result = await verifyChain(pool, { batchSize: 4 });

    expect(result).toMatchObject({
      ok: false,
      verified: 6,
      broken: { sequence: 7, globalPosition: target.globalPosition, streamName: 'entry-0', type: 'Noted6' },
    });
    expect(describeVerification(result)).toBe(
      `chain broken at position ${target.globalPosition} (event 7): stream entry-0, type Noted6: the event was changed after it was sealed`,
    );
  });

  it('names the position of a deleted event', async () => {
    const { pool, events } = await sealedLog();
    await pool.query('DELETE FROM eventstore.events WHERE event_id = $1', [events[3]!.eventId]);

    const result = await verifyChain(pool);

    expect(result).toMatchObject({
      ok: false,
      verified: 3,
      broken: { sequence: 4, globalPosition: events[3]!.globalPosition, streamName: 'entry-0', type: 'Noted3' },
    });
    expect(describeVerification(result)).toContain('the event sealed there is missing or moved');
  });

  it('names the first of two events swapped in the global order', async () => {
    const { pool, events } = await sealedLog();
    const [first, second] = [events[4]!, events[8]!];
    await pool.query(
      `UPDATE eventstore.events SET transaction_id = CASE WHEN event_id = $1 THEN $4::xid8 ELSE $3::xid8 END
       WHERE event_id IN ($1, $2)`,
      [first.eventId, second.eventId, transactionOf(first), transactionOf(second)],
    );
    const reordered = (await store!.readAll(null, 100)).events.map((e) => e.type);
    expect(reordered.indexOf('Noted8')).toBeLessThan(reordered.indexOf('Noted4'));

    const result = await verifyChain(pool);

    expect(result).toMatchObject({
      ok: false,
      verified: 4,
      broken: { sequence: 5, globalPosition: first.globalPosition, streamName: 'entry-1', type: 'Noted4' },
    });
  });

  it('fails when a link of the chain itself is removed', async () => {
    const { pool } = await sealedLog();
    await pool.query('DELETE FROM eventstore.chain WHERE sequence = 2');
    expect(await verifyChain(pool)).toMatchObject({ ok: false, verified: 1, broken: { sequence: 3 } });
  });

  it('follows concurrent writers: every event sealed once, in the gap-free global order', async () => {
    const { pool, store } = await openStore();
    const errors: unknown[] = [];
    const sealer = startChainSealer(pool, store, (error) => errors.push(error));
    const writers = 20;
    const perWriter = 50;
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let i = 0; i < perWriter; i++) await store.append(`writer-${w}`, [newEvent('Wrote', { w, i })], 'any');
      }),
    );
    await sealer.sealed();
    await sealer.stop();

    expect(errors).toEqual([]);
    const result = await verifyChain(pool, { batchSize: 97 });
    expect(result).toMatchObject({ ok: true, verified: writers * perWriter, unsealed: 0 });
    const log = (await store.readAll(null, 5000)).events;
    expect(result.ok && result.head?.globalPosition).toBe(log.at(-1)!.globalPosition);
  });

  it('seals appends that come within its delay of each other in one transaction, a moment after them', async () => {
    const { pool, store } = await openStore();
    const sealer = startChainSealer(pool, store, (error) => expect.fail(String(error)), { followDelayMs: 2000 });
    const sealedEvents = () => readChainStatus(pool).then(({ head }) => head?.sequence ?? 0);
    await store.append('close-together', [newEvent('Noted', {})], 'no_stream');
    await expect.poll(sealedEvents, { timeout: 10_000, interval: 100 }).toBe(1); // the sealer follows the log now

    for (let i = 0; i < 5; i++) {
      await store.append('close-together', [newEvent('Noted', { i })], 'any');
      await sleep(100);
    }
    await expect.poll(sealedEvents, { timeout: 10_000, interval: 100 }).toBe(6);
    await sealer.stop();

    const { rows } = await pool.query<{ transactions: number }>(
      'SELECT count(DISTINCT xmin::text)::int AS transactions FROM eventstore.chain WHERE sequence > 1',
    );
    expect(rows[0]!.transactions).toBe(1);
  });

  it('never seals past an append that commits late, so the chain keeps the final global order', async () => {
    const { pool, store } = await openStore();
    const slow = await pool.connect();
    await slow.query('BEGIN');
    // An append that started first but has not committed yet (written as the adapter writes).
    await slow.query(`INSERT INTO eventstore.streams (stream_name, version) VALUES ('slow', 0)`);
    await slow.query(
      `INSERT INTO eventstore.events (event_id, stream_name, stream_version, type, data, metadata) VALUES ($1, 'slow', 0, 'SlowCommitted', '{}', $2)`,
      [randomUUID(), JSON.stringify(newEvent('x', {}).metadata)],
    );
    await store.append('fast', [newEvent('FastCommitted', {})], 'no_stream');

    expect(await sealChain(pool)).toBe(0);
    await slow.query('COMMIT');
    slow.release();
    expect(await sealChain(pool)).toBe(2);

    const result = await verifyChain(pool);
    expect(result).toMatchObject({ ok: true, verified: 2, head: { type: 'FastCommitted' } });
  });

  it('exports a range of sealed events that a third party can check link by link', async () => {
    const { pool, events } = await sealedLog();
    const exported = [];
    for await (const line of exportChain(pool, 3, 7, 2)) exported.push(line);

    expect(exported.map((e) => e.sequence)).toEqual([3, 4, 5, 6, 7]);
    let previous = chainHash(chainHash(GENESIS_HASH, events[0]!), events[1]!);
    for (const line of exported) {
      expect(line.previousHash).toBe(previous);
      const { sequence, position, previousHash, hash, ...event } = line;
      expect(hash).toBe(chainHash(previousHash, { ...event, globalPosition: position }));
      expect(events[sequence - 1]!.eventId).toBe(event.eventId);
      previous = hash;
    }
  });
});

describe('the chain rows of an earlier version', () => {
  it('upgrades hex-text hashes and ISO-text times to bytea and timestamptz, and the chain still verifies', async () => {
    const { pool, events } = await sealedLog();
    await store!.append(
      'entry-tab',
      [
        {
          ...newEvent('Odd\tname', {}),
          metadata: { actorId: 'a\\b', correlationId: 'c', occurredAt: 'yesterday', schemaVersion: 1 },
        },
      ],
      'any',
    );
    expect(await sealChain(pool)).toBe(1);
    const sealed = await verifyChain(pool);
    // The layout before: hashes as hex texts, times as ISO texts (with the time indexes on them).
    await pool.query(`
      ALTER TABLE eventstore.chain ALTER COLUMN hash TYPE text USING encode(hash, 'hex'),
        ALTER COLUMN occurred_at TYPE text COLLATE "C" USING to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

    await migrateEventStore(pool);
    await migrateEventStore(pool); // idempotent

    const { rows: types } = await pool.query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns
        WHERE table_schema = 'eventstore' AND table_name = 'chain' AND column_name IN ('hash', 'occurred_at') ORDER BY column_name`,
    );
    expect(types).toEqual([
      { column_name: 'hash', data_type: 'bytea' },
      { column_name: 'occurred_at', data_type: 'timestamp with time zone' },
    ]);
    const { rows: keys } = await pool.query<{ occurred_at: Date | null; actor_id: string; type: string }>(
      'SELECT occurred_at, actor_id, type FROM eventstore.chain ORDER BY sequence',
    );
    expect(keys[0]!.occurred_at).toEqual(new Date(events[0]!.metadata.occurredAt));
    expect(keys.at(-1)).toEqual({ occurred_at: null, actor_id: 'a\\b', type: 'Odd\tname' });
    expect(await verifyChain(pool)).toEqual(sealed);
    await store!.append('entry-1', [newEvent('After', {})], 'any');
    expect(await sealChain(pool)).toBe(1);
    expect(await verifyChain(pool)).toMatchObject({ ok: true, verified: 12, unsealed: 0 });
  });
});

function transactionOf(event: RecordedEvent): string {
  return BigInt(event.globalPosition.split('-')[0]!).toString();
}

function newEvent(type: string, data: unknown): NewEvent {
  return {
    type,
    data,
    metadata: { actorId: '7', correlationId: randomUUID(), occurredAt: '2026-03-12T14:02:00.000Z', schemaVersion: 1 },
  };
}
