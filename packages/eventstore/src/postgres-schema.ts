import type pg from 'pg';

export const EVENTSTORE_SCHEMA = 'eventstore';
export const APPENDED_CHANNEL = 'eventstore_appended';

/** The audit log's keys, written in queries exactly as indexed (see migrateEventStore). */
export const OCCURRED_AT = `((metadata->>'occurredAt') COLLATE "C")`;
export const STREAM_CATEGORY = `${EVENTSTORE_SCHEMA}.stream_category(stream_name)`;
export const ACTOR_ID = `(metadata->>'actorId')`;

/**
 * Creates the event store tables (idempotent; safe when several processes start at once).
 *
 * `transaction_id` is the id of the appending transaction and orders the global log together
 * with `position`; postgres-positions.ts says why.
 */
export async function migrateEventStore(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT pg_advisory_xact_lock(hashtext('tht:migrate-eventstore'))");
    await client.query(`
      CREATE SCHEMA IF NOT EXISTS ${EVENTSTORE_SCHEMA};
      CREATE TABLE IF NOT EXISTS ${EVENTSTORE_SCHEMA}.streams (
        stream_name text PRIMARY KEY,
        version integer NOT NULL CHECK (version >= 0)
      );
      CREATE TABLE IF NOT EXISTS ${EVENTSTORE_SCHEMA}.events (
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        position bigint GENERATED ALWAYS AS IDENTITY,
        event_id uuid NOT NULL,
        stream_name text NOT NULL,
        stream_version integer NOT NULL,
        type text NOT NULL,
        data json NOT NULL,
        metadata json NOT NULL,
        -- json, not jsonb: read back as stored text, without conversion, which makes replays
        -- markedly faster; only the audit log's indexes below look inside the metadata.
        -- The global order (readAll) and the stream order (readStream, one version once); besides
        -- them only the audit log's indexes, to keep appends cheap. event_id is a random UUID,
        -- unique without an index.
        PRIMARY KEY (transaction_id, position),
        UNIQUE (stream_name, stream_version)
      );
      -- The audit log (postgres-log.ts): newest first by the time in the metadata (then position),
      -- optionally of some stream categories or of one actor, in a time range; each index serves
      -- one filter in that order. A category is a stream name without its trailing numbers
      -- (user-target-7-2026 -> user-target). Times are fixed-width ISO texts, compared bytewise.
      CREATE OR REPLACE FUNCTION ${EVENTSTORE_SCHEMA}.stream_category(stream_name text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT regexp_replace(stream_name, '(-[0-9]+)+$', '') $$;
      CREATE INDEX IF NOT EXISTS events_occurred_at_idx
        ON ${EVENTSTORE_SCHEMA}.events (${OCCURRED_AT}, transaction_id, position);
      CREATE INDEX IF NOT EXISTS events_category_idx
        ON ${EVENTSTORE_SCHEMA}.events (${STREAM_CATEGORY}, ${OCCURRED_AT}, transaction_id, position);
      CREATE INDEX IF NOT EXISTS events_actor_idx
        ON ${EVENTSTORE_SCHEMA}.events (${ACTOR_ID}, ${OCCURRED_AT}, transaction_id, position);
      -- The audit hash chain (postgres-chain.ts): the n-th event of the global log, by its
      -- position, and its chained hash; written by the sealer behind the log, never by appends.
      CREATE TABLE IF NOT EXISTS ${EVENTSTORE_SCHEMA}.chain (
        sequence bigint PRIMARY KEY CHECK (sequence >= 1),
        transaction_id xid8 NOT NULL,
        position bigint NOT NULL,
        -- What was sealed there, so a verify can name an event that was removed since.
        stream_name text NOT NULL,
        type text NOT NULL,
        hash text NOT NULL
      );
    `);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
