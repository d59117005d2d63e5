import type { EventStore, ReadAllBatch, RecordedEvent } from '@tht/eventstore';
import { createDb } from '@tht/postgres';
import { sql } from 'kysely';
import type pg from 'pg';
import type { ReadModelDb, ReadModelTables } from '../read-model-tables';
import { allProjectors } from '../all-projectors';
import { applyBatch, START } from './checkpoints';
import { migrateReadModels } from './migrate';
import type { Projector } from './projector';
import { CHECKPOINT_TABLE, READ_MODELS_CHANNEL, READ_MODEL_SCHEMA } from './schema';

export interface RebuildProgress {
  /** `indexing`: a replay kept aside makes its tables durable and indexes them (a rebuild does so while `swapping`). */
  phase: 'replaying' | 'swapping' | 'indexing' | 'done';
  /** Events replayed so far. */
  done: number;
  /** Events in the log when the rebuild started; null when the event store cannot tell. */
  total: number | null;
  eventsPerSecond: number;
  /** Estimated; null while unknown. */
  secondsLeft: number | null;
}

export interface RebuildOptions {
  pool: pg.Pool;
  store: EventStore;
  projectors?: readonly Projector[];
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
}

export interface RebuildResult {
  events: number;
  seconds: number;
  eventsPerSecond: number;
}

/** How many batches the fastest projector of a rebuild may run ahead of the slowest (bounds the memory held). */
const LOOKAHEAD = 3;

/** Measured with bench/rebuild.ts: 10,000 used the least CPU (2,500 and 20,000 more). */
const DEFAULT_BATCH_SIZE = 10_000;

const REBUILD_PREFIX = `${READ_MODEL_SCHEMA}_rebuild_`;
const OLD_PREFIX = `${READ_MODEL_SCHEMA}_old_`;

/**
 * Replays the whole event log into a fresh schema and swaps it in for `read_models` while the
 * product keeps running.
 *
 * 1. Replay into `read_models_rebuild_<time>` (its own checkpoints), batch by batch, until the
 *    end of the log. The live runner keeps serving and updating `read_models` meanwhile. The new
 *    tables are filled unlogged and without their secondary indexes, then made durable
 *    (`SET LOGGED`, one bulk write each) and indexed (one sorted build each) before the swap.
 * 2. Swap, in one transaction: lock the live checkpoint table (the live runner locks its
 *    checkpoint row first in every batch, so it pauses between batches), replay whatever the live
 *    read models have and the new ones do not yet, then rename `read_models` away and the new
 *    schema to `read_models`. Queries see either the old or the new read models, never a mix, and
 *    the new ones are never behind what a query could already see. The swap's commit notifies
 *    the read-model channel as a projection batch does, so running API processes serve the new
 *    tables' data at once.
 * 3. Drop the old schema.
 * Events appended during the rebuild are not lost: the live runner's next batch finds the
 * swapped-in checkpoints (its paused statement re-resolves `read_models` after the rename), sees
 * they moved, reloads them, and continues from there.
 */
export async function rebuildReadModels({
  pool,
  store,
  projectors = allProjectors,
  batchSize = DEFAULT_BATCH_SIZE,
  onProgress = () => {},
}: RebuildOptions): Promise<RebuildResult> {
  const db = createDb<ReadModelTables>(pool);
  return withAdvisoryLock(db, 'tht:rebuild-read-models', 'Another rebuild of the read models is running', async () => {
    await dropLeftoverSchemas(db);
    const stamp = Date.now();
    const schema = `${REBUILD_PREFIX}${stamp}`;
    const run = await replayIntoFreshSchema(db, schema, { store, projectors, batchSize, onProgress });
    run.report('swapping');
    await durableWithIndexes(db, schema, run.indexes);
    await swapIn(db, run.replay, schema, `${OLD_PREFIX}${stamp}`);
    run.report('done');
    return run.result();
  });
}

