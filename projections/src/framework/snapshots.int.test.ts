import { createEventStore, migrateEventStore, type EventStore } from '@tht/eventstore';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjectors } from '../all-projectors';
import type { AnyProjector } from './projector';
import { replayAside } from './replay-aside';
import { SNAPSHOT_SCHEMA, SNAPSHOT_WORK_SCHEMA, snapshotsSize, takeSnapshots, type Snapshot } from './snapshots';
import { appendHistory, sampleHistory } from './testing/append-history';
import { readModelSnapshot } from './testing/read-model-snapshot';

const { appends: history, timeOf } = sampleHistory();
/** Appended before the first round of snapshots; the rest before the second. */
const FIRST_PART = 1_100;
const EVERY = 500;

describe('snapshots of the read models (the read models as of a moment start from the nearest)', () => {
  let database: TestDatabase;
  let store: EventStore;
  /** Every event's position, in log order. */
  let positions: string[];
  let firstRound: Snapshot[];
  let secondRound: Snapshot[];

  const take = (projectors: readonly AnyProjector[] = allProjectors) =>
    takeSnapshots({ pool: database.pool, store, projectors, every: EVERY, batchSize: 170 });
  const asOf = async (position: string, fromSnapshot: boolean) => {
    const schema = `read_models_asof_test_${fromSnapshot ? 'snapshot' : 'start'}`;
    const result = await replayAside({
      pool: database.pool,
      store,
      projectors: allProjectors,
      until: { position },
      schema,
      fromSnapshot,
    });
    return { result, rows: await readModelSnapshot(database.db, schema) };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateEventStore(database.pool);
    store = createEventStore({ pool: database.pool });
    await appendHistory(store, history.slice(0, FIRST_PART), { timeOf });
    firstRound = (await take())!;
    await appendHistory(store, history.slice(FIRST_PART), { timeOf, firstIndex: FIRST_PART });
    secondRound = (await take())!;
    positions = (await store.readAll(null, 1_000_000)).events.map((event) => event.globalPosition);
  }, 180_000);

  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it('takes one every EVERY events of the log, the second round resuming after the first', async () => {
    const taken = [...firstRound, ...secondRound];
    expect(firstRound.length).toBeGreaterThan(0);
    expect(secondRound.length).toBeGreaterThan(0);
    expect(taken.map((snapshot) => snapshot.position)).toEqual(taken.map((_, index) => positions[(index + 1) * EVERY - 1]));
    expect(taken.map((snapshot) => snapshot.events)).toEqual(taken.map((_, index) => (index + 1) * EVERY));
    expect(taken.length).toBe(Math.floor(positions.length / EVERY));
    expect(await take()).toEqual([]);
    // The work schema is gone after a round; the snapshots' size is known.
    const { rows } = await sql`SELECT 1 FROM pg_namespace WHERE nspname = ${SNAPSHOT_WORK_SCHEMA}`.execute(database.db);
    expect(rows).toEqual([]);
    const size = await snapshotsSize(database.db);
    expect(size).toMatchObject({ snapshots: taken.length, latest: taken.at(-1)!.position });
    expect(size.bytes).toBeGreaterThan(0);
  });

  it.each([
    ['before the first snapshot', () => EVERY / 2 - 1, () => null],
    ['exactly at a snapshot', () => 2 * EVERY - 1, () => 2 * EVERY - 1],
    ['just after a snapshot', () => 2 * EVERY, () => 2 * EVERY - 1],
    [
      'at the last event before the second round’s first snapshot',
      () => secondRound[0]!.events - 2,
      () => firstRound.at(-1)!.events - 1,
    ],
    ['at the last event, after the last snapshot', () => positions.length - 1, () => secondRound.at(-1)!.events - 1],
  ])('as of a position %s, equals the replay from the log’s start', async (_, cutAt, snapshotAt) => {
    const [cutIndex, snapshotIndex] = [cutAt(), snapshotAt()];
    const cut = positions[cutIndex]!;
    const fromStart = await asOf(cut, false);
    const fromSnapshot = await asOf(cut, true);
    expect(fromStart.result.snapshot).toBeNull();
    expect(fromSnapshot.result.snapshot).toBe(snapshotIndex === null ? null : positions[snapshotIndex]);
    expect(fromSnapshot.result.events).toBe(cutIndex - (snapshotIndex ?? -1));
    expect(fromSnapshot.result).toMatchObject({ lastPosition: cut, lastRecordedAt: fromStart.result.lastRecordedAt });
    expect(fromSnapshot.rows.entries?.length).toBeGreaterThan(0);
    expect(fromSnapshot.rows).toEqual(fromStart.rows);
  });

  it('starts a replay of some of the projectors from the snapshots of all of them', async () => {
    const some = allProjectors.filter((projector) => !['record-names', 'open-sessions'].includes(projector.name));
    const until = { position: positions[2 * EVERY + 10]! };
    const replay = (schema: string, fromSnapshot: boolean) =>
      replayAside({ pool: database.pool, store, projectors: some, until, schema, fromSnapshot });
    const fromStart = await replay('read_models_asof_test_some_start', false);
    const fromSnapshot = await replay('read_models_asof_test_some_snapshot', true);
    expect(fromSnapshot.snapshot).toBe(positions[2 * EVERY - 1]);
    const rows = await readModelSnapshot(database.db, fromSnapshot.schema);
    expect(rows.record_names).toBeUndefined();
    expect(rows).toEqual(await readModelSnapshot(database.db, fromStart.schema));
  });

  it('holds each unchanged row once however many snapshots hold it', async () => {
    const { rows } = await sql<{ versions: number; live: number }>`SELECT
        (SELECT count(*)::int FROM ${sql.table(`${SNAPSHOT_SCHEMA}.users`)}) AS versions,
        (SELECT count(*)::int FROM ${sql.table(`${SNAPSHOT_SCHEMA}.users`)} WHERE snapshot_until IS NULL) AS live`.execute(
      database.db,
    );
    const snapshots = (await snapshotsSize(database.db)).snapshots;
    expect(rows[0]!.live).toBeGreaterThan(10);
    expect(rows[0]!.versions).toBeLessThan(rows[0]!.live * snapshots);
  });

  it('is not used, and is taken again from the start, when a projector’s version changes; one round at a time', async () => {
    const bumped = allProjectors.map((projector): AnyProjector =>
      projector.name === 'users' ? { ...projector, version: (projector.version ?? 1) + 1 } : projector,
    );
    const result = await replayAside({
      pool: database.pool,
      store,
      projectors: bumped,
      until: { position: positions.at(-1)! },
      schema: 'read_models_asof_test_bumped',
    });
    expect(result.snapshot).toBeNull();

    const holder = await database.pool.connect();
    try {
      await holder.query(`SELECT pg_advisory_lock(hashtext('tht:as-of-snapshots'))`);
      expect(await take(bumped)).toBeNull();
    } finally {
      await holder.query(`SELECT pg_advisory_unlock(hashtext('tht:as-of-snapshots'))`);
      holder.release();
    }
    const retaken = (await take(bumped))!;
    expect(retaken[0]).toMatchObject({ position: positions[EVERY - 1], events: EVERY });
    expect(retaken.length).toBe(Math.floor(positions.length / EVERY));
  });
});
