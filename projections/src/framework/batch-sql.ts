import { CompiledQuery, sql, type QueryExecutorProvider, type RawBuilder } from 'kysely';
import pg from 'pg';

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

/**
 * From this many rows on, `insertRows` sends them with COPY: PostgreSQL reads COPY's text about
 * twice as fast as the JSON parameter (a rebuild inserts hundreds of thousands of rows), at the
 * cost of one more round trip, which a live batch of a few rows would feel.
 */
export const COPY_MIN_ROWS = 100;

/**
 * A plain INSERT of many rows created by the batch (no row with their key exists yet), in one
 * statement: COPY from `COPY_MIN_ROWS` rows on, else INSERT ... SELECT from `unnestRows`. The
 * values are read the same way by both.
 */
export async function insertRows<Row>(
  trx: QueryExecutorProvider,
  schema: string,
  table: string,
  rows: readonly Row[],
  types: ColumnTypes<Row>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(types) as (keyof Row & string)[];
  if (rows.length >= COPY_MIN_ROWS) {
    await copyRows(trx, schema, table, rows, types);
    return;
  }
  await sql`INSERT INTO ${sql.table(`${schema}.${table}`)} (${sql.join(columns.map((column) => sql.id(column)))})
    SELECT ${sql.join(columns.map((column) => sql.ref(`batch.${column}`)))} FROM ${unnestRows(rows, types)}`.execute(trx);
}

/** Characters COPY's text format escapes with a backslash. */
const COPY_SPECIAL = /[\\\n\r\t]/;
const COPY_SPECIALS = /[\\\n\r\t]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A value as COPY's text format writes it, read as `unnestRows` reads its JSON: null, undefined (and what JSON makes null) are NULL. */
function copyField(value: unknown, json: boolean): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '\\N';
  if (typeof value === 'boolean') return String(value);
  const text = json || (typeof value === 'object' && !(value instanceof Date)) ? JSON.stringify(value) : textOf(value);
  return COPY_SPECIAL.test(text) ? text.replace(COPY_SPECIALS, (special) => COPY_ESCAPES[special]!) : text;
}

const textOf = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));

/** `COPY ... FROM STDIN` of many rows, in the transaction (or connection) of `trx`. */
async function copyRows<Row>(
  trx: QueryExecutorProvider,
  schema: string,
  table: string,
  rows: readonly Row[],
  types: ColumnTypes<Row>,
): Promise<void> {
  const columns = Object.keys(types) as (keyof Row & string)[];
  const json = columns.map((column) => types[column] === 'jsonb' || types[column] === 'json');
  let data = '';
  for (const row of rows) {
    for (let index = 0; index < columns.length; index++) {
      data += (index === 0 ? '' : '\t') + copyField(row[columns[index]!], json[index]!);
    }
    data += '\n';
  }
  const statement = sql`COPY ${sql.table(`${schema}.${table}`)} (${sql.join(columns.map((column) => sql.id(column)))}) FROM STDIN`;
  const copy = new CopyFromStdin(statement.compile(trx).sql, data);
  // The driver hands its `sql` to node-postgres's `client.query`, which submits a query object as is.
  await trx.getExecutor().executeQuery({ ...CompiledQuery.raw(''), sql: copy as unknown as string });
}

/**
 * A node-postgres query that sends `data` when the server asks for it (CopyInResponse). It is
 * awaitable: kysely's driver awaits what `client.query` returns, which for a query object is the
 * object itself, so the COPY runs on the connection of the transaction like any statement.
 */
class CopyFromStdin extends pg.Query implements PromiseLike<pg.QueryResult> {
  private readonly done: Promise<pg.QueryResult>;

  constructor(
    statement: string,
    private readonly data: string,
  ) {
    super(statement);
    this.done = new Promise((resolve, reject) => {
      (this as unknown as { callback: (error: Error | null, result: pg.QueryResult) => void }).callback = (error, result) =>
        error ? reject(error) : resolve(result);
    });
  }

  handleCopyInResponse(connection: { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void }): void {
    connection.sendCopyFromChunk(Buffer.from(this.data));
    connection.endCopyFrom();
  }

  then<Result = pg.QueryResult, Failure = never>(
    onResolved?: ((result: pg.QueryResult) => Result | PromiseLike<Result>) | null,
    onRejected?: ((error: unknown) => Failure | PromiseLike<Failure>) | null,
  ): PromiseLike<Result | Failure> {
    return this.done.then(onResolved, onRejected);
  }
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
