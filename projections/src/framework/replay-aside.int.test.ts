import type { EventStore } from '@tht/eventstore';
import type { TestDatabase } from '@tht/postgres/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjectors } from '../all-projectors';
import type { AnyProjector } from './projector';
import { rebuildReadModels } from './rebuild';
import type { RebuildProgress } from './replay';
import { asOfSchema, dropUnlessReplayedAside, replayAside, replayedAsideSchemas } from './replay-aside';
import { CHECKPOINT_TABLE, READ_MODEL_SCHEMA } from './schema';
import { countingProjector } from './testing/counting-projector';
import { startLiveReadModels, type LiveReadModels } from './testing/live-read-models';
import { readModelDefinitions, readModelSnapshot } from './testing/read-model-snapshot';
import { appendHistory, sampleHistory } from './testing/append-history';

const projectors: AnyProjector[] = [...allProjectors, countingProjector()];

const { appends: history, timeOf } = sampleHistory();
/** The sample history's appends are a minute apart from 5 January 08:00: the 960th is the first of 6 January. */
const FIRST_AFTER_CUT = 960;
const END_OF_5_JANUARY = new Date('2026-01-05T23:59:59.999Z');

describe('replayAside (the read models as of a cut)', () => {
  let liveReadModels: LiveReadModels;
  let database: TestDatabase;
  let store: EventStore;
  /** The live read models of the log up to the cut, rebuilt from it. */
  let atCut: Record<string, string[]>;
  let lastBeforeCut: string;
  /** The live read models of the whole log. */
  let live: Record<string, string[]>;

  const snapshot = (schema = READ_MODEL_SCHEMA) => readModelSnapshot(database.db, schema);

  /** The live checkpoints with the time each was written: a replay aside must not write them. */
  async function liveCheckpoints(): Promise<unknown[]> {
    const { rows } = await sql`SELECT * FROM ${sql.table(`${READ_MODEL_SCHEMA}.${CHECKPOINT_TABLE}`)} ORDER BY name`.execute(
      database.db,
    );
    return rows;
  }

  beforeAll(async () => {
    liveReadModels = await startLiveReadModels(projectors);
    ({ database, store } = liveReadModels);
    const { waiter } = liveReadModels;

    expect(timeOf(FIRST_AFTER_CUT - 1) <= END_OF_5_JANUARY).toBe(true);
    expect(timeOf(FIRST_AFTER_CUT) > END_OF_5_JANUARY).toBe(true);
    lastBeforeCut = await appendHistory(store, history.slice(0, FIRST_AFTER_CUT), { timeOf });
    expect(await waiter.waitFor(lastBeforeCut, 30_000)).toBe(true);
    await rebuildReadModels({ pool: database.pool, store, projectors });
    atCut = await snapshot();

    const last = await appendHistory(store, history.slice(FIRST_AFTER_CUT), { timeOf, firstIndex: FIRST_AFTER_CUT });
    expect(await waiter.waitFor(last, 30_000)).toBe(true);
    live = await snapshot();
    // Events on both sides of the cut change the read models.
    expect(live.entries).not.toEqual(atCut.entries);
    expect(atCut.entries?.length).toBeGreaterThan(50);
  }, 120_000);
  afterAll(() => liveReadModels?.stop());

  it('replays the events recorded by the end of a day into their own schema, equal to a rebuild of the log cut there', async () => {
    const checkpointsBefore = await liveCheckpoints();
    const liveDefinitions = await readModelDefinitions(database.db);
    const progress: RebuildProgress[] = [];
    const until = { recordedBy: END_OF_5_JANUARY };

    const result = await replayAside({
      pool: database.pool,
      store,
      projectors,
      batchSize: 300,
      until,
      schema: asOfSchema(until),
      onProgress: (p) => progress.push(p),
    });

    expect(result.schema).toBe('read_models_asof_20260105t235959999z');
    expect(await snapshot(result.schema)).toEqual(atCut);
    expect(result.lastPosition).toBe(lastBeforeCut);
    expect(result.lastRecordedAt).toBe(timeOf(FIRST_AFTER_CUT - 1).toISOString());
    const eventsBeforeCut = history.slice(0, FIRST_AFTER_CUT).reduce((sum, append) => sum + append.events.length, 0);
    expect(result.events).toBe(eventsBeforeCut);
    // The bar counts against the whole log while replaying, and ends full on what was replayed.
    expect(progress.filter((p) => p.phase === 'replaying').at(-1)).toMatchObject({
      done: eventsBeforeCut,
      total: await store.countAll!(),
    });
    expect(progress.map((p) => p.phase).slice(-2)).toEqual(['indexing', 'done']);
    expect(progress.at(-1)).toMatchObject({ done: eventsBeforeCut, total: eventsBeforeCut });
    // Unlogged (a cache: decision 061) and with every index of the live schema; which is untouched.
    expect(await readModelDefinitions(database.db, result.schema)).toEqual(
      liveDefinitions.map((line) => line.replace(/ p$/, ' u')),
    );
    expect(await snapshot()).toEqual(live);
    expect(await liveCheckpoints()).toEqual(checkpointsBefore);
  });

  it('cuts exactly at a log position, and replaces the schema of the same cut when run again', async () => {
    const checkpointsBefore = await liveCheckpoints();
    const until = { position: lastBeforeCut };
    const schema = asOfSchema(until);
    expect(schema).toMatch(/^read_models_asof_p[1-9]\d*_[1-9]\d*$/);

    for (const batchSize of [7, 10_000]) {
      const result = await replayAside({ pool: database.pool, store, projectors, batchSize, until, schema });
      expect(result.lastPosition).toBe(lastBeforeCut);
      expect(await snapshot(schema)).toEqual(atCut);
    }
    expect(await snapshot()).toEqual(live);
    expect(await liveCheckpoints()).toEqual(checkpointsBefore);
  });

  it('marks its schema with the server’s start: a replay from before PostgreSQL last started is told apart and dropped', async () => {
    const until = { position: lastBeforeCut };
    const schema = asOfSchema(until);
    await replayAside({ pool: database.pool, store, projectors, until, schema });
    const replayed = () => replayedAsideSchemas(database.db);
    expect(await replayed()).toContainEqual({ schema, position: lastBeforeCut, current: true });
    await dropUnlessReplayedAside(database.pool, schema);
    expect(await replayed()).toContainEqual({ schema, position: lastBeforeCut, current: true });

    // As PostgreSQL's restart leaves it (a crash empties its unlogged tables): marked on the server's earlier start.
    const earlier = `replayed aside on the server started at 1, up to log position ${lastBeforeCut}`;
    await sql`COMMENT ON SCHEMA ${sql.id(schema)} IS ${sql.lit(earlier)}`.execute(database.db);
    expect(await replayed()).toContainEqual({ schema, position: lastBeforeCut, current: false });
    await dropUnlessReplayedAside(database.pool, schema);
    expect((await replayed()).map((found) => found.schema)).not.toContain(schema);
    expect(await snapshot()).toEqual(live);
  });

  it('builds empty read models for a cut before the first event, and never replays into the live schema', async () => {
    const until = { recordedBy: new Date('2025-12-31T23:59:59.999Z') };
    const result = await replayAside({ pool: database.pool, store, projectors, until, schema: asOfSchema(until) });
    expect(result).toMatchObject({ events: 0, lastPosition: null, lastRecordedAt: null });
    expect((await snapshot(result.schema)).entries).toEqual([]);

    await expect(replayAside({ pool: database.pool, store, projectors, until, schema: READ_MODEL_SCHEMA })).rejects.toThrow(
      'Not a schema to replay aside into: read_models',
    );
    expect(await snapshot()).toEqual(live);
  });
});
