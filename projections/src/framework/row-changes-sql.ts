import { sql, type QueryExecutorProvider, type RawBuilder } from 'kysely';
import { deleteRows, insertRows, unnestRows, upsertRows, type ColumnTypes } from './batch-sql';
import type { TableChanges, TableReads, TableSpec } from './batch-rows';

/**
 * The statements of reducer projectors (reducer.ts): one query per table to read the rows a batch
 * asks for, one statement per kind of change to write its net changes.
 */

const isArray = (type: string) => type.endsWith('[]');

/** The column as read: arrays of numerics as texts (pg would read them as floating point), like numerics. */
function selected(column: string, type: string): RawBuilder<unknown> {
  return type === 'numeric[]' ? sql`t.${sql.id(column)}::text[] AS ${sql.id(column)}` : sql.ref(`t.${column}`);
}

/** The types of the key columns (the only ones `unnestRows` reads of the keys). */
function keyTypes<Row>({ columns, key }: TableSpec<Row>): Record<keyof Row & string, string> {
  return Object.fromEntries(key.map((column) => [column, columns[column]])) as Record<keyof Row & string, string>;
}

/** `t`'s key columns equal to those of `alias`. */
const sameKey = (key: readonly string[], alias: string) =>
  sql.join(
    key.map((column) => sql`t.${sql.id(column)} = ${sql.ref(`${alias}.${column}`)}`),
    sql` AND `,
  );

/**
 * The rows of `table` with the keys of `reads` and those with its `where` values, in one query:
 * each part on its own (a key list joined to the primary key, never an OR that would scan the
 * table), put together with UNION ALL (a row found twice is taken once by `BatchRows.read`).
 */
