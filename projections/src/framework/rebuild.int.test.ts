import type { EventStore } from '@tht/eventstore';
import { historyEvents } from '@tht/test-kit/organisation';
import type { TestDatabase } from '@tht/postgres/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjectors } from '../all-projectors';
import type { AnyProjector } from './projector';
import { rebuildReadModels } from './rebuild';
import type { RebuildProgress } from './replay';
import { READ_MODEL_SCHEMA } from './schema';
import { countingProjector } from './testing/counting-projector';
import { startLiveReadModels, type LiveReadModels } from './testing/live-read-models';
import { readModelDefinitions, readModelSnapshot } from './testing/read-model-snapshot';
import { appendHistory, sampleHistory } from './testing/append-history';
import type { ReadModelWaiter } from './waiter';

const projectors: AnyProjector[] = [...allProjectors, countingProjector()];

const snapshot = (database: TestDatabase) => readModelSnapshot(database.db);

describe('rebuildReadModels', () => {
  let live: LiveReadModels;
  let database: TestDatabase;
  let store: EventStore;
  let waiter: ReadModelWaiter;

  beforeAll(async () => {
    live = await startLiveReadModels(projectors);
    ({ database, store, waiter } = live);
  });
  afterAll(() => live?.stop());

  const tableDefinitions = () => readModelDefinitions(database.db);

  it('rebuilds read models equal to the live ones, reporting progress', async () => {
    const { appends, timeOf } = sampleHistory();
    const last = await appendHistory(store, appends, { timeOf, writers: 4 });
    expect(await waiter.waitFor(last, 30_000)).toBe(true);
    const live = await snapshot(database);
    const liveDefinitions = await tableDefinitions();
    expect(liveDefinitions.filter((line) => line.endsWith(' p')).length).toBeGreaterThan(projectors.length);
    expect(Object.keys(live).length).toBeGreaterThan(projectors.length);
    expect(live.entries?.length).toBeGreaterThan(100);

    const progress: RebuildProgress[] = [];
    const result = await rebuildReadModels({
      pool: database.pool,
      store,
      projectors,
      batchSize: 500,
      onProgress: (p) => progress.push(p),
    });

    expect(await snapshot(database)).toEqual(live);
    // Replayed without secondary indexes, swapped in durable and with all of them.
    expect(await tableDefinitions()).toEqual(liveDefinitions);
    const total = await store.countAll!();
    expect(result.events).toBe(total);
    expect(progress.at(-1)).toMatchObject({ phase: 'done', done: total, total, secondsLeft: 0 });
    expect(progress.filter((p) => p.phase === 'replaying').map((p) => p.done)).toEqual(
      Array.from({ length: Math.ceil(total / 500) }, (_, i) => Math.min((i + 1) * 500, total)),
    );
    const { rows: schemas } = await sql<{
      nspname: string;
    }>`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'read_models%'`.execute(database.db);
    expect(schemas.map((s) => s.nspname)).toEqual([READ_MODEL_SCHEMA]);
  });

  it('loses no event appended while it runs: the live runner continues from the rebuilt checkpoints', async () => {
    let writing = true;
    let lastWritten = '';
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const result = await store.append(
          `during-${i}`,
          historyEvents([{ type: 'UserLoggedIn', data: { userId: 1 } }], new Date()),
          'no_stream',
        );
        lastWritten = result.lastGlobalPosition;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();

    try {
      await rebuildReadModels({ pool: database.pool, store, projectors, batchSize: 200 });
    } finally {
      writing = false;
      await writer;
    }
    expect(await waiter.waitFor(lastWritten, 30_000)).toBe(true);
    const afterLiveCatchUp = await snapshot(database);
    expect(afterLiveCatchUp.counting_counts!.filter((row) => row.includes('"during-')).length).toBeGreaterThan(0);

    // A quiet rebuild of the same log must produce exactly what the live runner ended with.
    await rebuildReadModels({ pool: database.pool, store, projectors });
    expect(await snapshot(database)).toEqual(afterLiveCatchUp);
  });

  it('lets the live runner restore the read model of a projector the rebuild did not know', async () => {
    const before = await snapshot(database);
    await rebuildReadModels({ pool: database.pool, store, projectors: projectors.filter((p) => p.name !== 'counting') });
    expect((await snapshot(database)).counting_counts).toBeUndefined();

    const { lastGlobalPosition } = await store.append(
      'after-partial-rebuild',
      historyEvents([{ type: 'UserLoggedIn', data: { userId: 1 } }], new Date()),
      'no_stream',
    );
    expect(await waiter.waitFor(lastGlobalPosition, 30_000)).toBe(true);
    const restored = await snapshot(database);
    expect(restored.counting_counts).toEqual(
      [...before.counting_counts!, '{"count": 1, "stream": "after-partial-rebuild"}'].sort(),
    );
  });

  it('refuses to run twice at the same time', async () => {
    const results = await Promise.allSettled([
      rebuildReadModels({ pool: database.pool, store, projectors }),
      rebuildReadModels({ pool: database.pool, store, projectors }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect(String(rejected.reason)).toContain('Another rebuild of the read models is running');
  });
});
