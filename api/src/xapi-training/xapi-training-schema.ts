import { sql, type Kysely } from 'kysely';

/**
 * What turning statements into entries keeps (decision 045), beside the LRS's tables in schema
 * `xapi` (needs `migrateXapi` first): how far the worker followed the statements (in commit
 * order), which entry each statement became (the exactly-once record), and the unmatched ones.
 */
export async function migrateXapiTraining<Database>(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('tht:migrate-xapi-training'))`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS xapi.training_checkpoint (
      one boolean PRIMARY KEY DEFAULT true CHECK (one),
      transaction_id xid8 NOT NULL,
      seq bigint NOT NULL
    )`.execute(trx);
    await sql`INSERT INTO xapi.training_checkpoint (transaction_id, seq) VALUES ('0'::xid8, 0) ON CONFLICT DO NOTHING`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS xapi.statement_entries (
      statement_id uuid PRIMARY KEY,
      entry_id integer NOT NULL,
      user_id integer NOT NULL,
      client_id uuid NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(trx);
    await sql`CREATE INDEX IF NOT EXISTS statement_entries_user_idx ON xapi.statement_entries (user_id)`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS xapi.unmatched (
      statement_id uuid PRIMARY KEY,
      client_id uuid NOT NULL,
      person_key text,
      user_id integer,
      actor text NOT NULL,
      verb text NOT NULL,
      activity text NOT NULL,
      timestamp text NOT NULL,
      stored timestamptz NOT NULL,
      reason text NOT NULL,
      message text NOT NULL
    )`.execute(trx);
    await sql`CREATE INDEX IF NOT EXISTS unmatched_stored_idx ON xapi.unmatched (stored DESC, statement_id)`.execute(trx);
    await sql`CREATE INDEX IF NOT EXISTS unmatched_person_key_idx ON xapi.unmatched (person_key) WHERE reason <> 'refused'`.execute(
      trx,
    );
    await sql`CREATE INDEX IF NOT EXISTS unmatched_user_idx ON xapi.unmatched (user_id) WHERE user_id IS NOT NULL`.execute(trx);
  });
}
