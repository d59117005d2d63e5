import { accountsByFullName, entryManagerId, fullNameKey, type NamedAccount } from '@tht/contracts';
import type { AttributeOwners } from '@tht/eventstore';
import { sql } from 'kysely';
import { READ_MODEL_SCHEMA, USER_FULL_NAME_KEY, type ReadModelDb } from 'projections';

/** An entry's owner and the manager name typed on it. */
export interface TypedManagerName {
  userId: number;
  managerName: string;
}

/** The owners' and the namesakes' accounts, one statement answered from the users' indexes (id, full name). */
export function managerAccounts(owners: readonly number[], names: readonly string[]) {
  return sql<NamedAccount & { managerId: number | null }>`
    SELECT id, first_name AS "firstName", last_name AS "lastName", manager_id AS "managerId"
      FROM ${sql.table(`${READ_MODEL_SCHEMA}.users`)}
     WHERE id = ANY(${owners}::int4[]) OR ${sql.raw(USER_FULL_NAME_KEY)} = ANY(${names}::text[])`;
}

/**
 * The account each typed manager name names (`entryManagerId`, decision 038), read from the
 * users read model with one query: the owners' managers, and every account whose full name is
 * one of the names. Null for a name naming no one.
 */
export async function entryManagerIds(db: ReadModelDb, typed: readonly TypedManagerName[]): Promise<(number | null)[]> {
  const names = [...new Set(typed.map(({ managerName }) => fullNameKey(managerName)).filter(Boolean))];
  if (names.length === 0) return typed.map(() => null);
  const owners = [...new Set(typed.map(({ userId }) => userId))];
  const { rows } = await managerAccounts(owners, names).execute(db);
  const managerOf = new Map(rows.map((row) => [row.id, row.managerId]));
  const accounts = accountsByFullName(rows);
  return typed.map(({ userId, managerName }) => entryManagerId(managerName, managerOf.get(userId) ?? null, accounts));
}

/** `entryManagerIds` of one entry. */
export async function entryManagerIdOf(db: ReadModelDb, typed: TypedManagerName): Promise<number | null> {
  const [managerId] = await entryManagerIds(db, [typed]);
  return managerId!;
}

type StoredEvent = { type: string; data: unknown };

/** An entry event written before entries recorded the account their manager name names. */
function isUnattributedEntry(event: StoredEvent): event is { type: string; data: { userId: number; managerName: string } } {
  if (event.type !== 'EntryLogged' && event.type !== 'EntryEdited') return false;
  const data = event.data as Record<string, unknown> | null;
  return data !== null && !('managerId' in data) && typeof data.userId === 'number' && typeof data.managerName === 'string';
}

/**
 * The upgrade of a log written in clear (decision 038): each old entry event whose manager name
 * names an account, as the users read model left by the previous release knows them, gets that
 * account as its `managerId`, so the name is sealed with that person's key. Others stay as they
 * were (the name stays the owner's); so does every event when there is no users read model.
 */
export function attributeEntryManagers(db: ReadModelDb): AttributeOwners {
  return async (events) => {
    const unattributed = events.filter(isUnattributedEntry);
    if (unattributed.length === 0 || !(await hasUsersReadModel(db))) return events.map(({ data }) => data);
    const managerIds = await entryManagerIds(
      db,
      unattributed.map(({ data }) => data),
    );
    const found = new Map(unattributed.map((event, index) => [event, managerIds[index]!]));
    return events.map((event) => {
      const managerId = found.get(event as (typeof unattributed)[number]);
      return managerId === undefined || managerId === null ? event.data : { ...(event.data as object), managerId };
    });
  };
}

async function hasUsersReadModel(db: ReadModelDb): Promise<boolean> {
  const { rows } = await sql<{
    exists: boolean;
  }>`SELECT to_regclass(${`${READ_MODEL_SCHEMA}.users`}) IS NOT NULL AS exists`.execute(db);
  return rows[0]!.exists;
}
