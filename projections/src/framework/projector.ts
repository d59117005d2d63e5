import type { ProductEvent, ProductEventType } from '@tht/contracts';
import type { RecordedEvent } from '@tht/eventstore';
import type { Kysely, Transaction } from 'kysely';

/**
 * An event as projectors receive it: a stored product event (of `Type`, when given), its data
 * typed by its type. The runner and the rebuild hand projectors only the product's events
 * (`applyBatch` filters with the contracts' type guard), so projectors never cast.
 */
export type ProjectedEvent<Type extends ProductEventType = ProductEventType> = RecordedEvent & ProductEvent<Type>;

/**
 * A projector owns a set of read-model tables, `Tables` (each table's row type, as kysely sees
 * it; the package's `ReadModelTables` gathers every projector's). The runner hands it batches of events (in global
 * order) inside one transaction that also advances the projector's checkpoint, so a crash never
 * loses or double counts an event.
 *
 * Read models live in a PostgreSQL schema (`read_models` when live). A rebuild creates a fresh
 * schema, replays the log into it and swaps it in, so every statement must name tables through
 * the `schema` argument (`trx.withSchema(schema)`, or `sql.table(`${schema}.t`)` in raw SQL).
 *
 * Apply a batch with few statements, not one per event: a rebuild replays the whole log and must
 * reach tens of thousands of events per second. A projector written as a reducer (reducer.ts,
 * `reducerProjector`; training-totals) gets steps 1 and 2 below from the framework and stays a
 * pure function of the events and the rows it asks for. The pattern, for those that are not yet:
 *   1. Walk the batch in order, keeping the rows it creates or changes in a Map keyed by the
 *      primary key (load rows the batch needs but does not create with ONE select up front,
 *      `WHERE id = ANY(...)`). Later events of the batch see the earlier ones' effect in memory.
 *   2. At the end write each table once (helpers in ./batch-sql.ts): `insertRows` for the rows
 *      the batch created, one UPDATE ... FROM `unnestRows` (or `upsertRows`) for the rows that
 *      may exist, `deleteRows` for the rows removed. Changes that need no current value (e.g.
 *      "last sign-in = t") can be written without loading the row. Additions to stored sums
 *      are summed per key in memory first (`DecimalSum` for numerics), so the upsert writes
 *      each key once with `x = t.x + EXCLUDED.x`; rows of ids the batch creates are inserted,
 *      not upserted (an upsert's conflict check costs PostgreSQL more).
 *   3. A change that selects rows by a condition the batch cannot see in memory (e.g. "every row
 *      of department X") may run as one UPDATE when it occurs, as long as it is also applied to
 *      the rows kept in memory, which are written after it. Frequent ones are better collected
 *      (e.g. the latest name of each renamed manager) and written at the end with ONE set-based
 *      `UPDATE ... FROM` for all keys, keeping the order right against the other statements.
 * The result must equal applying the events one by one; the rebuild test compares both.
 *
 * During a rebuild's replay the tables have no non-unique indexes (they are
 * built once before the swap): statements stay correct, but must not rely on such an index.
 */
export interface Projector<Tables> {
  /** Stable name, also the checkpoint key. */
  readonly name: string;
  /**
   * Raise it (default 1) in the release that changes the projector's tables or what it writes in
   * them: the first start of that release rebuilds the read models before serving (upgrade.ts).
   */
  readonly version?: number;
  /** Creates the projector's tables (and indexes) in `schema`. Must be idempotent (IF NOT EXISTS). */
  migrate(db: Kysely<Tables>, schema: string): Promise<void>;
  /** Applies a batch of events. Ignore event types the projector does not care about. */
  project(trx: Transaction<Tables>, schema: string, events: readonly ProjectedEvent[]): Promise<void>;
}

/** A projector's `version`, 1 unless it says otherwise. */
export const versionOf = (projector: { version?: number }): number => projector.version ?? 1;

/**
 * A projector of whichever tables, as the runner and the rebuild hold a list of them and hand
 * each the connection their own (raw SQL) statements run on. Kysely is invariant in its tables,
 * so only `any` admits every projector's.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type AnyProjector = Projector<any>;
