import { randomUUID } from 'node:crypto';
import { createEventStore, migrateEventStore, type EventStore, type NewEvent } from '@tht/eventstore';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrateReadModels } from './migrate';
import type { AnyProjector } from './projector';
import { changedTablesOf } from './change-signals';
import { startProjectionRunner, type ProjectionProgress, type ProjectionRunner, type ProjectionRunnerOptions } from './runner';
import { countingProjector } from './testing/counting-projector';
import { READ_MODELS_CHANNEL, READ_MODEL_SCHEMA } from './schema';
import { createReadModelWaiter } from './waiter';

const event = (type: string): NewEvent => ({
  type,
  data: {},
  metadata: { actorId: null, correlationId: randomUUID(), occurredAt: new Date().toISOString(), schemaVersion: 1 },
});

describe('projection runner', () => {
  let database: TestDatabase;
  let store: EventStore;
  const runners: ProjectionRunner[] = [];
  const start = (
    projectors: AnyProjector[],
    options: Partial<
      Pick<ProjectionRunnerOptions, 'batchSize' | 'catchUpBatchSize' | 'onError' | 'onProjected' | 'lagIntervalMs'>
    > = {},
  ) => {
    const runner = startProjectionRunner({ pool: database.pool, store, projectors, ...options });
    runners.push(runner);
    return runner;
  };

  beforeEach(async () => {
    database = await createTestDatabase();
    await migrateEventStore(database.pool);
    store = createEventStore({ pool: database.pool });
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    await store.close();
    await database.drop();
  });

  const counts = async (name = 'counting') =>
    Object.fromEntries(
      (
        await sql<{ stream: string; count: number }>`SELECT stream, count FROM ${sql.table(`read_models.${name}_counts`)}`.execute(
          database.db,
        )
      ).rows.map((row) => [row.stream, row.count]),
    );
  const checkpoint = async (name = 'counting') =>
    (
      await sql<{ position: string }>`SELECT position FROM read_models.projection_checkpoints WHERE name = ${name}`.execute(
        database.db,
      )
    ).rows[0]?.position;
  async function appendMany(streams: string[], perStream: number): Promise<string> {
    let last = '';
    for (let i = 0; i < perStream; i++) {
      for (const stream of streams) last = (await store.append(stream, [event('UserLoggedIn')], 'any')).lastGlobalPosition;
    }
    return last;
  }

  it('applies the log in order, in batches, and writes the checkpoint', async () => {
    const projector = countingProjector();
    await migrateReadModels(database.db, [projector]);
    const last = await appendMany(['a', 'b', 'c'], 8);
    const waiter = createReadModelWaiter(database.pool, { projectorNames: [projector.name] });

    start([projector], { batchSize: 7, catchUpBatchSize: 7 });
    expect(await waiter.waitFor(last)).toBe(true);
    await waiter.close();

    expect(await counts()).toEqual({ a: 8, b: 8, c: 8 });
    expect(projector.batches.map((batch) => batch.length)).toEqual([7, 7, 7, 3]);
    const inStoreOrder = (await store.readAll(null, 100)).events.map((e) => e.globalPosition);
    expect(projector.batches.flat()).toEqual(inStoreOrder);
    const logged = await sql<{ position: string }>`SELECT position FROM read_models.counting_log ORDER BY position`.execute(
      database.db,
    );
    expect(logged.rows.map((row) => row.position)).toEqual(inStoreOrder);
    expect(await checkpoint()).toBe(last);
  });

  it('reads bigger batches while it catches up (each full batch doubles the next, up to the bound), and small ones again once level', async () => {
    const projector = countingProjector();
    await migrateReadModels(database.db, [projector]);
    const behind = await appendMany(['a', 'b', 'c'], 20);
    const waiter = createReadModelWaiter(database.pool, { projectorNames: [projector.name] });

    start([projector], { batchSize: 5, catchUpBatchSize: 16 });
    expect(await waiter.waitFor(behind)).toBe(true);
    expect(projector.batches.map((batch) => batch.length)).toEqual([5, 10, 16, 16, 13]);
    const level = await appendMany(['a'], 12);
    expect(await waiter.waitFor(level)).toBe(true);
    await waiter.close();

    expect(Math.max(...projector.batches.slice(5).map((batch) => batch.length))).toBeLessThanOrEqual(10);
    expect(await counts()).toEqual({ a: 32, b: 20, c: 20 });
  });

  it("hands projectors only the product's events and moves past the others", async () => {
    const projector = countingProjector();
    await migrateReadModels(database.db, [projector]);
    await store.append('a', [event('UserLoggedIn')], 'any');
    const { lastGlobalPosition } = await store.append('b', [event('UserLoggedIn'), event('NotAProductEvent')], 'any');
    const waiter = createReadModelWaiter(database.pool, { projectorNames: [projector.name] });

    start([projector]);
    expect(await waiter.waitFor(lastGlobalPosition)).toBe(true);
    await waiter.close();

    expect(await counts()).toEqual({ a: 1, b: 1 });
    expect(await checkpoint()).toBe(lastGlobalPosition);
  });

  it('keeps rows and checkpoint together: a batch that fails leaves neither behind', async () => {
    const projector = countingProjector('counting', { failsOn: 'UserLoggedOut' });
    await migrateReadModels(database.db, [projector]);
    const before = await appendMany(['a'], 2);
    const errors: unknown[] = [];
    const waiter = createReadModelWaiter(database.pool, { projectorNames: [projector.name] });
    const runner = start([projector], { onError: (error) => errors.push(error) });
    expect(await waiter.waitFor(before)).toBe(true);

    await store.append('b', [event('UserLoggedIn'), event('UserLoggedOut')], 'any');
    await waitUntil(() => errors.length > 0);
    await runner.stop();
    await waiter.close();

    expect(String(errors[0])).toContain('Boom');
    expect(await counts()).toEqual({ a: 2 });
    expect(await checkpoint()).toBe(before);
    const logged = await sql<{ n: number }>`SELECT count(*)::int AS n FROM read_models.counting_log`.execute(database.db);
    expect(logged.rows[0]!.n).toBe(2);
    expect(await runner.lag(10)).toBeNull();
  });

  it("measures the slowest projector's lag: the events it has not applied (counted up to a bound) and the oldest one's age", async () => {
    const [good, bad] = [countingProjector('good'), countingProjector('bad', { failsOn: 'UserLoggedOut' })];
    await migrateReadModels(database.db, [good, bad]);
    const before = await appendMany(['a'], 2);
    const errors: unknown[] = [];
    const waiter = createReadModelWaiter(database.pool, { projectorNames: [good.name, bad.name] });
    const runner = start([good, bad], { onError: (error) => errors.push(error) });
    expect(await waiter.waitFor(before)).toBe(true);
    expect(await runner.lag(10)).toEqual({ events: 0, seconds: 0 });

    const old = event('UserLoggedOut');
    await store.append(
      'b',
      [{ ...old, metadata: { ...old.metadata, occurredAt: new Date(Date.now() - 30_000).toISOString() } }],
      'any',
    );
    await store.append('b', [event('UserLoggedIn'), event('UserLoggedIn'), event('UserLoggedIn')], 'any');
    await waitUntil(() => errors.length > 0);

    const lag = await runner.lag(10);
    expect(lag?.events).toBeGreaterThanOrEqual(1);
    expect(lag!.seconds).toBeGreaterThanOrEqual(30);
    await vi.waitFor(async () => expect(await runner.lag(10)).toMatchObject({ events: 4 }), { timeout: 10_000 });
    expect(await runner.lag(2)).toMatchObject({ events: 2 });
    await waiter.close();
    await runner.stop();
    expect(await runner.lag(10)).toBeNull();
  });

  it('measures its lag on its own schedule, unasked, so a health check only reads it', async () => {
    const bad = countingProjector('scheduled', { failsOn: 'UserLoggedOut' });
    await migrateReadModels(database.db, [bad]);
    const errors: unknown[] = [];
    const runner = start([bad], { onError: (error) => errors.push(error), lagIntervalMs: 20 });
    await vi.waitFor(() => expect(runner.measuredLag()).toEqual({ events: 0, seconds: 0 }), { timeout: 10_000 });

    const old = event('UserLoggedOut');
    await store.append(
      'c',
      [{ ...old, metadata: { ...old.metadata, occurredAt: new Date(Date.now() - 30_000).toISOString() } }],
      'any',
    );
    await store.append('c', [event('UserLoggedIn')], 'any');
    await waitUntil(() => errors.length > 0);
    await vi.waitFor(() => expect(runner.measuredLag()).toMatchObject({ events: 2 }), { timeout: 10_000 });
    expect(runner.measuredLag()!.seconds).toBeGreaterThanOrEqual(30);
    await runner.stop();
    expect(runner.measuredLag()).toBeNull();
  });

  it("measures each projector's lag while the projectors move on during the measurement", async () => {
    const projectors = [countingProjector('first'), countingProjector('second')];
    await migrateReadModels(database.db, projectors);
    const waiter = createReadModelWaiter(database.pool, { projectorNames: projectors.map((projector) => projector.name) });
    let moveOnDuringLag = false;
    // A lag measurement reads one event; while it does, another is appended and projected.
    const movingStore: EventStore = {
      ...store,
      async readAll(after, limit) {
        if (moveOnDuringLag && limit === 1) {
          moveOnDuringLag = false;
          const { lastGlobalPosition } = await store.append('moved', [event('UserLoggedIn')], 'any');
          await waiter.waitFor(lastGlobalPosition);
        }
        return store.readAll(after, limit);
      },
    };
    const runner = startProjectionRunner({ pool: database.pool, store: movingStore, projectors });
    runners.push(runner);
    expect(await waiter.waitFor(await appendMany(['a'], 2))).toBe(true);
    moveOnDuringLag = true;
    const lags = await runner.lags(10);
    await waiter.close();
    expect(moveOnDuringLag).toBe(false);
    // Measured from where both stood when asked: one event behind.
    expect([...lags!.entries()]).toEqual([
      ['first', { events: 1, seconds: expect.any(Number) }],
      ['second', { events: 1, seconds: expect.any(Number) }],
    ]);
  });

  it('applies a batch to the projectors at the same checkpoint in one transaction, and a failing one holds back only itself', async () => {
    const [good, other, bad] = [
      countingProjector('good'),
      countingProjector('other'),
      countingProjector('bad', { failsOn: 'UserLoggedOut' }),
    ];
    await migrateReadModels(database.db, [good, other, bad]);
    const errors: unknown[] = [];
    start([good, other, bad], { onError: (error) => errors.push(error) });
    const waiter = createReadModelWaiter(database.pool, { projectorNames: ['good', 'other', 'bad'] });
    const first = (await store.append('a', [event('UserLoggedIn')], 'no_stream')).lastGlobalPosition;
    expect(await waiter.waitFor(first)).toBe(true);
    await waiter.close();
    // The three checkpoints moved in one transaction: the same transaction id wrote their rows.
    const writers = await sql<{ xmin: string }>`SELECT DISTINCT xmin::text FROM read_models.projection_checkpoints
      WHERE name IN ('good', 'other', 'bad')`.execute(database.db);
    expect(writers.rows).toHaveLength(1);

    const { lastGlobalPosition } = await store.append('b', [event('UserLoggedIn'), event('UserLoggedOut')], 'no_stream');
    await waitUntil(() => errors.length > 0);
    const caughtUp = createReadModelWaiter(database.pool, { projectorNames: ['good', 'other'] });
    expect(await caughtUp.waitFor(lastGlobalPosition)).toBe(true);
    await caughtUp.close();
    expect(await counts('good')).toEqual({ a: 1, b: 2 });
    expect(await counts('other')).toEqual({ a: 1, b: 2 });
    expect(await counts('bad')).toEqual({ a: 1 });
    expect(await checkpoint('bad')).toBe(first);
  });

  it('lets a wait go on while the read models move on, up to its last moment', async () => {
    const counting = countingProjector();
    const slow: AnyProjector = {
      ...counting,
      async project(trx, schema, events) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        await counting.project(trx, schema, events);
      },
    };
    await migrateReadModels(database.db, [slow]);
    const waiter = createReadModelWaiter(database.pool, { projectorNames: [slow.name] });
    start([slow], { batchSize: 1, catchUpBatchSize: 1 });

    // Twelve batches of at least 250 ms each: more than the 2 s a wait gives without progress.
    expect(await waiter.waitFor(await appendMany(['a', 'b'], 6), 2_000)).toBe(false);
    expect(await waiter.waitFor(await appendMany(['a', 'b'], 6), 2_000, 60_000)).toBe(true);
    expect(await waiter.waitFor(await appendMany(['a'], 40), 2_000, 2_500)).toBe(false);
    await waiter.close();
  });

  it('resumes from its checkpoint after a restart without counting anything twice', async () => {
    const projector = countingProjector();
    await migrateReadModels(database.db, [projector]);
    const waiter = createReadModelWaiter(database.pool, { projectorNames: [projector.name] });

    const first = start([projector], { batchSize: 4 });
    expect(await waiter.waitFor(await appendMany(['a', 'b'], 5))).toBe(true);
    await first.stop();
    const whileStopped = await appendMany(['a', 'c'], 3);
    expect(await waiter.waitFor(whileStopped, 300)).toBe(false);

    const second = start([countingProjector()], { batchSize: 4 });
    expect(await waiter.waitFor(whileStopped)).toBe(true);
    expect(await second.lag(10)).toEqual({ events: 0, seconds: 0 });
    await waiter.close();
    expect(await counts()).toEqual({ a: 8, b: 5, c: 3 });
  });

  it('never double counts when two runners (e.g. two processes) follow the same log', async () => {
    const projector = countingProjector();
    await migrateReadModels(database.db, [projector]);
    const otherStore = createEventStore({ pool: database.pool });
    start([projector], { batchSize: 5 });
    runners.push(
      startProjectionRunner({ pool: database.pool, store: otherStore, projectors: [countingProjector()], batchSize: 3 }),
    );
    const waiter = createReadModelWaiter(database.pool, { projectorNames: [projector.name] });

    const last = await Promise.all(['a', 'b', 'c', 'd'].map((stream) => appendMany([stream], 25)));
    for (const position of last) expect(await waiter.waitFor(position)).toBe(true);
    await waiter.close();
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    await otherStore.close();
    expect(await counts()).toEqual({ a: 25, b: 25, c: 25, d: 25 });
  });

  it('lets a waiter know when a just-appended event is in the read models, and gives up after the timeout', async () => {
    const fast = countingProjector('fast');
    await migrateReadModels(database.db, [fast]);
    start([fast]);
    const waiter = createReadModelWaiter(database.pool, { projectorNames: ['fast', 'never_started'] });
    const onlyFast = createReadModelWaiter(database.pool, { projectorNames: ['fast'] });

    const { lastGlobalPosition } = await store.append('w', [event('UserLoggedIn')], 'no_stream');
    expect(await onlyFast.waitFor(lastGlobalPosition)).toBe(true);
    expect(await counts('fast')).toEqual({ w: 1 });
    expect(await waiter.waitFor(lastGlobalPosition, 200)).toBe(false);
    await waiter.close();
    await onlyFast.close();
  });

  it('names the tables each batch changed, in memory to its own process and in the notification to the others', async () => {
    const counting = countingProjector();
    const logoutsOnly = tableOfLogouts();
    await migrateReadModels(database.db, [counting, logoutsOnly]);
    const listener = await database.pool.connect();
    const payloads: string[] = [];
    listener.on('notification', (message) => payloads.push(message.payload ?? ''));
    await listener.query(`LISTEN ${READ_MODELS_CHANNEL}`);
    const progress: ProjectionProgress[] = [];
    try {
      start([counting, logoutsOnly], { onProjected: (update) => progress.push(update) });
      const signIn = (await store.append('a', [event('UserLoggedIn')], 'any')).lastGlobalPosition;
      await waitUntil(() => progress.some((update) => update.slowest === signIn));
      const signOut = (await store.append('a', [event('UserLoggedOut')], 'any')).lastGlobalPosition;
      await waitUntil(() => progress.some((update) => update.slowest === signOut) && payloads.length === progress.length);

      expect(progress.map((update) => [...update.changedTables!].sort())).toEqual([
        ['counting_counts', 'counting_log'],
        ['counting_counts', 'counting_log', 'logouts'],
      ]);
      expect(payloads.map(changedTablesOf)).toEqual(progress.map((update) => update.changedTables));
    } finally {
      listener.release(true);
    }
  });

  it('reports what changed as unknown when another runner moved the checkpoints first', async () => {
    const projector = countingProjector();
    await migrateReadModels(database.db, [projector]);
    const progress: ProjectionProgress[] = [];
    const onProjected = (update: ProjectionProgress) => progress.push(update);
    const both = [start([projector], { onProjected }), start([projector], { onProjected })];
    // Both at the start of the log before the event comes (a runner that loaded its checkpoint after
    // the other applied the batch would start past it and have nothing to report).
    // vitest's default of 1 s is not enough for two runners' start-up on a loaded CI machine.
    await vi.waitFor(
      async () => {
        for (const runner of both) expect(await runner.lag(1)).not.toBeNull();
      },
      { timeout: 10_000 },
    );
    const last = (await store.append('a', [event('UserLoggedIn')], 'any')).lastGlobalPosition;
    // Both runners try the batch: one applies it, the other finds its checkpoint moved and reloads it.
    await waitUntil(() => progress.filter((update) => update.slowest === last).length === 2);

    expect(progress.map((update) => (update.changedTables ? [...update.changedTables].sort() : null)).sort()).toEqual([
      ['counting_counts', 'counting_log'],
      null,
    ]);
    expect(await counts()).toEqual({ a: 1 });
  });

  it("lets a waiter fed by its process's runner end waits in memory, and answer at once for positions already reached", async () => {
    const waiter = createReadModelWaiter(database.pool, {
      projectorNames: ['never_started'],
      runnerInProcess: true,
      pollIntervalMs: 60_000,
    });
    const first = (await store.append('w', [event('UserLoggedIn')], 'no_stream')).lastGlobalPosition;
    const second = (await store.append('w', [event('UserLoggedIn')], 0)).lastGlobalPosition;
    const waits = [waiter.waitFor(first, 2_000), waiter.waitFor(second, 300)];
    waiter.progressed(first);
    expect(await Promise.all(waits)).toEqual([true, false]);
    expect(await waiter.waitFor(first, 0)).toBe(true);
    await waiter.close();
  });

  it("reads the checkpoints' versions for a newer release's swap at its first pass and polls, not after every batch", async () => {
    const projector = countingProjector();
    await migrateReadModels(database.db, [projector]);
    // The runner's own pool, each statement it sends seen on the way.
    const pool = new pg.Pool({ connectionString: database.connectionString });
    let versionReads = 0;
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      Object.assign(client, {
        query: (...args: unknown[]) => {
          const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
          if (text?.includes('SELECT name, version FROM')) versionReads++;
          return query(...args);
        },
      });
    });
    const runner = startProjectionRunner({ pool, store, projectors: [projector], pollIntervalMs: 3_600_000 });
    const waiter = createReadModelWaiter(database.pool, { projectorNames: [projector.name] });
    try {
      await vi.waitFor(() => expect(versionReads).toBe(1), { timeout: 10_000 });
      for (let i = 0; i < 5; i++) expect(await waiter.waitFor(await appendMany(['a'], 1))).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the passes after the last batch
      expect(await counts()).toEqual({ a: 5 });
      expect(versionReads).toBe(1);
    } finally {
      await waiter.close();
      await runner.stop();
      await pool.end();
    }
  });

  it('creates the schema, tables and checkpoints once, however often migrations run', async () => {
    const projector = countingProjector();
    await Promise.all([migrateReadModels(database.db, [projector]), migrateReadModels(database.db, [projector])]);
    await migrateReadModels(database.db, [projector]);
    const tables = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables
      WHERE table_schema = ${READ_MODEL_SCHEMA} ORDER BY table_name`.execute(database.db);
    expect(tables.rows.map((row) => row.table_name)).toEqual(['counting_counts', 'counting_log', 'projection_checkpoints']);
    expect(await checkpoint()).toBe('');
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A test projector that writes a row (table `logouts`) only for `UserLoggedOut` events. */
function tableOfLogouts(): AnyProjector {
  return {
    name: 'logouts',
    async migrate(db, schema) {
      await sql`CREATE TABLE IF NOT EXISTS ${sql.table(`${schema}.logouts`)} (position text PRIMARY KEY)`.execute(db);
    },
    async project(trx, schema, events) {
      for (const e of events.filter((each) => each.type === 'UserLoggedOut')) {
        await sql`INSERT INTO ${sql.table(`${schema}.logouts`)} VALUES (${e.globalPosition})`.execute(trx);
      }
    },
  };
}
