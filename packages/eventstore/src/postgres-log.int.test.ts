import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore } from './create-event-store';
import type { EventStore, NewEvent, RecordedEvent } from './port';
import { sealChain } from './postgres-chain';
import { readLogPage, type LogFilter } from './postgres-log';
import { migrateEventStore } from './postgres-schema';

const NO_POLLING = 60_000;
let database: TestDatabase;
let store: EventStore;
let log: RecordedEvent[];

/** Events of three categories, two actors and the system, at times that go back and forth. */
async function appendLog(from: number, to: number): Promise<void> {
  for (let i = from; i < to; i++) {
    const stream = ['entry', 'user-target', 'user'][i % 3]!;
    await store.append(`${stream}-${i % 4}${stream === 'user-target' ? '-2026' : ''}`, [event(i)], 'any');
  }
}

function event(i: number): NewEvent {
  const occurredAt = new Date(Date.UTC(2026, 0, 1 + ((i * 7) % 11))).toISOString();
  const actorId = [null, '7', '8'][i % 3 === 1 ? 0 : i % 2 === 0 ? 1 : 2]!;
  return {
    type: i % 5 === 0 ? 'Rare' : 'Noted',
    data: { i },
    metadata: { actorId, correlationId: randomUUID(), occurredAt, schemaVersion: 1 },
  };
}

/** What the log should list: the matching events newest first by time, then log order. */
function expected(filter: LogFilter): RecordedEvent[] {
  return log
    .filter(
      (e) =>
        filter.categories.includes(e.streamName.replace(/(-[0-9]+)+$/, '')) &&
        (!filter.types || filter.types.includes(e.type)) &&
        (filter.actorId === undefined || e.metadata.actorId === filter.actorId) &&
        (!filter.from || e.metadata.occurredAt >= filter.from) &&
        (!filter.to || e.metadata.occurredAt < filter.to),
    )
    .sort((a, b) => {
      const [x, y] = [a.metadata.occurredAt, b.metadata.occurredAt];
      return x === y ? (a.globalPosition < b.globalPosition ? 1 : -1) : x < y ? 1 : -1;
    });
}

const FILTERS: LogFilter[] = [
  { categories: ['entry', 'user-target', 'user'] },
  { categories: ['user-target'] },
  { categories: ['entry', 'user'], types: ['Rare'] },
  { categories: ['entry', 'user-target', 'user'], actorId: '7' },
  { categories: ['entry', 'user-target', 'user'], actorId: null },
  { categories: ['entry', 'user'], from: '2026-01-03T00:00:00.000Z', to: '2026-01-08T00:00:00.000Z' },
];

async function listed(filter: LogFilter, offset = 0, limit = 100) {
  const page = await readLogPage(database.pool, filter, { offset, limit, countUpTo: 1000 });
  return { ids: page.events.map((e) => e.eventId), total: page.total };
}

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateEventStore(database.pool);
  store = createEventStore({ pool: database.pool, pollIntervalMs: NO_POLLING });
});
afterAll(async () => {
  await store.close();
  await database.drop();
});

describe('the audit log on PostgreSQL', () => {
  it('finds every matching event, sealed or appended a moment ago, newest first, in pages, counted', async () => {
    await appendLog(0, 40);
    expect(await sealChain(database.pool)).toBe(40);
    await appendLog(40, 60); // not sealed yet
    log = (await store.readAll(null, 1000)).events;

    for (const filter of FILTERS) {
      const want = expected(filter).map((e) => e.eventId);
      expect(want.length, JSON.stringify(filter)).toBeGreaterThan(2);
      expect(await listed(filter), JSON.stringify(filter)).toEqual({ ids: want, total: want.length });
      expect((await listed(filter, 2, 3)).ids).toEqual(want.slice(2, 5));
    }
    const capped = await readLogPage(database.pool, FILTERS[0]!, { offset: 0, limit: 5, countUpTo: 50 });
    expect([capped.events.length, capped.total, capped.capped]).toEqual([5, 50, true]);
  });

  it('keeps no index on the events but its order and its streams: appends maintain no audit keys', async () => {
    const { rows } = await database.pool.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE schemaname = 'eventstore' AND tablename = 'events' ORDER BY indexname`,
    );
    expect(rows.map((row) => row.indexname)).toEqual(['events_pkey', 'events_stream_name_stream_version_key']);
  });

  it('migrates a database whose audit keys were indexed on the events: the chain takes them, the old indexes go', async () => {
    await sealChain(database.pool);
    // The shape before: a chain without the keys, and the three indexes on the events.
    await database.pool.query(`
      ALTER TABLE eventstore.chain DROP COLUMN occurred_at, DROP COLUMN category, DROP COLUMN actor_id;
      CREATE INDEX events_occurred_at_idx ON eventstore.events (((metadata->>'occurredAt') COLLATE "C"), transaction_id, position);
      CREATE INDEX events_category_idx ON eventstore.events
        (eventstore.stream_category(stream_name), ((metadata->>'occurredAt') COLLATE "C"), transaction_id, position);
      CREATE INDEX events_actor_idx ON eventstore.events ((metadata->>'actorId'), ((metadata->>'occurredAt') COLLATE "C"), transaction_id, position);
    `);

    await migrateEventStore(database.pool);
    await migrateEventStore(database.pool); // idempotent

    const { rows } = await database.pool.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE schemaname = 'eventstore' AND indexname LIKE '%\\_idx' ORDER BY indexname`,
    );
    expect(rows.map((row) => row.indexname)).toEqual(['chain_actor_idx', 'chain_category_idx', 'chain_occurred_at_idx']);
    const { rows: unkeyed } = await database.pool.query(`SELECT sequence FROM eventstore.chain WHERE occurred_at IS NULL`);
    expect(unkeyed).toEqual([]);
    for (const filter of FILTERS) expect((await listed(filter)).ids).toEqual(expected(filter).map((e) => e.eventId));
    await appendLog(60, 70);
    expect(await sealChain(database.pool)).toBe(10);
  });

  it('lists a stream named by a uuid under its category without the uuid, also when sealed before that was so', async () => {
    const stream = `xapi-client-${randomUUID()}`;
    await store.append(stream, [event(1)], 'any');
    const filter = { categories: ['xapi-client'] };
    expect((await listed(filter)).total).toBe(1); // not sealed yet
    await sealChain(database.pool);
    const categoryOf = async () =>
      (await database.pool.query('SELECT category FROM eventstore.chain WHERE stream_name = $1', [stream])).rows[0] as unknown;
    expect(await categoryOf()).toEqual({ category: 'xapi-client' });
    // Sealed under the former category (the uuid kept), then migrated once.
    await database.pool.query(`
      CREATE OR REPLACE FUNCTION eventstore.stream_category(stream_name text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT regexp_replace(stream_name, '(-[0-9]+)+$', '') $$;
      UPDATE eventstore.chain SET stream_name = stream_name;
      DELETE FROM eventstore.log_upgrades WHERE name = 'uuid-stream-categories';
    `);
    expect(await categoryOf()).toEqual({ category: stream });
    await migrateEventStore(database.pool);
    expect(await categoryOf()).toEqual({ category: 'xapi-client' });
    expect((await listed(filter)).total).toBe(1);
  });
});
