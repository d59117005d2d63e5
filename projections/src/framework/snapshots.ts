import type { EventStore } from '@tht/eventstore';
import { createDb } from '@tht/postgres';
import { sql, type QueryExecutorProvider, type Transaction } from 'kysely';
import type pg from 'pg';
import { migrateCheckpoints, START, storedVersions, type CheckpointsDb, type CheckpointTables } from './checkpoints';
import { migrateReadModels } from './migrate';
import { versionOf, type AnyProjector } from './projector';
import { clearDeletions, deletedKeys, DELETED_ROWS_TABLE, noteDeletions, wasTruncated } from './snapshot-deletions';
import { Replay, unloggedTables, whenLockFree, withoutSecondaryIndexes, type ReplayStart, type SchemaSeed } from './replay';
import { AS_OF_PREFIX, CHECKPOINT_TABLE } from './schema';

/*
 * Snapshots of the read models at regular positions of the log, so that the read models as of a
 * moment are replayed from the nearest snapshot at or before it, not from the log's start
 * (decision 050). Kept compactly, as row versions: each read-model table has a history table of
 * the same columns in SNAPSHOT_SCHEMA, whose rows hold between two snapshot positions
 * (`snapshot_from` included, `snapshot_until` excluded, null: still held), so a row that does not
 * change is stored once however many snapshots hold it. A snapshot at P is the rows with
 * `snapshot_from <= P < snapshot_until`, and `snapshot_positions` lists the positions taken.
 *
 * The schemas are named with the as-of prefix, so whatever drops the read models as of past
 * moments drops the snapshots too: an erasure (decision 038, `dropAsOfReplays`) and an upgrade
 * whose projector versions differ from the snapshots' (decision 028, `dropOutdatedAsOf`).
 */

/** The history tables, the positions taken and the projectors' versions they were written by. */
export const SNAPSHOT_SCHEMA = `${AS_OF_PREFIX}snapshots`;
/** Where a round of `takeSnapshots` replays the log from one snapshot to the next; dropped at the round's end. */
export const SNAPSHOT_WORK_SCHEMA = `${AS_OF_PREFIX}snapshot_work`;
/**
 * Events between two snapshots: an as-of replay replays at most this many after its snapshot
 * (a few seconds on the as-of replays' connections). Measured with bench/as-of-cut.ts.
 */
export const SNAPSHOT_EVERY = 20_000;
/** Connections a copy from a snapshot uses side by side, at most (the machine's cores; decision 061). */
const COPY_CONNECTIONS = 2;

const POSITIONS = sql.table(`${SNAPSHOT_SCHEMA}.snapshot_positions`);
/** One round of snapshots at a time, across every process. */
const SNAPSHOT_LOCK = 'tht:as-of-snapshots';

/** A snapshot taken: its log position, its last event's time and how many events it includes. */
export interface Snapshot extends ReplayStart {
  events: number;
}

export interface TakeSnapshotsOptions {
  pool: pg.Pool;
  store: EventStore;
  projectors: readonly AnyProjector[];
  /** Events between two snapshots (SNAPSHOT_EVERY). */
  every?: number;
  /** Events per batch read and applied. */
  batchSize?: number;
  /** Called after each snapshot is recorded, with the seconds it took. */
  onTaken?: (snapshot: Snapshot, seconds: number) => void;
  /** Checked between batches: true stops the round (the snapshots recorded stay). */
  stopping?: () => boolean;
}

/** A round stopped by `stopping`. */
class SnapshotsStopped extends Error {}

/**
 * Takes the snapshots due: one every `every` events of the log after the latest one, until fewer
 * than `every` events follow it. The log is replayed once, from the latest snapshot, into a work
 * schema; at each position the work schema's rows are compared with the history's (by a hash of
 * each row) and the differences recorded with the position, in one transaction, so an interrupted
 * round loses only the snapshot under way and the next round resumes from the last recorded.
 * Returns the snapshots taken; null when another process is taking them.
 */
