import { entryManagerId } from '@tht/contracts';
import { sql } from 'kysely';
import { READ_MODEL_SCHEMA, type ReadModelDb } from 'projections';

/** An entry's owner and the manager name typed on it. */
export interface TypedManagerName {
  userId: number;
  managerName: string;
}

/** A full name as `sameFullName` compares it: trimmed, spaces collapsed, lower case. */
const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The account each typed manager name names (`entryManagerId`, decision 038), read from the
 * users read model with one query: the owners' managers, and every account whose full name is
 * one of the names. Null for a name naming no one.
 */
export async function entryManagerIds(db: ReadModelDb, typed: readonly TypedManagerName[]): Promise<(number | null)[]> {
  const names = [...new Set(typed.map(({ managerName }) => nameKey(managerName)).filter(Boolean))];
  if (names.length === 0) return typed.map(() => null);
  const owners = [...new Set(typed.map(({ userId }) => userId))];
  const { rows } = await sql<{ id: number; firstName: string; lastName: string; managerId: number | null }>`
    SELECT id, first_name AS "firstName", last_name AS "lastName", manager_id AS "managerId"
      FROM ${sql.table(`${READ_MODEL_SCHEMA}.users`)}
     WHERE id = ANY(${owners}::int4[])
        OR regexp_replace(lower(btrim(first_name || ' ' || last_name)), '\\s+', ' ', 'g') = ANY(${names}::text[])`.execute(db);
  const managerOf = new Map(rows.map((row) => [row.id, row.managerId]));
  return typed.map(({ userId, managerName }) => entryManagerId(managerName, managerOf.get(userId) ?? null, rows));
}

/** `entryManagerIds` of one entry. */
export async function entryManagerIdOf(db: ReadModelDb, typed: TypedManagerName): Promise<number | null> {
  const [managerId] = await entryManagerIds(db, [typed]);
  return managerId!;
}
