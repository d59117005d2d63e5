import type { EventStore } from '@tht/eventstore';
import { createDb } from '@tht/postgres';
import { sql, type QueryExecutorProvider } from 'kysely';
import { START, type CheckpointTables } from './checkpoints';
import type pg from 'pg';
import {
  cutBatch,
  DEFAULT_BATCH_SIZE,
  withSecondaryIndexes,
  replayIntoFreshSchema,
  replaySettings,
  unloggedTables,
  whenLockFree,
  withAdvisoryLock,
  type RebuildOptions,
  type RebuildResult,
  type ReplayCut,
  type SchemaSeed,
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

/** The advisory lock a replay into `schema` holds. */
const replayLockOf = (schema: string) => `tht:replay-aside:${schema}`;

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
 * replays only the events after the snapshot. The schema's tables are unlogged (a cache, written
 * without WAL: decision 061); its mark names the server's start, so that a replay from before a
 * restart of PostgreSQL, which may have emptied them, is told apart (`replayedAsideSchemas`).
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
  return withAdvisoryLock(db, replayLockOf(schema), `Another replay into ${schema} is running`, async () => {
    await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db);
    const fromSeed =
      fromSnapshot && 'position' in until ? seedFromSnapshot(options.pool, options.projectors, until.position) : null;
    const seed: SchemaSeed = async (fresh) => {
      await unloggedTables(db, fresh);
      return fromSeed ? fromSeed(fresh) : null;
    };
    const run = await replayIntoFreshSchema(db, schema, replaySettings(options), until, seed);
    run.report('indexing');
    await withSecondaryIndexes(db, schema, run.indexes);
    const { rows } = await sql<{ mark: string }>`SELECT ${REPLAYED_MARK} AS mark`.execute(db);
    await sql`COMMENT ON SCHEMA ${sql.id(schema)} IS ${sql.lit(`${rows[0]!.mark}${run.replay.position}`)}`.execute(db);
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

/** What the comment a finished `replayAside` leaves on its schema starts with, whichever the server's run. */
const MARKED = 'replayed aside ';
/** What follows in it: the last position replayed ('' for none). */
const UP_TO = ' up to log position ';
/**
 * The start of the comment a `replayAside` finished on this run of PostgreSQL leaves: the
 * server's start time (its unlogged tables are emptied by a crash, and absent from a physical
 * backup or a standby), then the last position replayed.
 */
const REPLAYED_MARK = sql<string>`${`${MARKED}on the server started at `} || extract(epoch FROM pg_postmaster_start_time())::text || ${`,${UP_TO}`}`;

/** Whether `schema` holds a replay finished on this run of PostgreSQL (false when it is gone, unfinished or older): for a WHERE. */
export function isReplayedAside(schema: string) {
  return sql<boolean>`coalesce(starts_with(obj_description(to_regnamespace(${schema}), 'pg_namespace'), ${REPLAYED_MARK}), false)`;
}

/** A schema `replayAside` finished (an interrupted one has no mark), and the last position it replayed ('' for none). */
export interface ReplayedSchema {
  schema: string;
  position: string;
  /** Finished on this run of PostgreSQL; false: before it last started (a crash may have emptied its tables). */
  current: boolean;
}

/** The schemas `replayAside` finished, in any run of any process: what a restart finds again. */
export async function replayedAsideSchemas(db: QueryExecutorProvider): Promise<ReplayedSchema[]> {
  const { rows } = await sql<{ schema: string; mark: string; current: boolean }>`
    SELECT nspname AS schema, obj_description(oid, 'pg_namespace') AS mark,
      starts_with(obj_description(oid, 'pg_namespace'), ${REPLAYED_MARK}) AS current
    FROM pg_namespace WHERE starts_with(nspname, ${AS_OF_PREFIX})
      AND starts_with(obj_description(oid, 'pg_namespace'), ${MARKED}) ORDER BY nspname`.execute(db);
  return rows.map(({ schema, mark, current }) => ({ schema, position: mark.slice(mark.indexOf(UP_TO) + UP_TO.length), current }));
}

/** Drops `schema` unless it holds a replay finished on this run of PostgreSQL, or one into it is under way. */
export async function dropUnlessReplayedAside(pool: pg.Pool, schema: string): Promise<void> {
  const db = createDb<CheckpointTables>(pool);
  await whenLockFree(db, replayLockOf(schema), async () => {
    const { rows } = await sql<{ replayed: boolean }>`SELECT ${isReplayedAside(schema)} AS replayed`.execute(db);
    if (!rows[0]!.replayed) await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db);
  });
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