/**
 * Where a replay of the log stops: after the event at a global position (exact), or before the
 * first event recorded (metadata `occurredAt`) after a time. Events appended at nearly the same
 * time by concurrent writers may commit out of time order, so a time cut is by the events'
 * recorded time, as far as the log's order follows it (milliseconds).
 */
export type ReplayCut = { position: string } | { recordedBy: Date };

export interface ReplayAsideOptions extends RebuildOptions {
  until: ReplayCut;
  /** The schema to build; replaced if it exists. Never `read_models`. */
  schema: string;
}

export interface ReplayAsideResult extends RebuildResult {
  schema: string;
  /** Global position of the last event replayed; null when the log has none before the cut. */
  lastPosition: string | null;
  /** When the last event replayed was recorded (its `occurredAt`); null when none was. */
  lastRecordedAt: string | null;
}

/** Schemas built by `replayAside` for a cut start with this (`rebuildReadModels` leaves them alone). */
export const AS_OF_PREFIX = `${READ_MODEL_SCHEMA}_asof_`;

/** The schema of the read models as of a cut: `read_models_asof_20260630t235959999z`, `read_models_asof_p1234_7`. */
export function asOfSchema(cut: ReplayCut): string {
  if ('position' in cut) return `${AS_OF_PREFIX}p${cut.position.replace(/\b0+(?=\d)/g, '').replace(/[^0-9]+/g, '_')}`;
  return `${AS_OF_PREFIX}${cut.recordedBy.toISOString().replace(/[-:.]/g, '').toLowerCase()}`;
}

/**
 * Replays the log up to a cut into a schema kept aside (the organisation's read models as they
 * were then), the way a rebuild replays it, without a swap: the live read models and their
 * checkpoints are not touched. The schema has its own checkpoints, at the last event replayed.
 */
