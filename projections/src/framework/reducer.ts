import type { Kysely } from 'kysely';
import { BatchRows, type TableChanges, type TableReads, type TableSpec } from './batch-rows';
import type { ProjectedEvent, Projector } from './projector';
import { readRows, writeChanges } from './row-changes-sql';

export type Reads<Tables> = { readonly [Table in keyof Tables]?: TableReads<Tables[Table]> };

/** The rows of every table of a reducer as one batch sees and changes them. */
export type BatchState<Tables> = { readonly [Table in keyof Tables]: BatchRows<Tables[Table]> };

/** The net change of a batch to every table of a reducer. */
export type BatchChanges<Tables> = { [Table in keyof Tables]: TableChanges<Tables[Table]> };

/** Reads the stored rows a reducer asked for, at most one query per table. */
export type RowReader<Tables> = (reads: Reads<Tables>) => Promise<{ [Table in keyof Tables]?: Tables[Table][] }>;

/**
 * A reducer projector: the events of a batch and the stored rows it asks for in, the net change
 * of every row out; the framework reads and writes (model: Emmett's `pongoSingleStreamProjection`,
 * whose `evolve` turns a document and an event into the next document, here with a whole batch
 * and any rows of several tables).
 *
 * `reduce` is a generator, so it stays pure (no I/O, no await): it `yield`s the rows it needs
 * (`Reads`, any tables at once), the framework reads them in ONE query per table (rows the batch
 * already holds are not read again) and resumes it; it then walks the events in order and changes
 * rows in `rows` (`insert`, `update`, `upsert`, `delete`, `deleteWhere`), seeing its own earlier
 * changes. A reducer may yield more than once, when what it needs depends on rows read (e.g. the
 * totals of the year an edited entry was in). At the end the framework writes each table once, in
 * the order of `tables`: one statement per kind of change (DELETE by column, DELETE by key, INSERT
 * with COPY from 100 rows on, UPDATE ... FROM the batch's rows, INSERT ... ON CONFLICT), rows the
 * batch left unchanged not at all.
 *
 * The result must equal applying the events one at a time (`projectionSpec` checks it); the
 * reducer's logic is tested without a database with `reducerSpec` (testing/reducer-spec.ts).
 */
export interface ReducerProjector<Tables> {
  readonly name: string;
  readonly version?: number;
  /** Every table the reducer changes, in writing order. */
  readonly tables: { readonly [Table in keyof Tables]: TableSpec<Tables[Table]> };
  migrate(db: Kysely<Tables>, schema: string): Promise<void>;
  reduce(events: readonly ProjectedEvent[], rows: BatchState<Tables>): Generator<Reads<Tables>, void, void>;
}

const tableNames = <Tables>(reducer: ReducerProjector<Tables>) => Object.keys(reducer.tables) as (keyof Tables & string)[];

/** Runs `reducer` over a batch, reading the rows it asks for with `read`: every table's net change. */
export async function reduceBatch<Tables>(
  reducer: ReducerProjector<Tables>,
  events: readonly ProjectedEvent[],
  read: RowReader<Tables>,
): Promise<BatchChanges<Tables>> {
  const names = tableNames(reducer);
  const state = {} as { [Table in keyof Tables]: BatchRows<Tables[Table]> };
  for (const table of names) state[table] = new BatchRows(table, reducer.tables[table]);
  const steps = reducer.reduce(events, state);
  for (let step = steps.next(); !step.done; step = steps.next()) {
    const reads = unreadOnly(step.value, state);
    if (Object.keys(reads).length === 0) continue;
    const found = await read(reads);
    for (const table of Object.keys(reads) as (keyof Tables & string)[]) state[table].read(found[table] ?? [], reads[table]?.keys);
  }
  const changes = {} as BatchChanges<Tables>;
  for (const table of names) changes[table] = state[table].changes();
  return changes;
}

/** The reads left once the rows the batch already holds are taken out; tables with nothing to read left out. */
function unreadOnly<Tables>(reads: Reads<Tables>, state: BatchState<Tables>): Reads<Tables> {
  const left: { [Table in keyof Tables]?: TableReads<Tables[Table]> } = {};
  for (const table of Object.keys(reads) as (keyof Tables & string)[]) {
    const { keys = [], where } = reads[table]!;
    const unread = state[table].unread(keys);
    const by = where && where.values.length > 0 ? where : undefined;
    if (unread.length > 0 || by) left[table] = { keys: unread, where: by };
  }
  return left;
}

/** The reducer as the runner and the rebuild run projectors. */
export function reducerProjector<Tables>(reducer: ReducerProjector<Tables>): Projector<Tables> {
  const names = tableNames(reducer);
  return {
    name: reducer.name,
    version: reducer.version,
    migrate: (db, schema) => reducer.migrate(db, schema),
    async project(trx, schema, events) {
      const changes = await reduceBatch(reducer, events, async (reads) => {
        const found: { [Table in keyof Tables]?: Tables[Table][] } = {};
        for (const table of Object.keys(reads) as (keyof Tables & string)[])
          found[table] = await readRows(trx, schema, table, reducer.tables[table], reads[table]!);
        return found;
      });
      for (const table of names) await writeChanges(trx, schema, table, reducer.tables[table], changes[table]);
    },
  };
}
