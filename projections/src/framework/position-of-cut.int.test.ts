import { createEventStore, migrateEventStore, sealChain, type EventStore } from '@tht/eventstore';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START } from './checkpoints';
import { positionOfCut, positionOfCutByReading } from './replay-aside';

/**
 * When each event was recorded, in the order they are appended: 08:00:00.000 plus these
 * milliseconds. Out of order around both cuts below (a command handled first can commit second),
 * and some at a cut's very millisecond.
 */
const SEALED_TIMES = [0, 1000, 1000, 3000, 2000, 2999, 4000, 5000];
const UNSEALED_TIMES = [6000, 7000, 9000, 8000, 8500, 10_000];
const at = (ms: number) => new Date(Date.UTC(2026, 0, 5, 8) + ms);

describe('positionOfCut: the store query finds the same position as reading the log', () => {
  let database: TestDatabase;
  let store: EventStore;
  /** Every event's position, in log order. */
  let positions: string[];

  const noted = (ms: number, index: number) => ({
    type: 'Noted',
    data: { index },
    metadata: { actorId: '7', correlationId: 'cut', occurredAt: at(ms).toISOString(), schemaVersion: 1 },
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateEventStore(database.pool);
    store = createEventStore({ pool: database.pool, pollIntervalMs: 60_000 });
    positions = [];
    for (const [index, ms] of SEALED_TIMES.entries())
      positions.push((await store.append(`note-${index % 3}`, [noted(ms, index)], 'any')).lastGlobalPosition);
    // Other databases' transactions on the shared test server may hold events back from being final a moment.
    let sealed = 0;
    for (const deadline = Date.now() + 10_000; sealed < SEALED_TIMES.length && Date.now() < deadline;)
      sealed += await sealChain(database.pool);
    expect(sealed).toBe(SEALED_TIMES.length);
    // One append: the log positions 9 to 14 of one transaction, ordered as numbers, not as texts ('9' after '14').
    await store.append(
      'note-unsealed',
      UNSEALED_TIMES.map((ms, index) => noted(ms, SEALED_TIMES.length + index)),
      'any',
    );
    let unsealed: string[] = [];
    for (const deadline = Date.now() + 10_000; unsealed.length < UNSEALED_TIMES.length && Date.now() < deadline;)
      unsealed = (await store.readAll(positions.at(-1)!, 100)).events.map((event) => event.globalPosition);
    positions.push(...unsealed);
  });

  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it.each([
    ['before the first event', -1, null],
    ['at the first event', 0, 0],
    ['in the sealed part, where a later time comes before an earlier one', 2500, 2],
    ['at the millisecond of a sealed event after a later one', 2999, 2],
    ['at the last sealed event', 5000, 7],
    ['in the unsealed part, out of order', 8000, 9],
    ['at the unsealed event after a later one', 9000, 12],
    ['after the last event', 20_000, 13],
  ])('%s', async (_, ms, lastIndex) => {
    const cut = { recordedBy: at(ms) };
    const expected = lastIndex === null ? START : positions[lastIndex];
    expect(typeof store.lastPositionBy).toBe('function');
    expect(await positionOfCut(store, cut)).toBe(expected);
    expect(await positionOfCutByReading(store, cut, 3)).toBe(expected);
  });
});
