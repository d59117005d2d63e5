import { sql, type Kysely } from 'kysely';
import type pg from 'pg';

const TABLE = 'sso.redeemed_results';

/**
 * The sign-in results (sso-cookies.ts) already taken over by a page: kept in PostgreSQL until they
 * expire, so every API process on the database refuses a second redemption.
 */
export async function migrateSsoResults<Database>(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Serialises concurrent start-ups, whose IF NOT EXISTS statements would otherwise race.
    await sql`SELECT pg_advisory_xact_lock(hashtext('tht:migrate-sso-results'))`.execute(trx);
    await sql`CREATE SCHEMA IF NOT EXISTS sso`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS ${sql.table(TABLE)} (id text PRIMARY KEY, expires_at timestamptz NOT NULL)`.execute(trx);
  });
}

/** Redeems sign-in results once each (needs `migrateSsoResults`). */
export function ssoResultRedemptions(pool: pg.Pool) {
  return {
    /** True the first time `id` is redeemed; false ever after (while it could still be shown: until `expiresAt`). */
    async redeem(id: string, expiresAt: Date): Promise<boolean> {
      await pool.query(`DELETE FROM ${TABLE} WHERE expires_at < now()`);
      const inserted = await pool.query(`INSERT INTO ${TABLE} (id, expires_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, [
        id,
        expiresAt,
      ]);
      return inserted.rowCount === 1;
    },
  };
}