export async function takeSnapshots({
  pool,
  store,
  projectors,
  every = SNAPSHOT_EVERY,
  batchSize = every,
  onTaken = () => {},
  stopping = () => false,
}: TakeSnapshotsOptions): Promise<Snapshot[] | null> {
  if (!Number.isInteger(every) || every < 1)
    throw new Error(`Snapshots are taken every positive whole number of events, not ${every}`);
  const db = createDb<CheckpointTables>(pool);
  return whenLockFree(db, SNAPSHOT_LOCK, async () => {
    if (!(await eventsAfter(store, (await latestSnapshot(db, projectors))?.position ?? START, every))) return [];
    await prepareSnapshotSchema(db, projectors);
    let at: Snapshot = (await latestSnapshot(db, projectors)) ?? { position: START, recordedAt: null, events: 0 };
    await sql`DROP SCHEMA IF EXISTS ${sql.id(SNAPSHOT_WORK_SCHEMA)} CASCADE`.execute(db);
    await migrateReadModels(db, projectors, SNAPSHOT_WORK_SCHEMA);
    await withoutSecondaryIndexes(db, SNAPSHOT_WORK_SCHEMA);
    await unloggedTables(db, SNAPSHOT_WORK_SCHEMA);
    if (at.position !== START) await seedFromSnapshot(pool, projectors, at.position)(SNAPSHOT_WORK_SCHEMA);
    await noteDeletions(db, SNAPSHOT_WORK_SCHEMA, await tablesOf(db, SNAPSHOT_WORK_SCHEMA));
    const taken: Snapshot[] = [];
    let recordedBy: RecordedBy = null;
    for (let next = await eventsAfter(store, at.position, every); next; next = await eventsAfter(store, at.position, every)) {
      const started = performance.now();
      const replay = new Replay(db, store, SNAPSHOT_WORK_SCHEMA, projectors, batchSize, { position: next }, at);
      await replay.toEnd(() => {
        if (stopping()) throw new SnapshotsStopped('Stopped taking snapshots');
      });
      at = { position: replay.position, recordedAt: replay.lastRecordedAt, events: at.events + replay.done };
      recordedBy = await recordSnapshot(db, at, recordedBy);
      taken.push(at);
      onTaken(at, (performance.now() - started) / 1000);
    }
    await sql`DROP SCHEMA ${sql.id(SNAPSHOT_WORK_SCHEMA)} CASCADE`.execute(db);
    return taken;
  });
}

/** The position `every` events after `position`, once that many follow it; else null. */
async function eventsAfter(store: EventStore, position: string, every: number): Promise<string | null> {
  const after = position === START ? null : position;
  if (store.countAfter && (await store.countAfter(after, every)) < every) return null;
  const batch = await store.readAll(after, every);
  return batch.events.length === every ? batch.lastPosition : null;
}

/**
 * Whether the snapshots were written by these projectors at these versions: `exactly` these
 * (to take more of them), or these among others (to start a replay of these from one).
 */
async function snapshotsMatch(db: QueryExecutorProvider, projectors: readonly AnyProjector[], exactly: boolean): Promise<boolean> {
  const stored = await storedVersions(db, SNAPSHOT_SCHEMA);
  const same = projectors.every((projector) => stored.get(projector.name) === versionOf(projector));
  return same && (!exactly || stored.size === projectors.length);
}