export async function readRows<Row>(
  trx: QueryExecutorProvider,
  schema: string,
  table: string,
  spec: TableSpec<Row>,
  { keys = [], where }: TableReads<Row>,
): Promise<Row[]> {
  const from = sql.table(`${schema}.${table}`);
  const columns = sql.join(
    (Object.keys(spec.columns) as (keyof Row & string)[]).map((column) => selected(column, spec.columns[column])),
  );
  const parts: RawBuilder<unknown>[] = [];
  if (keys.length > 0 && spec.key.length === 1) {
    const [single] = spec.key as [keyof Row & string];
    parts.push(
      sql`SELECT ${columns} FROM ${from} AS t WHERE t.${sql.id(single)} = ANY(${keys.map((row) => row[single])}::${sql.raw(spec.columns[single])}[])`,
    );
  } else if (keys.length > 0) {
    parts.push(sql`SELECT ${columns} FROM ${unnestRows(keys, keyTypes(spec), 'k')} JOIN ${from} AS t ON ${sameKey(spec.key, 'k')}`);
  }
  if (where)
    parts.push(
      sql`SELECT ${columns} FROM ${from} AS t WHERE t.${sql.id(where.column)} = ANY(${[...where.values]}::${sql.raw(spec.columns[where.column])}[])`,
    );
  if (parts.length === 0) return [];
  const { rows } = await sql<Row>`${sql.join(parts, sql` UNION ALL `)}`.execute(trx);
  return rows;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A PostgreSQL array literal, `{"1.5","2"}`. */
const arrayLiteral = (values: readonly unknown[]) =>
  `{${values.map((value) => (value === null ? 'NULL' : `"${textOf(value).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;

/** The rows as the batch statements send them: arrays of array columns as literals. */
function sent<Row>(rows: readonly Row[], columns: ColumnTypes<Row>): readonly Row[] {
  const arrays = (Object.keys(columns) as (keyof Row)[]).filter((column) => isArray(columns[column]));
  if (arrays.length === 0 || rows.length === 0) return rows;
  return rows.map((row) => {
    const copy = { ...row };
    for (const column of arrays) if (Array.isArray(row[column])) copy[column] = arrayLiteral(row[column]) as Row[keyof Row];
    return copy;
  });
}

/** Writes a batch's net changes to `table`: one statement per kind of change. */
export async function writeChanges<Row>(
  trx: QueryExecutorProvider,
  schema: string,
  table: string,
  spec: TableSpec<Row>,
  changes: TableChanges<Row>,
): Promise<void> {
  const { columns, key } = spec;
  for (const { column, values } of changes.deletedWhere) await deleteRows(trx, schema, table, column, columns[column], values);
  await deleteByKey(trx, schema, table, spec, changes.deleted);
  await insertRows(trx, schema, table, sent(changes.inserted, columns), columns);
  await updateRows(trx, schema, table, spec, sent(changes.updated, columns));
  await upsertRows(trx, schema, table, sent(changes.upserted, columns), { types: columns, key });
  await addRows(trx, schema, table, spec, sent(changes.added, columns));
}

/** A stored sum plus the batch's: numerics trimmed of trailing zeros (the same text whatever the batching), arrays element by element. */
function summed(column: string, type: string): RawBuilder<unknown> {
  const [stored, added] = [sql`t.${sql.id(column)}`, sql`EXCLUDED.${sql.id(column)}`];
  if (type === 'numeric[]')
    return sql`ARRAY(SELECT trim_scale(a + b) FROM unnest(${stored}, ${added}) WITH ORDINALITY AS u(a, b, i) ORDER BY i)`;
  if (isArray(type)) return sql`ARRAY(SELECT a + b FROM unnest(${stored}, ${added}) WITH ORDINALITY AS u(a, b, i) ORDER BY i)`;
  return type === 'numeric' ? sql`trim_scale(${stored} + ${added})` : sql`${stored} + ${added}`;
}

/**
 * Sums added to the stored rows of their keys, in one INSERT ... ON CONFLICT DO UPDATE (the row
 * inserted as given when none exists), then the rows whose count fell to 0 deleted: the keys whose
 * count the batch lowered, one DELETE.
 */
async function addRows<Row>(
  trx: QueryExecutorProvider,
  schema: string,
  table: string,
  spec: TableSpec<Row>,
  rows: readonly Row[],
): Promise<void> {
  if (rows.length === 0 || !spec.sums) return;
  const { columns, key } = spec;
  const { columns: sums, emptyWhenZero } = spec.sums;
  const names = Object.keys(columns) as (keyof Row & string)[];
  const set = sums.map((column) => sql`${sql.id(column)} = ${summed(column, columns[column])}`);
  await sql`INSERT INTO ${sql.table(`${schema}.${table}`)} AS t (${sql.join(names.map((column) => sql.id(column)))})
    SELECT ${sql.join(names.map((column) => sql.ref(`d.${column}`)))} FROM ${unnestRows(rows, columns, 'd')}
    ON CONFLICT (${sql.join(key.map((column) => sql.id(column)))}) DO UPDATE SET ${sql.join(set)}`.execute(trx);
  const fallen = rows.filter((row) => Number(row[emptyWhenZero]) < 0);
  if (fallen.length === 0) return;
  await sql`DELETE FROM ${sql.table(`${schema}.${table}`)} AS t USING ${unnestRows(fallen, keyTypes(spec), 'k')}
    WHERE ${sameKey(key, 'k')} AND t.${sql.id(emptyWhenZero)} = 0`.execute(trx);
}

async function deleteByKey<Row>(
  trx: QueryExecutorProvider,
  schema: string,
  table: string,
  spec: TableSpec<Row>,
  keys: readonly Partial<Row>[],
): Promise<void> {
  if (keys.length === 0) return;
  const [single] = spec.key;
  if (spec.key.length === 1) {
    await deleteRows(
      trx,
      schema,
      table,
      single!,
      spec.columns[single!],
      keys.map((row) => row[single!]),
    );
    return;
  }
  await sql`DELETE FROM ${sql.table(`${schema}.${table}`)} AS t USING ${unnestRows(keys, keyTypes(spec), 'k')}
    WHERE ${sameKey(spec.key, 'k')}`.execute(trx);
}

/** UPDATE ... FROM the rows (every non-key column set), in one statement. */
async function updateRows<Row>(
  trx: QueryExecutorProvider,
  schema: string,
  table: string,
  { columns, key }: TableSpec<Row>,
  rows: readonly Row[],
): Promise<void> {
  if (rows.length === 0) return;
  const set = (Object.keys(columns) as (keyof Row & string)[])
    .filter((column) => !key.includes(column))
    .map((column) => sql`${sql.id(column)} = ${sql.ref(`d.${column}`)}`);
  await sql`UPDATE ${sql.table(`${schema}.${table}`)} AS t SET ${sql.join(set)}
    FROM ${unnestRows(rows, columns, 'd')} WHERE ${sameKey(key, 'd')}`.execute(trx);
}
