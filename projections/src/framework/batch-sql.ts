import { sql, type QueryExecutorProvider, type RawBuilder } from 'kysely';

/**
 * Helpers for writing a whole batch of read-model rows with one statement per table, the pattern
 * described in projector.ts. The rows travel as ONE jsonb parameter, an array of row arrays
 * (values in column order), expanded by `jsonb_array_elements`: a single native JSON.stringify
 * costs a fraction of the CPU of array parameters (which the driver escapes element by element),
 * PostgreSQL reads positional arrays in about half the CPU of objects (`json_to_recordset`), and
 * the statement's text does not grow with the number of rows.
 */

/** PostgreSQL type of every column, e.g. `{ id: 'int4', name: 'text', tags: 'jsonb' }`. */
export type ColumnTypes<Row> = { readonly [Column in keyof Row]: string };

/** Column `index` of the row array `r` as `type` (JSON null is SQL NULL). */
function column(index: number, type: string): RawBuilder<unknown> {
  if (type === 'jsonb' || type === 'json') return sql`nullif(r -> ${sql.lit(index)}, 'null'::jsonb)::${sql.raw(type)}`;
  return sql`(r ->> ${sql.lit(index)})::${sql.raw(type)}`;
}

/**
 * `(SELECT ... FROM jsonb_array_elements($1)) AS alias`, a FROM item with one column per key of
 * `types` (all or some of the rows' columns). Values are written as JSON: objects and arrays for
 * json/jsonb columns, ISO strings (or Dates) for times, numbers or numeric strings for numbers; a
 * missing or null value is NULL.
 */
export function unnestRows<Row, Column extends keyof Row & string>(
  rows: readonly Row[],
  types: { readonly [Name in Column]: string },
  alias = 'batch',
): RawBuilder<unknown> {
  const columns = Object.keys(types) as Column[];
  const values = rows.map((row) => columns.map((name) => row[name]));
  const selected = columns.map((name, index) => sql`${column(index, types[name])} AS ${sql.id(name)}`);
  return sql`(SELECT ${sql.join(selected)} FROM jsonb_array_elements(${JSON.stringify(values)}::jsonb) AS r) AS ${sql.id(alias)}`;
}

/** The last row for every key, in first-seen order: one statement may not touch a row twice. */
function lastRowPerKey<Row>(rows: readonly Row[], key: readonly (keyof Row)[]): Row[] {
  const byKey = new Map<string, Row>();
  for (const row of rows) byKey.set(JSON.stringify(key.map((column) => row[column])), row);
  return [...byKey.values()];
}

export interface UpsertOptions<Row> {
  /** Types of the columns to write; every row has all of them. */
  types: ColumnTypes<Row>;
  /** Primary key (or unique) columns. */
  key: readonly (keyof Row & string)[];
  /** Columns to overwrite when the row exists; all non-key columns by default, none means DO NOTHING. */
  update?: readonly (keyof Row & string)[];
}

/** INSERT ... ON CONFLICT DO UPDATE of many rows in one statement (the last row per key wins). */
export async function upsertRows<Row>(
  trx: QueryExecutorProvider,
  schema: string,
  table: string,
  rows: readonly Row[],
  { types, key, update }: UpsertOptions<Row>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(types) as (keyof Row & string)[];
  const updated = update ?? columns.filter((column) => !key.includes(column));
  const onConflict =
    updated.length === 0
      ? sql`DO NOTHING`
      : sql`DO UPDATE SET ${sql.join(updated.map((column) => sql`${sql.id(column)} = EXCLUDED.${sql.id(column)}`))}`;
  await sql`INSERT INTO ${sql.table(`${schema}.${table}`)} (${sql.join(columns.map((column) => sql.id(column)))})
    SELECT ${sql.join(columns.map((column) => sql.ref(`batch.${column}`)))} FROM ${unnestRows(lastRowPerKey(rows, key), types)}
    ON CONFLICT (${sql.join(key.map((column) => sql.id(column)))}) ${onConflict}`.execute(trx);
}

/** A plain INSERT of many rows created by the batch (no row with their key exists yet), in one statement. */
export async function insertRows<Row>(
  trx: QueryExecutorProvider,
  schema: string,
  table: string,
  rows: readonly Row[],
  types: ColumnTypes<Row>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(types) as (keyof Row & string)[];
  await sql`INSERT INTO ${sql.table(`${schema}.${table}`)} (${sql.join(columns.map((column) => sql.id(column)))})
    SELECT ${sql.join(columns.map((column) => sql.ref(`batch.${column}`)))} FROM ${unnestRows(rows, types)}`.execute(trx);
}

/** DELETE of many rows by a single-column key in one statement. */
export async function deleteRows(
  trx: QueryExecutorProvider,
  schema: string,
  table: string,
  keyColumn: string,
  keyType: string,
  keys: readonly unknown[],
): Promise<void> {
  if (keys.length === 0) return;
  await sql`DELETE FROM ${sql.table(`${schema}.${table}`)}
    WHERE ${sql.id(keyColumn)} = ANY(${[...keys]}::${sql.raw(keyType)}[])`.execute(trx);
}
