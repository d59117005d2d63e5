import { sql, type RawBuilder } from 'kysely';
import type { CheckpointsDb } from './checkpoints';

/*
 * The keys that left the snapshots' work schema since the round's last snapshot. Rows written
 * since then are found by their `xmin` (snapshots.ts); a row deleted leaves nothing to find, so
 * triggers note the deleted row (or the old key of a row whose key changed) here. Without it each
 * snapshot compared every current row of the history with the work schema's by key: 2.5 s for the
 * entries table alone at 520,000 entries, growing with the organisation.
 */

/** The work schema's table of rows deleted since the last snapshot; not a read model. */
export const DELETED_ROWS_TABLE = 'snapshot_deleted_rows';

/** A read-model table of the work schema and its primary key's columns. */
export interface KeyedTable {
  table: string;
  key: readonly string[];
}

const deletedRows = (schema: string) => sql.table(`${schema}.${DELETED_ROWS_TABLE}`);
const noteFunction = (schema: string) => sql.table(`${schema}.note_deleted_row`);

/**
 * Notes, from now on, every row deleted from `tables` of `schema` and every key an update changes,
 * in DELETED_ROWS_TABLE; a TRUNCATE notes the table with no row (its deletions are then found by
 * comparing every key).
 */
export async function noteDeletions(db: CheckpointsDb, schema: string, tables: readonly KeyedTable[]): Promise<void> {
  await sql`CREATE UNLOGGED TABLE ${deletedRows(schema)} (table_name text NOT NULL, deleted jsonb)`.execute(db);
  await sql`CREATE FUNCTION ${noteFunction(schema)}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${sql.raw(`${schema}.${DELETED_ROWS_TABLE}`)} (table_name, deleted)
        VALUES (TG_TABLE_NAME, CASE WHEN TG_LEVEL = 'ROW' THEN to_jsonb(OLD) END);
      RETURN NULL;
    END $$`.execute(db);
  for (const { table, key } of tables) {
    const target = sql.table(`${schema}.${table}`);
    const keyChanged = sql.join(
      key.map((column) => sql`OLD.${sql.ref(column)} IS DISTINCT FROM NEW.${sql.ref(column)}`),
      sql` OR `,
    );
    await sql`CREATE TRIGGER deleted AFTER DELETE ON ${target} FOR EACH ROW EXECUTE FUNCTION ${noteFunction(schema)}()`.execute(db);
    await sql`CREATE TRIGGER rekeyed AFTER UPDATE ON ${target} FOR EACH ROW WHEN (${keyChanged})
      EXECUTE FUNCTION ${noteFunction(schema)}()`.execute(db);
    await sql`CREATE TRIGGER truncated AFTER TRUNCATE ON ${target} FOR EACH STATEMENT EXECUTE FUNCTION ${noteFunction(schema)}()`.execute(
      db,
    );
  }
}

/** Whether `table` was truncated since the notes were last cleared: only a comparison of every key finds its deletions. */
export async function wasTruncated(db: CheckpointsDb, schema: string, table: string): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM ${deletedRows(schema)} WHERE table_name = ${table} AND deleted IS NULL LIMIT 1`.execute(
    db,
  );
  return rows.length > 0;
}

/** The keys deleted from `table` since the notes were last cleared, as a relation of its key columns. */
export function deletedKeys(schema: string, { table, key }: KeyedTable): RawBuilder<unknown> {
  const columns = sql.join(key.map((column) => sql.ref(`r.${column}`)));
  return sql`(SELECT DISTINCT ${columns} FROM ${deletedRows(schema)} d,
    jsonb_populate_record(NULL::${sql.table(`${schema}.${table}`)}, d.deleted) r
    WHERE d.table_name = ${table} AND d.deleted IS NOT NULL)`;
}

/** Clears the notes (once a snapshot has recorded them). */
export async function clearDeletions(db: CheckpointsDb, schema: string): Promise<void> {
  await sql`DELETE FROM ${deletedRows(schema)}`.execute(db);
}
