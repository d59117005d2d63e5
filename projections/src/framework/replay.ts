import type { EventStore, ReadAllBatch, RecordedEvent } from '@tht/eventstore';
import { sql } from 'kysely';
import type pg from 'pg';
import { applyBatch, START, type CheckpointsDb } from './checkpoints';
import { migrateReadModels } from './migrate';
import type { AnyProjector } from './projector';

/**
 * A replay of the event log into a fresh schema, batch by batch, as the rebuild (rebuild.ts) and
 * a replay kept aside (replay-aside.ts) run it: its tables filled without their secondary indexes,
 * which are built once at the end.
 */

export interface RebuildProgress {
  /** `indexing`: a replay kept aside builds its tables' secondary indexes (a rebuild does so while `swapping`). */
  phase: 'replaying' | 'swapping' | 'indexing' | 'done';
  /** Events replayed so far. */
  done: number;
  /** Events in the log when the rebuild started; null when the event store cannot tell. */
  total: number | null;
  eventsPerSecond: number;
  /** Estimated; null while unknown. */
  secondsLeft: number | null;
}

/** What a rebuild or a replay kept aside replays: the log of `store` into the tables of `projectors`. */
export interface RebuildOptions {
  pool: pg.Pool;
  store: EventStore;
  projectors: readonly AnyProjector[];
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

/**
 * Measured with bench/rebuild.ts: 10,000 used the least CPU (2,500 and 20,000 more). With large
 * inserts by COPY, 20,000 takes a tenth less CPU in the projectors, but reading the log in
 * batches that large makes the whole replay slower (the framework alone 57k -> 32-40k events/s).
 */
export const DEFAULT_BATCH_SIZE = 10_000;

/**
 * Where a replay of the log stops: after the event at a global position (exact), or before the
 * first event recorded (metadata `occurredAt`) after a time. Events appended at nearly the same
 * time by concurrent writers may commit out of time order, so a time cut is by the events'
 * recorded time, as far as the log's order follows it (milliseconds).
 */
export type ReplayCut = { position: string } | { recordedBy: Date };

/** A replay's settings, each given or defaulted. */
export type ReplaySettings = Required<Omit<RebuildOptions, 'pool'>>;

export function replaySettings({
  store,
  projectors,
  batchSize = DEFAULT_BATCH_SIZE,
  onProgress = () => {},
}: RebuildOptions): ReplaySettings {
  return { store, projectors, batchSize, onProgress };
}

/** Where a replay starts when not at the log's start: its last event's position and time. */
export interface ReplayStart {
  position: string;
  recordedAt: string | null;
}

/**
 * Fills a freshly migrated schema (tables without their secondary indexes, checkpoints at the
 * start) with the read models at some position and moves its checkpoints there; null: it did not,
 * the replay starts at the log's start.
 */
export type SchemaSeed = (schema: string) => Promise<ReplayStart | null>;

/**
 * Migrates `schema` for the projectors and replays the log into it (up to `cut`, else to the end),
 * without secondary indexes (returned, for `withSecondaryIndexes`); reports progress. With `seed`,
 * the replay starts where the seed left the schema.
 */
export async function replayIntoFreshSchema(
  db: CheckpointsDb,
  schema: string,
  { store, projectors, batchSize, onProgress }: ReplaySettings,
  cut?: ReplayCut,
  seed?: SchemaSeed,
) {
  await migrateReadModels(db, projectors, schema);
  const indexes = await withoutSecondaryIndexes(db, schema);
  const start = seed ? await seed(schema) : null;

  const started = performance.now();
  /** With a cut, the whole log's size: at most what is replayed. */
  const logSize = (await store.countAll?.()) ?? null;
  const replay = new Replay(db, store, schema, projectors, batchSize, cut, start ?? undefined);
  const seconds = () => (performance.now() - started) / 1000;
  const report = (phase: RebuildProgress['phase'], total = logSize) => {
    const eventsPerSecond = seconds() > 0 ? replay.done / seconds() : 0;
    const secondsLeft = total === null || eventsPerSecond === 0 ? null : Math.max(0, total - replay.done) / eventsPerSecond;
    onProgress({ phase, done: replay.done, total, eventsPerSecond, secondsLeft: phase === 'done' ? 0 : secondsLeft });
  };
  await replay.toEnd(() => report('replaying'));
  const result = (): RebuildResult => ({ events: replay.done, seconds: seconds(), eventsPerSecond: replay.done / seconds() });
  return { replay, indexes, report, result, start };
}

/** The batch's events before the first one beyond the cut. */
export function cutBatch(batch: ReadAllBatch, after: string | null, cut: ReplayCut | undefined): ReadAllBatch {
  if (!cut) return batch;
  const beyond = batch.events.findIndex((event) =>
    'position' in cut ? event.globalPosition > cut.position : Date.parse(event.metadata.occurredAt) > cut.recordedBy.getTime(),
  );
  if (beyond === -1) return batch;
  const events = batch.events.slice(0, beyond);
  return { events, lastPosition: events.at(-1)?.globalPosition ?? after };
}

/** Applies the log to every projector of one schema: one transaction per projector and batch. */
export class Replay {
  private checkpoint: string;
  done = 0;
  /** `occurredAt` of the last event replayed (or the start's). */
  lastRecordedAt: string | null;

