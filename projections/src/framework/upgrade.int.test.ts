import { randomUUID } from 'node:crypto';
import { createEventStore, migrateEventStore, type EventStore, type NewEvent } from '@tht/eventstore';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { sql, type QueryExecutorProvider } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrateReadModels } from './migrate';
import type { AnyProjector, ProjectedEvent } from './projector';
import { rebuildReadModels } from './rebuild';
import { asOfSchema, replayAside } from './replay-aside';
import { startProjectionRunner } from './runner';
import { countingProjector } from './testing/counting-projector';
import { outdatedProjectors, upgradeReadModels } from './upgrade';

const event = (): NewEvent => ({
  type: 'UserLoggedIn',
  data: {},
  metadata: { actorId: null, correlationId: randomUUID(), occurredAt: new Date().toISOString(), schemaVersion: 1 },
});

/** Version 1 of the `tally` projector: `tally_counts (stream, count)`, as the counting projector writes it. */
const tallyV1 = (): AnyProjector => countingProjector('tally');

/** Version 2 changed the table: the count is now `events`, with an index that version 1's table cannot take. */
const tallyV2: AnyProjector = {
  name: 'tally',
  version: 2,
  async migrate(db: QueryExecutorProvider, schema: string) {
    await sql`CREATE TABLE IF NOT EXISTS ${sql.table(`${schema}.tally_counts`)} (stream text PRIMARY KEY, events int NOT NULL)`.execute(
      db,
    );
    await sql`CREATE INDEX IF NOT EXISTS tally_by_events ON ${sql.table(`${schema}.tally_counts`)} (events)`.execute(db);
  },
  async project(trx: QueryExecutorProvider, schema: string, events: readonly ProjectedEvent[]) {
    for (const { streamName } of events)
      await sql`INSERT INTO ${sql.table(`${schema}.tally_counts`)} (stream, events) VALUES (${streamName}, 1)
        ON CONFLICT (stream) DO UPDATE SET events = tally_counts.events + 1`.execute(trx);
  },
};

