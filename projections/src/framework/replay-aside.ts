import type { EventStore } from '@tht/eventstore';
import { createDb } from '@tht/postgres';
import { sql, type QueryExecutorProvider } from 'kysely';
import { START, type CheckpointTables } from './checkpoints';
import {
  cutBatch,
  DEFAULT_BATCH_SIZE,
  withSecondaryIndexes,
  replayIntoFreshSchema,
  replaySettings,
  withAdvisoryLock,
  type RebuildOptions,
  type RebuildResult,
  type ReplayCut,
} from './replay';
import { AS_OF_PREFIX, READ_MODEL_SCHEMA } from './schema';
import { seedFromSnapshot } from './snapshots';

export interface ReplayAsideOptions extends RebuildOptions {
  until: ReplayCut;
  /** The schema to build; replaced if it exists. Never `read_models`. */
  schema: string;
  /** false: replays from the log's start even when a snapshot (snapshots.ts) is at or before a position cut. */
  fromSnapshot?: boolean;
}

export interface ReplayAsideResult extends RebuildResult {
  schema: string;
  /** Global position of the last event replayed; null when the log has none before the cut. */
  lastPosition: string | null;
  /** When the last event replayed was recorded (its `occurredAt`); null when none was. */
  lastRecordedAt: string | null;
  /** The snapshot the replay started from; null: from the log's start. */
  snapshot: string | null;
}

/** Schemas built by `replayAside` for a cut start with this (`rebuildReadModels` leaves them alone). */
export { AS_OF_PREFIX };

/** The schema of the read models as of a cut: `read_models_asof_20260630t235959999z`, `read_models_asof_p1234_7`. */
export function asOfSchema(cut: ReplayCut): string {
  if ('position' in cut) return `${AS_OF_PREFIX}p${cut.position.replace(/\b0+(?=\d)/g, '').replace(/[^0-9]+/g, '_')}`;
  return `${AS_OF_PREFIX}${cut.recordedBy.toISOString().replace(/[-:.]/g, '').toLowerCase()}`;
}

/**
 * Replays the log up to a cut into a schema kept aside (the organisation's read models as they
 * were then), the way a rebuild replays it, without a swap: the live read models and their
 * checkpoints are not touched. The schema has its own checkpoints, at the last event replayed.
 * A cut at a position starts from the latest snapshot at or before it (snapshots.ts), if any, and
 * replays only the events after the snapshot.
 */
export async function replayAside({
  until,
  schema,
  fromSnapshot = true,
  ...options
}: ReplayAsideOptions): Promise<ReplayAsideResult> {
  if (schema === READ_MODEL_SCHEMA || !/^[a-z_][a-z0-9_]{0,62}$/.test(schema))
    throw new Error(`Not a schema to replay aside into: ${schema}`);
  const db = createDb<CheckpointTables>(options.pool);
  return withAdvisoryLock(db, `tht:replay-aside:${schema}`, `Another replay into ${schema} is running`, async () => {
    await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db);
    const seed = fromSnapshot && 'position' in until ? seedFromSnapshot(db, options.projectors, until.position) : undefined;
    const run = await replayIntoFreshSchema(db, schema, replaySettings(options), until, seed);
    run.report('indexing');
    await withSecondaryIndexes(db, schema, run.indexes);
    await sql`COMMENT ON SCHEMA ${sql.id(schema)} IS ${sql.lit(`${REPLAYED_MARK}${run.replay.position}`)}`.execute(db);
    // Now the number of events up to the cut is known: the bar ends full.
    run.report('done', run.replay.done);
    const lastPosition = run.replay.position === START ? null : run.replay.position;
    return {
      ...run.result(),
      schema,
      lastPosition,
      lastRecordedAt: run.replay.lastRecordedAt,
      snapshot: run.start?.position ?? null,
    };
  });
}

/** The comment a finished `replayAside` leaves on its schema, before the last position replayed (empty: none). */
const REPLAYED_MARK = 'replayed aside up to log position ';

/** A schema `replayAside` finished (an interrupted one has no mark), and the last position it replayed ('' for none). */
export interface ReplayedSchema {
  schema: string;
  position: string;
}

/** The schemas `replayAside` finished, in any run of any process: what a restart finds again. */
export async function replayedAsideSchemas(db: QueryExecutorProvider): Promise<ReplayedSchema[]> {
  const { rows } = await sql<{ schema: string; mark: string }>`
    SELECT nspname AS schema, obj_description(oid, 'pg_namespace') AS mark
    FROM pg_namespace WHERE starts_with(nspname, ${AS_OF_PREFIX})
      AND starts_with(obj_description(oid, 'pg_namespace'), ${REPLAYED_MARK}) ORDER BY nspname`.execute(db);
  return rows.map(({ schema, mark }) => ({ schema, position: mark.slice(REPLAYED_MARK.length) }));
}

/**
 * Where a cut ends in the log: the position of the last event before it ('' when none is), so
 * replaying up to that position replays the same events as `replayAside` with the cut. A cut at a
 * time is found by the store's own query where it has one; otherwise the log is read batch by
 * batch up to the cut as `replayAside` reads it.
 */
export async function positionOfCut(store: EventStore, cut: ReplayCut, batchSize = DEFAULT_BATCH_SIZE): Promise<string> {
  if ('recordedBy' in cut && store.lastPositionBy) return (await store.lastPositionBy(cut.recordedBy)) ?? START;
  return positionOfCutByReading(store, cut, batchSize);
}

/** `positionOfCut` by reading the log up to the cut (any store). */
export async function positionOfCutByReading(store: EventStore, cut: ReplayCut, batchSize = DEFAULT_BATCH_SIZE): Promise<string> {
  let position: string | null = null;
  for (;;) {
    const batch = cutBatch(await store.readAll(position, batchSize), position, cut);
    position = batch.lastPosition;
    if (batch.events.length < batchSize) return position ?? START;
  }
}