export async function replayAside({
  pool,
  store,
  projectors = allProjectors,
  batchSize = DEFAULT_BATCH_SIZE,
  onProgress = () => {},
  until,
  schema,
}: ReplayAsideOptions): Promise<ReplayAsideResult> {
  if (schema === READ_MODEL_SCHEMA || !/^[a-z_][a-z0-9_]{0,62}$/.test(schema))
    throw new Error(`Not a schema to replay aside into: ${schema}`);
  const db = createDb<ReadModelTables>(pool);
  return withAdvisoryLock(db, `tht:replay-aside:${schema}`, `Another replay into ${schema} is running`, async () => {
    await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db);
    const run = await replayIntoFreshSchema(db, schema, { store, projectors, batchSize, onProgress }, until);
    run.report('indexing');
    await durableWithIndexes(db, schema, run.indexes);
    await sql`COMMENT ON SCHEMA ${sql.id(schema)} IS ${sql.lit(`${REPLAYED_MARK}${run.replay.position}`)}`.execute(db);
    // Now the number of events up to the cut is known: the bar ends full.
    run.report('done', run.replay.done);
    const lastPosition = run.replay.position === START ? null : run.replay.position;
    return { ...run.result(), schema, lastPosition, lastRecordedAt: run.replay.lastRecordedAt };
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
export async function replayedAsideSchemas(db: ReadModelDb): Promise<ReplayedSchema[]> {
  const { rows } = await sql<{ schema: string; mark: string }>`
    SELECT nspname AS schema, obj_description(oid, 'pg_namespace') AS mark
    FROM pg_namespace WHERE starts_with(nspname, ${AS_OF_PREFIX})
      AND starts_with(obj_description(oid, 'pg_namespace'), ${REPLAYED_MARK}) ORDER BY nspname`.execute(db);
  return rows.map(({ schema, mark }) => ({ schema, position: mark.slice(REPLAYED_MARK.length) }));
}

/**
 * Where a cut ends in the log: the position of the last event before it ('' when none is), read
 * batch by batch up to the cut as `replayAside` reads it, so replaying up to that position
 * replays the same events.
 */
export async function positionOfCut(store: EventStore, cut: ReplayCut, batchSize = DEFAULT_BATCH_SIZE): Promise<string> {
  let position: string | null = null;
  for (;;) {
    const batch = cutBatch(await store.readAll(position, batchSize), position, cut);
    position = batch.lastPosition;
    if (batch.events.length < batchSize) return position ?? START;
  }
}

interface ReplaySettings {
  store: EventStore;
  projectors: readonly Projector[];
  batchSize: number;
  onProgress: (progress: RebuildProgress) => void;
}

/**
 * Migrates `schema` for the projectors and replays the log into it (up to `cut`, else to the end),
 * unlogged and without secondary indexes (returned, for `durableWithIndexes`); reports progress.
 */
async function replayIntoFreshSchema(
  db: ReadModelDb,
  schema: string,
  { store, projectors, batchSize, onProgress }: ReplaySettings,
  cut?: ReplayCut,
) {
  await migrateReadModels(db, projectors, schema);
  const indexes = await withoutWalAndSecondaryIndexes(db, schema);

  const started = performance.now();
  /** With a cut, the whole log's size: at most what is replayed. */
  const logSize = (await store.countAll?.()) ?? null;
  const replay = new Replay(db, store, schema, projectors, batchSize, cut);
  const seconds = () => (performance.now() - started) / 1000;
  const report = (phase: RebuildProgress['phase'], total = logSize) => {
    const eventsPerSecond = seconds() > 0 ? replay.done / seconds() : 0;
    const secondsLeft = total === null || eventsPerSecond === 0 ? null : Math.max(0, total - replay.done) / eventsPerSecond;
    onProgress({ phase, done: replay.done, total, eventsPerSecond, secondsLeft: phase === 'done' ? 0 : secondsLeft });
  };
  await replay.toEnd(() => report('replaying'));
  const result = (): RebuildResult => ({ events: replay.done, seconds: seconds(), eventsPerSecond: replay.done / seconds() });
  return { replay, indexes, report, result };
}

/** The batch's events before the first one beyond the cut. */
function cutBatch(batch: ReadAllBatch, after: string | null, cut: ReplayCut | undefined): ReadAllBatch {
  if (!cut) return batch;
  const beyond = batch.events.findIndex((event) =>
    'position' in cut ? event.globalPosition > cut.position : Date.parse(event.metadata.occurredAt) > cut.recordedBy.getTime(),
  );
  if (beyond === -1) return batch;
  const events = batch.events.slice(0, beyond);
  return { events, lastPosition: events.at(-1)?.globalPosition ?? after };
}

/** Applies the log to every projector of one schema: one transaction per projector and batch. */
class Replay {
  private checkpoint = START;
  done = 0;
  /** `occurredAt` of the last event replayed. */
  lastRecordedAt: string | null = null;

  constructor(
    private readonly db: ReadModelDb,
    private readonly store: EventStore,
    private readonly schema: string,
    private readonly projectors: readonly Projector[],
    private readonly batchSize: number,
    private readonly cut?: ReplayCut,
  ) {}

  get position(): string {
    return this.checkpoint;
  }

  private read(): Promise<ReadAllBatch> {
    return this.readAfter(this.checkpoint === START ? null : this.checkpoint);
  }

  /** A batch of the log after `position`, up to the cut. */
  private async readAfter(position: string | null): Promise<ReadAllBatch> {
    return cutBatch(await this.store.readAll(position, this.batchSize), position, this.cut);
  }

  /**
   * The projectors write different tables, so their transactions run side by side. Their commits
   * do not wait for the disk: a crash loses at most a rebuild, which is rerun (the live schema is
   * untouched until the swap), and the swap's own commit, which waits, flushes the WAL of every
   * commit before it, so the swapped-in read models are durable.
   */
  private async applyTo(projector: Projector, events: readonly RecordedEvent[], from: string): Promise<void> {
    const applied = await applyBatch(this.db, this.schema, projector, events, from, { waitForFlush: false });
    if (!applied) throw new Error(`Checkpoint of ${projector.name} in ${this.schema} moved during the rebuild`);
  }

  /** Applies a batch to every projector, side by side. */
  private async apply(batch: ReadAllBatch): Promise<void> {
    await Promise.all(this.projectors.map((projector) => this.applyTo(projector, batch.events, this.checkpoint)));
    this.passed(batch);
  }

  /** Moves past a batch every projector has applied. */
  private passed(batch: ReadAllBatch): void {
    this.checkpoint = batch.lastPosition ?? this.checkpoint;
    this.done += batch.events.length;
    this.lastRecordedAt = batch.events.at(-1)?.metadata.occurredAt ?? this.lastRecordedAt;
  }

  /**
   * Replays until a read comes back short (the end of the log, or the cut). Each projector goes through the
   * batches at its own pace (a fast one does not wait for a slow one after every batch, so both
   * cores stay busy), at most LOOKAHEAD batches ahead of the slowest; batches are read once, in
   * order, the next one while the current one is applied. `afterBatch` runs when every projector
   * has applied a batch.
   */
  async toEnd(afterBatch: () => void): Promise<void> {
    const reads: (Promise<ReadAllBatch> | null)[] = [];
    const appliedBy: number[] = [];
    let completed = 0;
    let failed = false;
    let waiting: (() => void)[] = [];
    const wakeAll = () => {
      for (const wake of waiting) wake();
      waiting = [];
    };
    const read = (index: number): Promise<ReadAllBatch> => {
      while (reads.length <= index) {
        const previous = reads.at(-1);
        const after = previous
          ? previous.then((batch) => batch.lastPosition)
          : Promise.resolve(this.checkpoint === START ? null : this.checkpoint);
        const next = after.then((position) => this.readAfter(position));
        next.catch(() => {}); // awaited by the lanes; not an unhandled rejection if one fails first
        reads.push(next);
      }
      return reads[index]!;
    };
    const finished = (index: number, batch: ReadAllBatch) => {
      appliedBy[index] = (appliedBy[index] ?? 0) + 1;
      if (appliedBy[index] < this.projectors.length) return;
      // Every projector applies the batches in order, so batches complete in order.
      completed = index + 1;
      reads[index] = null;
      this.passed(batch);
      afterBatch();
      wakeAll();
    };
    const lane = async (projector: Projector) => {
      let from = this.checkpoint;
      for (let index = 0; !failed; index++) {
        while (index >= completed + LOOKAHEAD && !failed) await new Promise<void>((wake) => waiting.push(wake));
        if (failed) return;
        const batch = await read(index);
        void read(index + 1); // starts the next read while this batch is applied
        if (batch.events.length === 0) return;
        await this.applyTo(projector, batch.events, from);
        from = batch.lastPosition ?? from;
        finished(index, batch);
        if (batch.events.length < this.batchSize) return;
      }
    };
    await Promise.all(
      this.projectors.map((projector) =>
        lane(projector).catch((error: unknown) => {
          failed = true;
          wakeAll();
          throw error;
        }),
      ),
    );
  }

  /** Replays at least up to `position`. */
  async past(position: string): Promise<void> {
    while (this.checkpoint < position) {
      const batch = await this.read();
      if (batch.events.length === 0) throw new Error(`The event log ended before ${position}, which the live read models include`);
      await this.apply(batch);
    }
  }
}

/** An index dropped for the replay: its table and `CREATE INDEX` statement. */
interface DroppedIndex {
  table: string;
  definition: string;
}

/**
 * Prepares a freshly migrated schema for the replay: every table unlogged (no WAL written for its
 * rows: a crash empties it, which only means the rebuild is rerun; the live schema is untouched)
 * and its non-unique indexes dropped (unique ones stay: upserts rely on them). Returns the dropped
 * indexes, for `durableWithIndexes`.
 */
async function withoutWalAndSecondaryIndexes(db: ReadModelDb, schema: string): Promise<DroppedIndex[]> {
  const { rows: indexes } = await sql<DroppedIndex & { name: string }>`
    SELECT c.relname AS name, t.relname AS table, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ${schema} AND NOT i.indisunique ORDER BY c.relname`.execute(db);
  for (const { name } of indexes) await sql`DROP INDEX ${sql.table(`${schema}.${name}`)}`.execute(db);
  for (const table of await tablesOf(db, schema))
    await sql`ALTER TABLE ${sql.table(`${schema}.${table}`)} SET UNLOGGED`.execute(db);
  return indexes.map(({ table, definition }) => ({ table, definition }));
}

/**
 * Makes the replayed tables durable (SET LOGGED writes each in one go) and builds the indexes
 * dropped for the replay; tables side by side, and a table's indexes side by side once it is logged.
 */
async function durableWithIndexes(db: ReadModelDb, schema: string, indexes: readonly DroppedIndex[]): Promise<void> {
  await Promise.all(
    (await tablesOf(db, schema)).map(async (table) => {
      await sql`ALTER TABLE ${sql.table(`${schema}.${table}`)} SET LOGGED`.execute(db);
      await Promise.all(indexes.filter((index) => index.table === table).map(({ definition }) => sql.raw(definition).execute(db)));
    }),
  );
}

async function tablesOf(db: ReadModelDb, schema: string): Promise<string[]> {
  const { rows } = await sql<{ relname: string }>`SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ${schema} AND c.relkind = 'r' ORDER BY c.relname`.execute(db);
  return rows.map((row) => row.relname);
}

async function swapIn(db: ReadModelDb, replay: Replay, schema: string, oldSchema: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await schemaExists(trx, READ_MODEL_SCHEMA)) {
      const live = sql.table(`${READ_MODEL_SCHEMA}.${CHECKPOINT_TABLE}`);
      // EXCLUSIVE: the live runner (SELECT ... FOR UPDATE) waits; plain reads (the waiter) do not.
      await sql`LOCK TABLE ${live} IN EXCLUSIVE MODE`.execute(trx);
      const { rows } = await sql<{ furthest: string | null }>`SELECT max(position) AS furthest FROM ${live}`.execute(trx);
      await replay.past(rows[0]?.furthest ?? START);
      await sql`ALTER SCHEMA ${sql.id(READ_MODEL_SCHEMA)} RENAME TO ${sql.id(oldSchema)}`.execute(trx);
    }
    await sql`ALTER SCHEMA ${sql.id(schema)} RENAME TO ${sql.id(READ_MODEL_SCHEMA)}`.execute(trx);
    // Delivered when the swap commits: every process's caches of read-model data forget what they rendered from the old tables.
    await sql`SELECT pg_notify(${READ_MODELS_CHANNEL}, '')`.execute(trx);
  });
  await sql`DROP SCHEMA IF EXISTS ${sql.id(oldSchema)} CASCADE`.execute(db);
}

async function schemaExists(db: ReadModelDb, schema: string): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM pg_namespace WHERE nspname = ${schema}`.execute(db);
  return rows.length > 0;
}

/** Schemas of a rebuild that crashed or was interrupted (only one rebuild runs at a time). */
async function dropLeftoverSchemas(db: ReadModelDb): Promise<void> {
  const { rows } = await sql<{ nspname: string }>`SELECT nspname FROM pg_namespace
    WHERE starts_with(nspname, ${REBUILD_PREFIX}) OR starts_with(nspname, ${OLD_PREFIX})`.execute(db);
  for (const { nspname } of rows) await sql`DROP SCHEMA ${sql.id(nspname)} CASCADE`.execute(db);
}

/** Runs `work` holding the advisory lock `key`, or fails with `busy` when another session holds it. */
async function withAdvisoryLock<T>(db: ReadModelDb, key: string, busy: string, work: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(hashtext(${key})) AS locked`.execute(connection);
    if (!rows[0]?.locked) throw new Error(`${busy}; try again when it has finished`);
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext(${key}))`.execute(connection);
    }
  });
}
