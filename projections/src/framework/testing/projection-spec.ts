import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ProjectedEvent, Projector } from '../projector';

/** A batch as the runner hands it to a projector; a single event is a batch of its own. */
export type Batch = ProjectedEvent | readonly ProjectedEvent[];

/** A table's rows as `thenRows` reads them: timestamps as ISO strings, numerics as PostgreSQL writes them. */
type Row = Record<string, unknown>;

/** Some columns of a row of one of the projector's tables. */
type RowOf<Tables, Table extends keyof Tables> = Partial<Record<keyof Tables[Table], unknown>>;

/**
 * Given/when/then for a projector, on a real PostgreSQL (a throw-away database for the test file:
 * call it at the top of the file, where it registers its `beforeAll` and `afterAll`):
 *
 *   const spec = projectionSpec(entriesProjector);
 *   await spec.given(logged(1, 10)).when(edited(1, 10, { hours: '3' })).thenRows('entries', [{ id: 1, hours: '3' }]);
 *
 * Each argument of `given` and `when` is one batch (an array: several events in one batch; the
 * runner hands over no empty batch, nor does the spec). Every
 * case starts from the projector's empty tables, in a schema of its own. `thenRows` expects the
 * table to hold exactly as many rows as given, in primary-key order, each with the columns given
 * (`toMatchObject`). Every case also replays its events one at a time and all in one batch, and
 * expects the same rows in every table: a projector's result may not depend on how the log is
 * cut into batches. The first case migrates twice, as every start migrates (idempotent).
 */
export function projectionSpec<Tables>(projector: Projector<Tables>) {
  let database: TestDatabase | undefined;
  let schemas = 0;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  const db = (): Kysely<Tables> => {
    if (!database) throw new Error('projectionSpec: call it at the top of the test file, outside the tests');
    return database.db;
  };

  /** A fresh schema with the projector's tables, the batches applied in order, one transaction each. */
  async function projected(batches: readonly (readonly ProjectedEvent[])[]): Promise<string> {
    schemas += 1;
    const schema = `spec_${schemas}`;
    await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(db());
    await projector.migrate(db(), schema);
    if (schema === 'spec_1') await projector.migrate(db(), schema);
    for (const batch of batches)
      await db()
        .transaction()
        .execute((trx) => projector.project(trx, schema, batch));
    return schema;
  }

  /** Projects the case as written, then one event at a time and in one batch; the schema as written. */
  async function projectedWhateverTheBatching(batches: readonly (readonly ProjectedEvent[])[]): Promise<string> {
    const events = batches.flat();
    const [asWritten, oneByOne, together] = await Promise.all([
      projected(batches),
      projected(events.map((event) => [event])),
      projected([events]),
    ]);
    const tables = await everyTable(db(), asWritten);
    expect(await everyTable(db(), oneByOne), 'the same rows with one event at a time').toEqual(tables);
    expect(await everyTable(db(), together), 'the same rows with all in one batch').toEqual(tables);
    return asWritten;
  }

  return {
    given: (...given: Batch[]) => ({
      when: (...when: Batch[]) => {
        let schema: Promise<string> | undefined;
        return {
          /** The rows of `table` after the given batches and then the `when` ones. */
          thenRows: async <Table extends keyof Tables & string>(table: Table, rows: RowOf<Tables, Table>[]): Promise<void> => {
            schema ??= projectedWhateverTheBatching([...given, ...when].map(asBatch).filter((batch) => batch.length > 0));
            expect(await rowsOf(db(), await schema, table), `rows of ${table}`).toMatchObject(rows);
          },
        };
      },
    }),
  };
}

function asBatch(batch: Batch): readonly ProjectedEvent[] {
  return 'globalPosition' in batch ? [batch] : batch;
}

/** The rows of `schema.table` in primary-key order (all columns without one), timestamps as ISO strings. */
async function rowsOf<Tables>(db: Kysely<Tables>, schema: string, table: string): Promise<Row[]> {
  const { rows: key } = await sql<{ column: string }>`
    SELECT a.attname AS column FROM pg_index i
      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
    WHERE i.indrelid = ${`${schema}.${table}`}::regclass AND i.indisprimary
    ORDER BY array_position(i.indkey::int2[], a.attnum)`.execute(db);
  const order = key.length > 0 ? sql.join(key.map(({ column }) => sql.ref(column))) : sql`to_jsonb(t)::text`;
  const { rows } = await sql<Row>`SELECT * FROM ${sql.table(`${schema}.${table}`)} t ORDER BY ${order}`.execute(db);
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([column, value]) => [column, isoIfTime(value)])));
}

function isoIfTime(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** Every table of `schema` and its rows. */
async function everyTable<Tables>(db: Kysely<Tables>, schema: string): Promise<Record<string, Row[]>> {
  const { rows } = await sql<{
    table: string;
  }>`SELECT tablename AS table FROM pg_tables WHERE schemaname = ${schema} ORDER BY 1`.execute(db);
  const tables: Record<string, Row[]> = {};
  for (const { table } of rows) tables[table] = await rowsOf(db, schema, table);
  return tables;
}
