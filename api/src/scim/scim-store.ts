import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { inTransaction } from '@tht/postgres';

/**
 * What the directory keeps beside the product's accounts, in schema `scim`: the directory's own id
 * of each person it provisions (`externalId`), and its groups with their members. These are the
 * provider's bookkeeping, not the product's records: the changes they cause to accounts (a role
 * from a group) go through the account's commands and events. Kept in tables of their own, like
 * the single sign-on's redeemed results, never in events; a deleted account takes its rows along.
 */
export async function migrateScim<Database>(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Serialises concurrent start-ups, whose IF NOT EXISTS statements would otherwise race.
    await sql`SELECT pg_advisory_xact_lock(hashtext('tht:migrate-scim'))`.execute(trx);
    await sql`CREATE SCHEMA IF NOT EXISTS scim`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS scim.user_links (user_id integer PRIMARY KEY, external_id text NOT NULL)`.execute(trx);
    await sql`CREATE INDEX IF NOT EXISTS user_links_external_id_idx ON scim.user_links (external_id)`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS scim.groups (
      id uuid PRIMARY KEY,
      display_name text NOT NULL,
      external_id text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(trx);
    await sql`CREATE INDEX IF NOT EXISTS groups_display_name_idx ON scim.groups (lower(display_name))`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS scim.group_members (
      group_id uuid NOT NULL REFERENCES scim.groups ON DELETE CASCADE,
      user_id integer NOT NULL,
      PRIMARY KEY (group_id, user_id)
    )`.execute(trx);
    await sql`CREATE INDEX IF NOT EXISTS group_members_user_id_idx ON scim.group_members (user_id)`.execute(trx);
  });
}

export interface DirectoryGroup {
  id: string;
  displayName: string;
  externalId: string | null;
  /** The members' user ids. */
  members: number[];
  createdAt: Date;
  updatedAt: Date;
}

/** A group as the directory states it (members by user id). */
export type DirectoryGroupInput = Pick<DirectoryGroup, 'displayName' | 'externalId' | 'members'>;

interface GroupRow {
  id: string;
  display_name: string;
  external_id: string | null;
  created_at: Date;
  updated_at: Date;
  members: number[];
}

const GROUPS = `SELECT g.id, g.display_name, g.external_id, g.created_at, g.updated_at,
  COALESCE(array_agg(m.user_id ORDER BY m.user_id) FILTER (WHERE m.user_id IS NOT NULL), '{}') AS members
  FROM scim.groups g LEFT JOIN scim.group_members m ON m.group_id = g.id`;

const groupOf = (row: GroupRow): DirectoryGroup => ({
  id: row.id,
  displayName: row.display_name,
  externalId: row.external_id,
  members: row.members.map(Number),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The directory's bookkeeping on `pool` (needs `migrateScim`). */
export function directoryStore(pool: pg.Pool) {
  return {
    /** The directory's id of each of `userIds` it linked. */
    async externalIds(userIds: readonly number[]): Promise<Map<number, string>> {
      if (userIds.length === 0) return new Map();
      const { rows } = await pool.query<{ user_id: number; external_id: string }>({
        text: 'SELECT user_id, external_id FROM scim.user_links WHERE user_id = ANY($1::int[])',
        values: [userIds],
      });
      return new Map(rows.map((row) => [row.user_id, row.external_id]));
    },

    async userIdsWithExternalId(externalId: string): Promise<number[]> {
      const { rows } = await pool.query<{ user_id: number }>('SELECT user_id FROM scim.user_links WHERE external_id = $1', [
        externalId,
      ]);
      return rows.map((row) => row.user_id);
    },

    /** Records (or, with null, forgets) the directory's id of an account. */
    async linkUser(userId: number, externalId: string | null): Promise<void> {
      if (externalId === null) {
        await pool.query('DELETE FROM scim.user_links WHERE user_id = $1', [userId]);
        return;
      }
      await pool.query(
        `INSERT INTO scim.user_links (user_id, external_id) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET external_id = EXCLUDED.external_id`,
        [userId, externalId],
      );
    },

    /** Forgets an account: its directory id and its group memberships. */
    async forgetUser(userId: number): Promise<void> {
      await pool.query('DELETE FROM scim.user_links WHERE user_id = $1', [userId]);
      await pool.query('DELETE FROM scim.group_members WHERE user_id = $1', [userId]);
    },

    /** The groups, each only when `id` or `displayName` (ignoring case) matches, when given. */
    async groups(where: { id?: string; displayName?: string } = {}): Promise<DirectoryGroup[]> {
      const values: string[] = [];
      const conditions: string[] = [];
      if (where.id !== undefined) conditions.push(`g.id::text = $${values.push(where.id)}`);
      if (where.displayName !== undefined) conditions.push(`lower(g.display_name) = lower($${values.push(where.displayName)})`);
      const { rows } = await pool.query<GroupRow>({
        text: `${GROUPS} ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''} GROUP BY g.id ORDER BY g.created_at, g.id`,
        values,
      });
      return rows.map(groupOf);
    },

    /** The groups `userId` is a member of. */
    async groupsOf(userId: number): Promise<DirectoryGroup[]> {
      const { rows } = await pool.query<GroupRow>({
        text: `${GROUPS} WHERE g.id IN (SELECT group_id FROM scim.group_members WHERE user_id = $1) GROUP BY g.id`,
        values: [userId],
      });
      return rows.map(groupOf);
    },

    /** Creates (no `id`) or replaces a group with its members; returns its id. */
    async saveGroup(group: DirectoryGroupInput, now: Date, id: string = randomUUID()): Promise<string> {
      await inTransaction(pool, async (client) => {
        await client.query(
          `INSERT INTO scim.groups (id, display_name, external_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
           ON CONFLICT (id) DO UPDATE SET display_name = EXCLUDED.display_name, external_id = EXCLUDED.external_id,
           updated_at = EXCLUDED.updated_at`,
          [id, group.displayName, group.externalId, now],
        );
        await client.query('DELETE FROM scim.group_members WHERE group_id = $1', [id]);
        await client.query(
          'INSERT INTO scim.group_members (group_id, user_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING',
          [id, group.members],
        );
      });
      return id;
    },

    async deleteGroup(id: string): Promise<void> {
      await pool.query('DELETE FROM scim.groups WHERE id = $1', [id]);
    },
  };
}

export type DirectoryStore = ReturnType<typeof directoryStore>;

/** An erased or deleted person leaves the directory's bookkeeping: their directory id and memberships. */
export function forgetDirectoryUser(ctx: { pool: pg.Pool }, userId: number): Promise<void> {
  return directoryStore(ctx.pool).forgetUser(userId);
}