/** Creates the snapshots' schema; first drops one written by other projectors or versions. */
async function prepareSnapshotSchema(db: CheckpointsDb, projectors: readonly AnyProjector[]): Promise<void> {
  if (!(await snapshotsMatch(db, projectors, true)))
    await sql`DROP SCHEMA IF EXISTS ${sql.id(SNAPSHOT_SCHEMA)} CASCADE`.execute(db);
  await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(SNAPSHOT_SCHEMA)}`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS ${POSITIONS} (
    position text COLLATE "C" PRIMARY KEY,
    recorded_at text,
    events bigint NOT NULL,
    taken_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  await migrateCheckpoints(db, SNAPSHOT_SCHEMA, projectors);
}

/** The latest snapshot, if these projectors (exactly) took it. */
async function latestSnapshot(db: QueryExecutorProvider, projectors: readonly AnyProjector[]): Promise<Snapshot | null> {
  return snapshotAtOrBefore(db, projectors, null, true);
}

/** The latest snapshot at or before `position` (any: null), if there is one these projectors (`exactly`, or among others) can start from. */
async function snapshotAtOrBefore(
  db: QueryExecutorProvider,
  projectors: readonly AnyProjector[],
  position: string | null,
  exactly: boolean,
): Promise<Snapshot | null> {
  if (!(await snapshotsMatch(db, projectors, exactly))) return null;
  const atOrBefore = position === null ? sql`` : sql`WHERE position <= ${position}`;
  const { rows } = await sql<{ position: string; recordedAt: string | null; events: string }>`
    SELECT position, recorded_at AS "recordedAt", events FROM ${POSITIONS} ${atOrBefore}
    ORDER BY position DESC LIMIT 1`.execute(db);
  return rows[0] ? { ...rows[0], events: Number(rows[0].events) } : null;
}

/** A read-model table of a schema: its name, its columns in order and its primary key's. */
interface TableColumns {
  table: string;
  columns: string[];
  key: string[];
}

/**
 * The read-model tables of `schema`, those with the largest history in the snapshots first. Every
 * one has a primary key (a table without one stops the snapshots): the history holds at most one
 * current row per key.
 */
async function tablesOf(db: QueryExecutorProvider, schema: string): Promise<TableColumns[]> {
  const { rows } = await sql<Omit<TableColumns, 'key'> & { key: string[] | null }>`
    SELECT c.relname AS table, array_agg(a.attname::text ORDER BY a.attnum) AS columns,
      (SELECT array_agg(k.attname::text ORDER BY array_position(i.indkey::int2[], k.attnum))
        FROM pg_index i JOIN pg_attribute k ON k.attrelid = i.indrelid AND k.attnum = ANY (i.indkey)
        WHERE i.indrelid = c.oid AND i.indisprimary) AS key
    FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE c.relnamespace = ${schema}::regnamespace AND c.relkind = 'r' AND c.relname NOT IN (${CHECKPOINT_TABLE}, ${DELETED_ROWS_TABLE})
    GROUP BY c.oid, c.relname
    ORDER BY pg_relation_size(to_regclass(${SNAPSHOT_SCHEMA} || '.' || c.relname)) DESC NULLS LAST, c.relname`.execute(db);
  return rows.map(({ key, ...table }) => {
    if (!key) throw new Error(`Read-model table ${table.table} has no primary key: its rows cannot be kept in snapshots`);
    return { ...table, key };
  });
}

const historyOf = (table: string) => sql.table(`${SNAPSHOT_SCHEMA}.${table}`);
const columnList = (columns: readonly string[], alias?: string) =>
  sql.join(columns.map((column) => sql.ref(alias ? `${alias}.${column}` : column)));
const sameKey = (key: readonly string[]) =>
  sql.join(
    key.map((column) => sql`h.${sql.ref(column)} = w.${sql.ref(column)}`),
    sql` AND `,
  );
/** A table's rows written since the round's last snapshot, with their hashes, for one recording (dropped after it). */
const WRITTEN = sql.table('snapshot_written');

/**
 * The transaction that recorded the previous snapshot of a round (its id), or null: the work
 * schema's rows written after it (their `xmin` is younger) are the only ones that can differ from
 * the history's, and the keys deleted since are noted (snapshot-deletions.ts).
 */
type RecordedBy = string | null;

/**
 * Records the work schema's rows as the snapshot `at`, in one transaction, and returns its id:
 * rows held until now that the work schema no longer has, or has changed, are closed at the
 * position, and its rows the history does not hold are added from it. Rows are compared by an md5
 * of their text, and after a round's first snapshot only those written since the previous one
 * (`recordedBy`), and the keys deleted since: a snapshot costs what changed since the last, not the
 * whole organisation (with every row compared, the 114 snapshots of 2.3M events took over 90
 * minutes, each one longer than the last; decision 063).
 */
async function recordSnapshot(db: CheckpointsDb, at: Snapshot, recordedBy: RecordedBy): Promise<RecordedBy> {
  return db.transaction().execute(async (trx) => {
    for (const table of await tablesOf(trx, SNAPSHOT_WORK_SCHEMA)) {
      const { columns, key } = table;
      const history = historyOf(table.table);
      const work = sql.table(`${SNAPSHOT_WORK_SCHEMA}.${table.table}`);
      const sinceLast = recordedBy === null ? sql`true` : sql`age(w.xmin) < age(xid(${recordedBy}::xid8))`;
      await sql`CREATE TABLE IF NOT EXISTS ${history} (LIKE ${work},
        snapshot_row uuid NOT NULL, snapshot_from text COLLATE "C" NOT NULL, snapshot_until text COLLATE "C")`.execute(trx);
      await sql`CREATE UNIQUE INDEX IF NOT EXISTS ${sql.id(`${table.table}_current`)} ON ${history} (${columnList(key)})
        WHERE snapshot_until IS NULL`.execute(trx);
      // Selected once, for both statements below; and apart: joined in one statement, the planner
      // (without statistics on the work schema) probed the work table once per current history row.
      await sql`CREATE TEMPORARY TABLE ${WRITTEN} AS
        SELECT w.*, md5(w::text)::uuid AS snapshot_row FROM ${work} w WHERE ${sinceLast}`.execute(trx);
      await sql`UPDATE ${history} h SET snapshot_until = ${at.position} FROM ${WRITTEN} w
        WHERE h.snapshot_until IS NULL AND ${sameKey(key)} AND h.snapshot_row <> w.snapshot_row`.execute(trx);
      const gone =
        recordedBy === null || (await wasTruncated(trx, SNAPSHOT_WORK_SCHEMA, table.table))
          ? sql``
          : sql`AND (${columnList(key, 'h')}) IN ${deletedKeys(SNAPSHOT_WORK_SCHEMA, table)}`;
      await sql`UPDATE ${history} h SET snapshot_until = ${at.position}
        WHERE h.snapshot_until IS NULL ${gone} AND NOT EXISTS (SELECT 1 FROM ${work} w WHERE ${sameKey(key)})`.execute(trx);
      await sql`INSERT INTO ${history} (${columnList(columns)}, snapshot_row, snapshot_from)
        SELECT ${columnList(columns, 'w')}, w.snapshot_row, ${at.position} FROM ${WRITTEN} w
        WHERE NOT EXISTS (SELECT 1 FROM ${history} h WHERE h.snapshot_until IS NULL AND ${sameKey(key)})`.execute(trx);
      await sql`DROP TABLE ${WRITTEN}`.execute(trx);
    }
    await clearDeletions(trx, SNAPSHOT_WORK_SCHEMA);
    await sql`INSERT INTO ${POSITIONS} (position, recorded_at, events)
      VALUES (${at.position}, ${at.recordedAt}, ${at.events})`.execute(trx);
    const { rows } = await sql<{ id: string }>`SELECT pg_current_xact_id()::text AS id`.execute(trx);
    return rows[0]!.id;
  });
}

/**
 * A seed (`replayIntoFreshSchema`) from the latest snapshot at or before `position`: copies its
 * rows into the fresh schema's tables (those of `projectors`, which may be some of the
 * snapshots') and moves the schema's checkpoints to it. The tables are copied side by side on up
 * to COPY_CONNECTIONS connections of `pool` (one of its connections is left to the replay's lock),
 * in transactions that see one state of the snapshots. None (null) when no snapshot these projectors
 * can start from is that early.
 */
export function seedFromSnapshot(pool: pg.Pool, projectors: readonly AnyProjector[], position: string): SchemaSeed {
  const db = createDb<CheckpointTables>(pool);
  const connections = Math.max(1, Math.min(COPY_CONNECTIONS, (pool.options.max ?? 10) - 1));
  return (schema) =>
    inOneState(db, connections, async (transactions) => {
      const first = transactions[0]!;
      const snapshot = await snapshotAtOrBefore(first, projectors, position, false);
      if (!snapshot) return null;
      const held = sql`snapshot_from <= ${snapshot.position} AND (snapshot_until IS NULL OR snapshot_until > ${snapshot.position})`;
      await sideBySide(transactions, await tablesOf(first, schema), ({ table, columns }, trx) => {
        const list = columnList(columns);
        return sql`INSERT INTO ${sql.table(`${schema}.${table}`)} (${list}) SELECT ${list} FROM ${historyOf(table)} WHERE ${held}`.execute(
          trx,
        );
      });
      await sql`UPDATE ${sql.table(`${schema}.${CHECKPOINT_TABLE}`)} SET position = ${snapshot.position}`.execute(first);
      return { position: snapshot.position, recordedAt: snapshot.recordedAt };
    });
}

/**
 * Runs `work` on `count` repeatable-read transactions, each on a connection of its own, that see
 * one state of the database: the first one's, exported to the others (`pg_export_snapshot`, as
 * `pg_dump --jobs` reads a database side by side). They commit once `work` is done.
 */
function inOneState<T>(
  db: CheckpointsDb,
  count: number,
  work: (transactions: readonly Transaction<CheckpointTables>[]) => Promise<T>,
) {
  const repeatableRead = () => db.transaction().setIsolationLevel('repeatable read');
  return repeatableRead().execute(async (first) => {
    if (count === 1) return work([first]);
    const { rows } = await sql<{ id: string }>`SELECT pg_export_snapshot() AS id`.execute(first);
    const joining = (joined: Transaction<CheckpointTables>[]): Promise<T> =>
      joined.length === count
        ? work(joined)
        : repeatableRead().execute(async (next) => {
            await sql`SET TRANSACTION SNAPSHOT ${sql.lit(rows[0]!.id)}`.execute(next);
            return joining([...joined, next]);
          });
    return joining([first]);
  });
}

/** `each` of `items` on the first of `workers` free, in order; once every worker has stopped, the first failure. */
async function sideBySide<Item, Worker>(
  workers: readonly Worker[],
  items: readonly Item[],
  each: (item: Item, worker: Worker) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const outcomes = await Promise.allSettled(
    workers.map(async (worker) => {
      while (!failed && next < items.length)
        await each(items[next++]!, worker).catch((error: unknown) => {
          failed = true;
          throw error;
        });
    }),
  );
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
}

/** What the snapshots take: how many, up to which position, and their tables' size on disk with indexes and TOAST. */
export interface SnapshotsSize {
  snapshots: number;
  latest: string | null;
  bytes: number;
}

export async function snapshotsSize(db: QueryExecutorProvider): Promise<SnapshotsSize> {
  const { rows } = await sql<{ bytes: string; taken: boolean }>`SELECT
      (SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c
        WHERE c.relnamespace = to_regnamespace(${SNAPSHOT_SCHEMA}) AND c.relkind = 'r')::text AS bytes,
      to_regclass(${`${SNAPSHOT_SCHEMA}.snapshot_positions`}) IS NOT NULL AS taken`.execute(db);
  const bytes = Number(rows[0]!.bytes);
  if (!rows[0]!.taken) return { snapshots: 0, latest: null, bytes };
  const { rows: taken } = await sql<{ count: number; latest: string | null }>`SELECT count(*)::int AS count, max(position) AS latest
    FROM ${POSITIONS}`.execute(db);
  return { snapshots: taken[0]!.count, latest: taken[0]!.latest, bytes };
}

export interface SnapshotKeeperOptions extends Omit<TakeSnapshotsOptions, 'stopping'> {
  /** How often to look for snapshots due. */
  checkEveryMs?: number;
  onError?: (error: unknown) => void;
}

export interface SnapshotKeeper {
  /** Stops the round under way at its next batch, then stops looking. */
  stop(): Promise<void>;
}

/**
 * Takes the snapshots due in the background: at once, then every `checkEveryMs` (a bounded count
 * of the log after the latest snapshot when none is due). Several processes may each run one:
 * a round runs in one at a time.
 */
export function startSnapshotKeeper({
  checkEveryMs = 60_000,
  onError = (error) => console.error('Taking snapshots of the read models failed; trying again later', error),
  ...options
}: SnapshotKeeperOptions): SnapshotKeeper {
  let running = true;
  let wake = () => {};
  const loop = (async () => {
    while (running) {
      await takeSnapshots({ ...options, stopping: () => !running }).catch((error: unknown) => {
        if (running) onError(error);
      });
      if (running)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, checkEveryMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
    }
  })();
  return {
    async stop() {
      running = false;
      wake();
      await loop;
    },
  };
}
