import { DEFAULT_TRAINING_VERBS } from '@tht/contracts';
import { sql, type Kysely } from 'kysely';

/**
 * The Learning Record Store's own tables, in schema `xapi` (decision 044): statements are
 * immutable records of what other systems report, kept apart from the domain's event log (their
 * volume is the other systems'), with one index per query parameter of `GET /xapi/statements`.
 * Created at start-up, like the directory's and the outbox's tables.
 */
export async function migrateXapi<Database>(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Serialises concurrent start-ups, whose IF NOT EXISTS statements would otherwise race.
    await sql`SELECT pg_advisory_xact_lock(hashtext('tht:migrate-xapi'))`.execute(trx);
    await sql`CREATE SCHEMA IF NOT EXISTS xapi`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS xapi.clients (
      id uuid PRIMARY KEY,
      name text NOT NULL,
      key text NOT NULL UNIQUE,
      secret_sha256 bytea NOT NULL,
      training_type text NOT NULL,
      enabled boolean NOT NULL,
      created_at timestamptz NOT NULL,
      deleted_at timestamptz
    )`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS xapi.statements (
      seq bigserial PRIMARY KEY,
      id uuid NOT NULL UNIQUE,
      client_id uuid NOT NULL,
      stored timestamptz NOT NULL,
      statement jsonb NOT NULL,
      content_digest text NOT NULL,
      voided boolean NOT NULL DEFAULT false,
      voiding_target uuid,
      ref_target uuid,
      verb_id text NOT NULL,
      registration uuid,
      agents text[] NOT NULL,
      related_agents text[] NOT NULL,
      activities text[] NOT NULL,
      related_activities text[] NOT NULL,
      attachment_hashes text[] NOT NULL DEFAULT '{}'
    )`.execute(trx);
    // Section 2 (decision 045): each system's training rules, and the transaction that stored each
    // statement, so the worker turning statements into entries follows them in commit order.
    await sql`ALTER TABLE xapi.clients ADD COLUMN IF NOT EXISTS verbs text[] NOT NULL
      DEFAULT ARRAY[${sql.join(DEFAULT_TRAINING_VERBS.map((verb) => sql.lit(verb)))}]::text[]`.execute(trx);
    await sql`ALTER TABLE xapi.clients ADD COLUMN IF NOT EXISTS default_hours numeric`.execute(trx);
    await sql`ALTER TABLE xapi.statements ADD COLUMN IF NOT EXISTS transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id()`.execute(
      trx,
    );
    await sql`CREATE INDEX IF NOT EXISTS statements_transaction_idx ON xapi.statements (transaction_id, seq)`.execute(trx);
    // Every statement query is one system's, in stored order (decision 048): the index gives a page its rows in order.
    await sql`DROP INDEX IF EXISTS xapi.statements_stored_idx`.execute(trx);
    await sql`CREATE INDEX IF NOT EXISTS statements_client_stored_idx ON xapi.statements (client_id, stored, seq)`.execute(trx);
    await sql`CREATE INDEX IF NOT EXISTS statements_verb_idx ON xapi.statements (verb_id, seq)`.execute(trx);
    await sql`CREATE INDEX IF NOT EXISTS statements_registration_idx ON xapi.statements (registration, seq)
      WHERE registration IS NOT NULL`.execute(trx);
    await sql`CREATE INDEX IF NOT EXISTS statements_ref_target_idx ON xapi.statements (ref_target)
      WHERE ref_target IS NOT NULL`.execute(trx);
    await sql`CREATE INDEX IF NOT EXISTS statements_voiding_target_idx ON xapi.statements (voiding_target)
      WHERE voiding_target IS NOT NULL`.execute(trx);
    for (const column of ['agents', 'related_agents', 'activities', 'related_activities']) {
      await sql`CREATE INDEX IF NOT EXISTS ${sql.raw(`statements_${column}_idx`)} ON xapi.statements
        USING gin (${sql.raw(column)})`.execute(trx);
    }
    await sql`CREATE TABLE IF NOT EXISTS xapi.attachments (
      sha2 text PRIMARY KEY,
      content_type text NOT NULL,
      content bytea NOT NULL
    )`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS xapi.activities (
      id text PRIMARY KEY,
      definition jsonb NOT NULL
    )`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS xapi.documents (
      client_id uuid NOT NULL,
      kind text NOT NULL,
      activity_id text NOT NULL,
      agent text NOT NULL,
      registration text NOT NULL,
      document_id text NOT NULL,
      content bytea NOT NULL,
      content_type text NOT NULL,
      etag text NOT NULL,
      updated timestamptz NOT NULL,
      PRIMARY KEY (client_id, kind, activity_id, agent, registration, document_id)
    )`.execute(trx);
    await sql`CREATE INDEX IF NOT EXISTS documents_updated_idx ON xapi.documents (client_id, kind, activity_id, agent, updated)`.execute(
      trx,
    );
  });
}
