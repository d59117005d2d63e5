import { expect } from 'vitest';
import type { TableChanges } from '../batch-rows';
import type { ProjectedEvent } from '../projector';
import { reduceBatch, type BatchChanges, type Reads, type ReducerProjector } from '../reducer';

/** Stored rows of some of a reducer's tables. */
export type StoredRows<Tables> = { [Table in keyof Tables]?: Tables[Table][] };

/** The expected net change of some tables; kinds of change left out are expected empty. */
export type ExpectedChanges<Tables> = { [Table in keyof Tables]?: Partial<TableChanges<Tables[Table]>> };

/** The stored rows `reads` asks for, found in memory as PostgreSQL would find them. */
function readFrom<Tables>(reducer: ReducerProjector<Tables>, stored: StoredRows<Tables>, asked: Reads<Tables>[]) {
  return async (reads: Reads<Tables>) => {
    asked.push(reads);
    const found: StoredRows<Tables> = {};
    for (const table of Object.keys(reads) as (keyof Tables & string)[]) {
      const { keys = [], where } = reads[table]!;
      const { key } = reducer.tables[table];
      found[table] = (stored[table] ?? []).filter(
        (row) =>
          keys.some((wanted) => key.every((column) => wanted[column] === row[column])) ||
          (where?.values.includes(row[where.column]) ?? false),
      );
    }
    return found;
  };
}

const NO_CHANGE: TableChanges<unknown> = { deletedWhere: [], deleted: [], inserted: [], updated: [], upserted: [], added: [] };

/**
 * Given/when/then for a reducer projector, without a database (milliseconds):
 *
 *   await reducerSpec(reducer).given({ totals: [row] }).when(event1, event2).then({ totals: { updated: [row2] } });
 *
 * `given`: the stored rows; `when`: ONE batch of events; `then`: the net change of each table
 * named (every kind of change not named must be empty; tables not named are not checked).
 * `thenReads` checks what the reducer asked to read, in order.
 */
export function reducerSpec<Tables>(reducer: ReducerProjector<Tables>) {
  return {
    given: (stored: StoredRows<Tables> = {}) => ({
      when: (...events: ProjectedEvent[]) => {
        const asked: Reads<Tables>[] = [];
        let reduced: Promise<BatchChanges<Tables>> | undefined;
        const changes = () => (reduced ??= reduceBatch(reducer, events, readFrom(reducer, stored, asked)));
        return {
          then: async (expected: ExpectedChanges<Tables>): Promise<void> => {
            const actual = await changes();
            for (const table of Object.keys(expected) as (keyof Tables & string)[])
              expect(actual[table], `changes of ${table}`).toEqual({ ...NO_CHANGE, ...expected[table] });
          },
          thenReads: async (expected: Reads<Tables>[]): Promise<void> => {
            await changes();
            expect(asked).toEqual(expected);
          },
        };
      },
    }),
  };
}
