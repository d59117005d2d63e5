import { sql, type Kysely } from 'kysely';
import { READ_MODEL_SCHEMA } from '../schema';

async function tablesOf(db: Kysely<unknown>, schema: string): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables
    WHERE table_schema = ${schema} ORDER BY table_name`.execute(db);
  return rows.map((row) => row.table_name);
}

/** A row `t` as compared: its JSON without `updated_at` (a checkpoint's, when it was written: the one column a rebuild cannot reproduce). */
const comparedRow = sql`(to_jsonb(t) - 'updated_at')::text`;

/**
 * Every row of every table in `schema` (the live read models unless told), as sorted JSON lines per table (without
 * `updated_at`): equal snapshots before and after `rebuildReadModels` mean the read models equal a
 * replay of the log.
 */
export async function readModelSnapshot(db: Kysely<unknown>, schema = READ_MODEL_SCHEMA): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of await tablesOf(db, schema)) {
    const { rows } = await sql<{ row: string }>`SELECT ${comparedRow} AS row FROM ${sql.table(`${schema}.${table}`)} t`.execute(db);
    result[table] = rows.map((r) => r.row).sort();
  }
  return result;
}

/**
 * Every index definition and every table's persistence ('p': logged) of `schema`, written as if it
 * were `read_models`: equal lists mean equally durable and indexed read models.
 */
export async function readModelDefinitions(db: Kysely<unknown>, schema = READ_MODEL_SCHEMA): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`SELECT indexdef AS line FROM pg_indexes WHERE schemaname = ${schema}
    UNION ALL SELECT c.relname || ' ' || c.relpersistence::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ${schema} AND c.relkind = 'r'`.execute(db);
  return rows.map((row) => row.line.replaceAll(`${schema}.`, `${READ_MODEL_SCHEMA}.`)).sort();
}

/**
 * Per table of `schema`, its number of rows and an order-free digest of them (each row as
 * `readModelSnapshot` sees it, its md5 read as a 60-bit number, summed): equal digests mean equal
 * tables, for read models too large to hold as `readModelSnapshot` does (an organisation's
 * millions of entries).
 */
export async function readModelDigest(db: Kysely<unknown>, schema = READ_MODEL_SCHEMA): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of await tablesOf(db, schema)) {
    const { rows } = await sql<{ digest: string }>`SELECT count(*) || ' rows, ' ||
        coalesce(sum(('x' || left(md5(${comparedRow}), 15))::bit(60)::bigint::numeric), 0) AS digest
      FROM ${sql.table(`${schema}.${table}`)} t`.execute(db);
    result[table] = rows[0]!.digest;
  }
  return result;
}
