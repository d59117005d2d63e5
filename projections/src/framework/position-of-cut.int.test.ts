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

  const append = async (ms: number, index: number) => {
    const metadata = { actorId: '7', correlationId: 'cut', occurredAt: at(ms).toISOString(), schemaVersion: 1 };
    return (await store.append(`note-${index % 3}`, [{ type: 'Noted', data: { index }, metadata }], 'any')).lastGlobalPosition;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateEventStore(database.pool);
    store = createEventStore({ pool: database.pool, pollIntervalMs: 60_000 });
    positions = [];
    for (const [index, ms] of SEALED_TIMES.entries()) positions.push(await append(ms, index));
    expect(await sealChain(database.pool)).toBe(SEALED_TIMES.length);
    for (const [index, ms] of UNSEALED_TIMES.entries()) positions.push(await append(ms, SEALED_TIMES.length + index));
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