describe('upgradeReadModels', () => {
  let database: TestDatabase;
  let store: EventStore;

  beforeEach(async () => {
    database = await createTestDatabase();
    await migrateEventStore(database.pool);
    store = createEventStore({ pool: database.pool });
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  async function appendTo(streams: Record<string, number>): Promise<string> {
    let last = '';
    for (const [stream, count] of Object.entries(streams))
      for (let i = 0; i < count; i++) last = (await store.append(stream, [event()], 'any')).lastGlobalPosition;
    return last;
  }
  const upgrade = (projectors: AnyProjector[]) => upgradeReadModels({ pool: database.pool, store, projectors });
  const checkpoints = async (schema = 'read_models') =>
    (
      await sql<{ name: string; position: string; version: number }>`SELECT name, position, version
        FROM ${sql.table(`${schema}.projection_checkpoints`)} ORDER BY name`.execute(database.db)
    ).rows;

  it("rebuilds read models written by another version of a projector into the current version's tables, before anything else runs", async () => {
    const last = await appendTo({ a: 3, b: 2 });
    await rebuildReadModels({ pool: database.pool, store, projectors: [tallyV1()] });
    // Without the upgrade, version 2's own migration fails on version 1's table.
    await expect(migrateReadModels(database.db, [tallyV2])).rejects.toThrow(/events/);

    const rebuilding: string[][] = [];
    const upgraded = await upgradeReadModels({
      pool: database.pool,
      store,
      projectors: [tallyV2],
      onRebuild: (outdated) => rebuilding.push([...outdated]),
    });

    expect(upgraded).toMatchObject({ outdated: ['tally'], rebuilt: { events: 5 }, droppedAsOf: [] });
    expect(rebuilding).toEqual([['tally']]);
    const { rows } = await sql<{ stream: string; events: number }>`SELECT stream, events FROM read_models.tally_counts
      ORDER BY stream`.execute(database.db);
    expect(rows).toEqual([
      { stream: 'a', events: 3 },
      { stream: 'b', events: 2 },
    ]);
    expect(await checkpoints()).toEqual([{ name: 'tally', position: last, version: 2 }]);
    await migrateReadModels(database.db, [tallyV2]);
    expect(await upgrade([tallyV2])).toBeNull();
  });

  it('leaves alone a fresh database, read models of the current versions, and a projector new to them', async () => {
    expect(await upgrade([tallyV1()])).toBeNull();
    await appendTo({ a: 1 });
    await migrateReadModels(database.db, [tallyV1()]);
    expect(await upgrade([tallyV1(), countingProjector('newcomer')])).toBeNull();
    expect(await outdatedProjectors(database.db, [tallyV1()])).toEqual([]);
    expect(await outdatedProjectors(database.db, [tallyV2])).toEqual(['tally']);
  });

  it('takes read models from before versions were kept as written by version 1', async () => {
    await appendTo({ a: 2 });
    await rebuildReadModels({ pool: database.pool, store, projectors: [tallyV1()] });
    await sql`ALTER TABLE read_models.projection_checkpoints DROP COLUMN version`.execute(database.db);

    expect(await upgrade([tallyV1()])).toBeNull();
    expect(await checkpoints()).toEqual([expect.objectContaining({ name: 'tally', version: 1 })]);
    expect(await upgrade([tallyV2])).toMatchObject({ outdated: ['tally'] });
  });

  it('drops read models kept as of a past moment by another version, and keeps those of the current one', async () => {
    const first = await appendTo({ a: 2 });
    const second = await appendTo({ b: 1 });
    await rebuildReadModels({ pool: database.pool, store, projectors: [tallyV1()] });
    const old = asOfSchema({ position: first });
    const current = asOfSchema({ position: second });
    await replayAside({ pool: database.pool, store, projectors: [tallyV1()], until: { position: first }, schema: old });
    await replayAside({ pool: database.pool, store, projectors: [tallyV2], until: { position: second }, schema: current });

    expect(await upgrade([tallyV2])).toMatchObject({ outdated: ['tally'], droppedAsOf: [old] });
    const { rows } = await sql<{ nspname: string }>`SELECT nspname FROM pg_namespace
      WHERE nspname LIKE 'read_models%' ORDER BY nspname`.execute(database.db);
    expect(rows.map((row) => row.nspname)).toEqual(['read_models', current]);
  });

  it('lets processes starting together take turns: one rebuilds, the others then find nothing to do', async () => {
    await appendTo({ a: 4 });
    await rebuildReadModels({ pool: database.pool, store, projectors: [tallyV1()] });

    const results = await Promise.all([upgrade([tallyV2]), upgrade([tallyV2]), upgrade([tallyV2])]);

    expect(results.filter((result) => result !== null)).toHaveLength(1);
    expect(await checkpoints()).toEqual([expect.objectContaining({ version: 2 })]);
  });

  it("builds aside while the earlier release's runner follows writes flowing in; at the swap that runner stops, and no event is lost", async () => {
    await appendTo({ a: 60 });
    const earlier = tallyV1();
    await migrateReadModels(database.db, [earlier]);
    const errors: unknown[] = [];
    const follow = { pool: database.pool, store, pollIntervalMs: 20, onError: (error: unknown) => errors.push(error) };
    const supersededCalls: string[][] = [];
    const earlierRunner = startProjectionRunner({
      ...follow,
      projectors: [earlier],
      onSuperseded: (names) => supersededCalls.push(names),
    });
    let writing = true;
    const writer = (async () => {
      for (let n = 0; writing; n++) await appendTo({ [`w${n % 3}`]: 1 });
    })();

    // The new release: replays aside in small batches while the writer appends and the earlier runner applies.
    const upgraded = await upgradeReadModels({ pool: database.pool, store, projectors: [tallyV2], batchSize: 20 });
    const runner = startProjectionRunner({ ...follow, projectors: [tallyV2] });
    await vi.waitFor(() => expect(earlierRunner.superseded()).toEqual(['tally']), { timeout: 5000 });
    writing = false;
    await writer;
    await vi.waitFor(async () => expect(await runner.lag(1)).toEqual({ events: 0, seconds: 0 }), { timeout: 5000 });
    await Promise.all([earlierRunner.stop(), runner.stop()]);

    expect(upgraded).toMatchObject({ outdated: ['tally'] });
    expect(supersededCalls).toEqual([['tally']]);
    const { events } = await store.readAll(null, 100_000);
    const perStream = new Map<string, number>();
    for (const { streamName } of events) perStream.set(streamName, (perStream.get(streamName) ?? 0) + 1);
    const { rows } = await sql<{ stream: string; events: number }>`SELECT stream, events FROM read_models.tally_counts
      ORDER BY stream`.execute(database.db);
    expect(rows).toEqual(
      [...perStream].sort(([a], [b]) => a.localeCompare(b)).map(([stream, count]) => ({ stream, events: count })),
    );
    expect(perStream.size).toBe(4);
    // The earlier runner wrote nothing into version 2's tables (its own would fail on them) and reported no failure.
    expect(errors).toEqual([]);
    expect(await checkpoints()).toEqual([{ name: 'tally', position: events.at(-1)!.globalPosition, version: 2 }]);
  });

  it("notices a newer release's swap by its notification, with no event to apply and no poll due", async () => {
    await appendTo({ a: 5 });
    const earlier = tallyV1();
    await migrateReadModels(database.db, [earlier]);
    // Neither the runner nor its store's safety net polls within the test: only a notification wakes it.
    const hour = 3_600_000;
    const idleStore = createEventStore({ pool: database.pool, pollIntervalMs: hour });
    const supersededCalls: string[][] = [];
    const earlierRunner = startProjectionRunner({
      pool: database.pool,
      store: idleStore,
      projectors: [earlier],
      pollIntervalMs: hour,
      onSuperseded: (names) => supersededCalls.push(names),
    });
    await vi.waitFor(async () => expect(await earlierRunner.lag(1)).toEqual({ events: 0, seconds: 0 }), { timeout: 5000 });

    await upgradeReadModels({ pool: database.pool, store, projectors: [tallyV2] });
    await vi.waitFor(() => expect(supersededCalls).toEqual([['tally']]), { timeout: 10_000 });
    expect(earlierRunner.superseded()).toEqual(['tally']);
    await earlierRunner.stop();
    await idleStore.close();
  });
});