  constructor(
    private readonly db: CheckpointsDb,
    private readonly store: EventStore,
    private readonly schema: string,
    private readonly projectors: readonly AnyProjector[],
    private readonly batchSize: number,
    private readonly cut?: ReplayCut,
    start: ReplayStart = { position: START, recordedAt: null },
  ) {
    this.checkpoint = start.position;
    this.lastRecordedAt = start.recordedAt;
  }

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
  private async applyTo(projector: AnyProjector, events: readonly RecordedEvent[], from: string): Promise<void> {
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
    const lane = async (projector: AnyProjector) => {
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
export interface DroppedIndex {
  table: string;
  definition: string;
}

/**
 * Prepares a freshly migrated schema for the replay: its non-unique indexes dropped (unique ones
 * stay: upserts rely on them), to be built once, sorted, at the end. Returns them, for
 * `withSecondaryIndexes`. The tables stay logged: with large inserts sent by COPY, writing their
 * WAL as the replay goes costs less than rewriting every table in one go at the end
 * (`SET LOGGED` after an unlogged replay, measured with bench/rebuild.ts).
 */
export async function withoutSecondaryIndexes(db: CheckpointsDb, schema: string): Promise<DroppedIndex[]> {
  const { rows: indexes } = await sql<DroppedIndex & { name: string }>`
    SELECT c.relname AS name, t.relname AS table, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ${schema} AND NOT i.indisunique ORDER BY c.relname`.execute(db);
  for (const { name } of indexes) await sql`DROP INDEX ${sql.table(`${schema}.${name}`)}`.execute(db);
  return indexes.map(({ table, definition }) => ({ table, definition }));
}

/**
 * Makes the tables of a freshly migrated schema unlogged: read models kept aside as a cache (as of
 * a moment, the snapshots' work schema) are written without WAL (decision 061). A crash of
 * PostgreSQL empties such tables, and a physical backup or a standby holds them empty.
 */
export async function unloggedTables(db: CheckpointsDb, schema: string): Promise<void> {
  const { rows } = await sql<{ name: string }>`SELECT relname AS name FROM pg_class
    WHERE relnamespace = ${schema}::regnamespace AND relkind = 'r' AND relpersistence = 'p' ORDER BY relname`.execute(db);
  for (const { name } of rows) await sql`ALTER TABLE ${sql.table(`${schema}.${name}`)} SET UNLOGGED`.execute(db);
}

/** Builds the indexes dropped for the replay, side by side. */
export async function withSecondaryIndexes(db: CheckpointsDb, schema: string, indexes: readonly DroppedIndex[]): Promise<void> {
  await Promise.all(indexes.map(({ definition }) => sql.raw(definition).execute(db)));
}

/** Runs `work` holding the advisory lock `key`, or fails with `busy` when another session holds it. */
export async function withAdvisoryLock<T>(db: CheckpointsDb, key: string, busy: string, work: () => Promise<T>): Promise<T> {
  const outcome = await whenLockFree(db, key, async () => ({ value: await work() }));
  if (!outcome) throw new Error(`${busy}; try again when it has finished`);
  return outcome.value;
}

/** Runs `work` holding the advisory lock `key`; null, without running it, when another session holds it. */
export async function whenLockFree<T>(db: CheckpointsDb, key: string, work: () => Promise<T>): Promise<T | null> {
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(hashtext(${key})) AS locked`.execute(connection);
    if (!rows[0]?.locked) return null;
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext(${key}))`.execute(connection);
    }
  });
}
