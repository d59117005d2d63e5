import { isProductEvent } from '@tht/contracts';
import type { RecordedEvent } from '@tht/eventstore';
import { sql, type Kysely, type QueryExecutorProvider, type RawBuilder } from 'kysely';
import type { ChangedTables } from './change-signals';
import { versionOf, type AnyProjector, type ProjectedEvent } from './projector';
import { CHECKPOINT_TABLE } from './schema';

export interface CheckpointRow {
  name: string;
  position: string;
  /** The `version` of the projector that wrote the schema's tables (`versionOf`). */
  version: number;
  updated_at: Date | string;
}

export interface CheckpointTables {
  [CHECKPOINT_TABLE]: CheckpointRow;
}

/** The runner's and the rebuild's handle on the read models: their own statements name tables in raw SQL. */
export type CheckpointsDb = Kysely<CheckpointTables>;

/** The checkpoint of a projector that has seen nothing yet; sorts before every position. */
export const START = '';

const checkpointTable = (schema: string) => sql.table(`${schema}.${CHECKPOINT_TABLE}`);

/**
 * `position` sorts with collation "C": byte order, which is the order of the fixed-width positions.
 * A projector new to the schema starts at the beginning of the log, at its current version; the
 * rows of the others keep theirs. Read models older than the version column were written at 1.
 */
export async function migrateCheckpoints(
  db: QueryExecutorProvider,
  schema: string,
  projectors: readonly AnyProjector[],
): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS ${checkpointTable(schema)} (
    name text PRIMARY KEY,
    position text COLLATE "C" NOT NULL DEFAULT '',
    version integer NOT NULL DEFAULT 1,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await addVersionColumn(db, schema);
  if (projectors.length === 0) return;
  await sql`INSERT INTO ${checkpointTable(schema)} (name, version)
    SELECT * FROM unnest(${projectors.map((p) => p.name)}::text[], ${projectors.map(versionOf)}::int[])
    ON CONFLICT (name) DO NOTHING`.execute(db);
}

/** Only when missing: ALTER TABLE locks the table even when the column is there, and every process start would wait on live batches. */
async function addVersionColumn(db: QueryExecutorProvider, schema: string): Promise<void> {
  const { rows } = await sql`SELECT 1 FROM information_schema.columns
    WHERE table_schema = ${schema} AND table_name = ${CHECKPOINT_TABLE} AND column_name = 'version'`.execute(db);
  if (rows.length === 0)
    await sql`ALTER TABLE ${checkpointTable(schema)} ADD COLUMN IF NOT EXISTS version integer NOT NULL DEFAULT 1`.execute(db);
}

/** The version each projector's tables in `schema` were written by; empty when the schema has no checkpoints yet. */
export async function storedVersions(db: QueryExecutorProvider, schema: string): Promise<Map<string, number>> {
  const { rows: tables } = await sql<{
    found: string | null;
  }>`SELECT to_regclass(${`${schema}.${CHECKPOINT_TABLE}`}) AS found`.execute(db);
  if (!tables[0]?.found) return new Map();
  await addVersionColumn(db, schema);
  const { rows } = await sql<{ name: string; version: number }>`SELECT name, version FROM ${checkpointTable(schema)}`.execute(db);
  return new Map(rows.map((row) => [row.name, row.version]));
}

/** A newer version of `projector` wrote its tables (a newer release swapped its read models in): its code must not write them. */
const isSuperseded = (projector: AnyProjector, storedVersion: number | undefined) => (storedVersion ?? 0) > versionOf(projector);

/** The projectors of `projectors` superseded in `schema` (one read of the checkpoint rows). */
export async function supersededProjectors(
  db: QueryExecutorProvider,
  schema: string,
  projectors: readonly AnyProjector[],
): Promise<AnyProjector[]> {
  const { rows } = await sql<{ name: string; version: number }>`SELECT name, version FROM ${checkpointTable(schema)}`.execute(db);
  const stored = new Map(rows.map((row) => [row.name, row.version]));
  return projectors.filter((projector) => isSuperseded(projector, stored.get(projector.name)));
}

export async function loadCheckpoints(db: QueryExecutorProvider, schema: string): Promise<Map<string, string>> {
  const { rows } = await sql<{ name: string; position: string }>`SELECT name, position FROM ${checkpointTable(schema)}`.execute(db);
  return new Map(rows.map((row) => [row.name, row.position]));
}

/** A batch's product events, filtered once however many projectors apply the batch (the runner and the rebuild share one array). */
const productEventsOfBatch = new WeakMap<readonly RecordedEvent[], readonly ProjectedEvent[]>();

function productEventsOf(events: readonly RecordedEvent[]): readonly ProjectedEvent[] {
  let productEvents = productEventsOfBatch.get(events);
  if (!productEvents) {
    productEvents = events.filter(isProductEvent);
    productEventsOfBatch.set(events, productEvents);
  }
  return productEvents;
}

export interface BatchOptions {
  /** false: the commit does not wait for the WAL to reach the disk (a rebuild's replay). */
  waitForFlush?: boolean;
  /** Find out which tables of `schema` the batch changed (`BatchOutcome.changedTables`). */
  reportChanges?: boolean;
}

export interface BatchOutcome {
  /** The projectors the batch was applied to (the others' checkpoints were not at `expected`). */
  applied: AnyProjector[];
  /** With `reportChanges`: the tables the batch changed; otherwise (or when PostgreSQL counts no changes) null, unknown. */
  changedTables: ChangedTables;
  /**
   * The projectors whose tables a newer version of them wrote (a newer release swapped its read
   * models in): left out, and never to be applied again by this code (decision 052).
   */
  superseded: AnyProjector[];
}

/**
 * Applies one batch of events to one projector and advances its checkpoint in the same
 * transaction. Returns false, changing nothing, when the stored checkpoint is not `expected`
 * (another runner, or a rebuild swapped in, moved it): the caller reloads and carries on.
 */
export async function applyBatch(
  db: CheckpointsDb,
  schema: string,
  projector: AnyProjector,
  events: readonly RecordedEvent[],
  expected: string,
  options: BatchOptions = {},
): Promise<boolean> {
  return (await applyBatchToAll(db, schema, [projector], events, expected, options)).applied.length === 1;
}

/**
 * Applies one batch of events to several projectors in ONE transaction (one commit for all of
 * them), each advancing its checkpoint in it. A projector whose stored checkpoint is not
 * `expected` is left out, changing nothing for it. One projector failing fails the whole
 * transaction: nothing of it stays.
 *
 * The checkpoint rows are locked first (in name order), so a rebuild's swap (which locks the
 * checkpoint table) waits for this batch, and a batch that starts during the swap continues on
 * the swapped-in schema. A projector whose checkpoint row holds a newer version than its own is
 * superseded: its code must not write the newer release's tables.
 */
export async function applyBatchToAll(
  db: CheckpointsDb,
  schema: string,
  projectors: readonly AnyProjector[],
  events: readonly RecordedEvent[],
  expected: string,
  { waitForFlush = true, reportChanges = false }: BatchOptions = {},
): Promise<BatchOutcome> {
  const last = events.at(-1);
  if (!last) return { applied: [...projectors], changedTables: new Set(), superseded: [] };
  const table = checkpointTable(schema);
  // Without waitForFlush the commit does not wait for the WAL to reach the disk (set in the same
  // statement as the lock, so it costs no round trip).
  const commitMode = waitForFlush ? sql`` : sql`set_config('synchronous_commit', 'off', true), `;
  const names = projectors.map((projector) => projector.name);
  return db.transaction().execute(async (trx) => {
    const countsBefore = reportChanges ? sql`${rowChangeCounts(schema)} AS counts, ` : sql``;
    const { rows } = await sql<{
      name: string;
      position: string;
      version: number;
      counts?: RowChangeCounts;
    }>`SELECT ${commitMode}${countsBefore}name, position, version
      FROM ${table} WHERE name = ANY(${names}::text[]) ORDER BY name FOR UPDATE`.execute(trx);
    const rowOf = (projector: AnyProjector) => rows.find((row) => row.name === projector.name);
    const superseded = projectors.filter((projector) => isSuperseded(projector, rowOf(projector)?.version));
    const due = projectors.filter((projector) => rowOf(projector)?.position === expected && !superseded.includes(projector));
    if (due.length === 0) return { applied: due, changedTables: new Set(), superseded };
    // The one place events reach projectors: only the product's own events, typed.
    for (const projector of due) await projector.project(trx, schema, productEventsOf(events));
    const moved = sql`UPDATE ${table} SET position = ${last.globalPosition}, updated_at = now()
      WHERE name = ANY(${due.map((projector) => projector.name)}::text[])`;
    if (!reportChanges) {
      await moved.execute(trx);
      return { applied: due, changedTables: null, superseded };
    }
    return { applied: due, changedTables: await moveAndListChanges(trx, schema, moved, rows[0]!.counts!), superseded };
  });
}

/** Rows inserted, updated or deleted per table (those with any), as `rowChangeCounts` reads them. */
type RowChangeCounts = Record<string, number>;

/**
 * The rows of each table of `schema` inserted, updated or deleted by this backend that PostgreSQL
 * has counted but not yet flushed to its statistics: this transaction's changes so far plus those
 * of earlier transactions of the connection not yet flushed (never flushed inside a transaction,
 * so the difference between two readings in one transaction is this transaction's own).
 */
const rowChangeCounts = (schema: string) => sql`(SELECT coalesce(jsonb_object_agg(relname, changes), '{}') FROM (
    SELECT c.relname, pg_stat_get_xact_tuples_inserted(c.oid) + pg_stat_get_xact_tuples_updated(c.oid)
      + pg_stat_get_xact_tuples_deleted(c.oid) AS changes
    FROM pg_class c WHERE c.relnamespace = ${schema}::regnamespace AND c.relkind = 'r' AND c.relname <> ${CHECKPOINT_TABLE}
  ) counted WHERE changes > 0)`;

/**
 * Runs `moved` (the checkpoints' UPDATE) and, in the same statement, lists the tables of `schema`
 * this transaction has inserted, updated or deleted rows of since `before` was read in it. null
 * (unknown) when PostgreSQL does not count (`track_counts` off) or the counts make no sense.
 */
async function moveAndListChanges(
  trx: QueryExecutorProvider,
  schema: string,
  moved: RawBuilder<unknown>,
  before: RowChangeCounts,
): Promise<ChangedTables> {
  const { rows } = await sql<{ counted: boolean; counts: RowChangeCounts }>`WITH moved AS (${moved})
    SELECT current_setting('track_counts')::bool AS counted, ${rowChangeCounts(schema)} AS counts`.execute(trx);
  const { counted, counts } = rows[0]!;
  // Counts that fell were flushed meanwhile, which PostgreSQL does not do inside a transaction: trust nothing then.
  if (!counted || Object.entries(before).some(([table, count]) => (counts[table] ?? 0) < count)) return null;
  return new Set(Object.keys(counts).filter((table) => counts[table]! > (before[table] ?? 0)));
}
