import type pg from 'pg';

export const EVENTSTORE_SCHEMA = 'eventstore';
export const APPENDED_CHANNEL = 'eventstore_appended';

/**
 * An event's time as the chain keeps it: the instant of its `occurredAt` when that is an ISO text in
 * UTC as `toISOString` writes it (JavaScript's `ISO_INSTANT` below is the same rule), else null.
 */
const INSTANT_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}([.][0-9]{1,6})?Z$';
export const ISO_INSTANT = new RegExp(INSTANT_PATTERN);
/** The audit log's keys as appends store them, for events the chain has not sealed yet (postgres-log.ts). */
export const OCCURRED_AT = `${EVENTSTORE_SCHEMA}.instant(metadata->>'occurredAt')`;
export const STREAM_CATEGORY = `${EVENTSTORE_SCHEMA}.stream_category(stream_name)`;
/** What a stream's name ends with after its category (`streamCategory` in @tht/contracts is the same): numbers or a uuid. */
const UUID_SUFFIX = '-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const CATEGORY_SUFFIX = `(-[0-9]+)+$|${UUID_SUFFIX}`;
export const ACTOR_ID = `(metadata->>'actorId')`;

/**
 * Readers see the events of transactions below this id (postgres-positions.ts), as an InitPlan:
 * evaluated once per statement, however many rows it reads.
 */
export const READABLE_BEFORE = `(SELECT ${EVENTSTORE_SCHEMA}.readable_before())`;

/** The audit indexes that used to be on `events`, each evaluated by every append (dropped by the migration). */
const FORMER_EVENT_INDEXES = ['events_occurred_at_idx', 'events_category_idx', 'events_actor_idx'];

/**
 * Creates the event store tables (idempotent; safe when several processes start at once).
 *
 * `transaction_id` is the id of the appending transaction and orders the global log together
 * with `position`; postgres-positions.ts says why.
 */
export async function migrateEventStore(pool: pg.Pool): Promise<void> {
  await migrateUnderLock(pool, 'tht:migrate-eventstore', async (client) => {
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
        -- markedly faster.
        -- The global order (readAll) and the stream order (readStream, one version once), and no
        -- other index: every index here costs every append (three audit-log indexes on the
        -- metadata here cost about 12% of the append throughput; they are on the chain now).
        -- event_id is a random UUID, unique without an index.
        PRIMARY KEY (transaction_id, position),
        UNIQUE (stream_name, stream_version)
      );
      -- Where the readable log ends (postgres-positions.ts): below the snapshot's xmin, the oldest
      -- transaction still running on the server. Once the same xmin has held for a second on this
      -- connection (remembered in a setting of the session), a transaction the backends' activity
      -- shows in another database of the server is left out: it cannot append here. Any other (not
      -- shown, prepared, of a background worker) still counts. The second keeps the activity out of
      -- the usual case, where xmin moves with every commit. STABLE, not VOLATILE: the snapshot must
      -- be the calling statement's (a volatile function takes a newer one, whose xmin can pass a
      -- transaction that committed after the statement's snapshot: its events would be skipped).
      CREATE OR REPLACE FUNCTION ${EVENTSTORE_SCHEMA}.readable_before() RETURNS xid8 LANGUAGE plpgsql STABLE AS $$
      DECLARE
        snapshot pg_snapshot := pg_current_snapshot();
        oldest xid8 := pg_snapshot_xmin(snapshot);
        now_ms bigint := (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
        seen text := coalesce(current_setting('eventstore.oldest_seen', true), '');
      BEGIN
        IF split_part(seen, '@', 1) IS DISTINCT FROM oldest::text THEN
          PERFORM set_config('eventstore.oldest_seen', oldest::text || '@' || now_ms, false);
          RETURN oldest;
        END IF;
        IF now_ms - split_part(seen, '@', 2)::bigint < 1000 THEN
          RETURN oldest;
        END IF;
        RETURN coalesce(
          (SELECT min(running) FROM pg_snapshot_xip(snapshot) AS running
            WHERE NOT EXISTS (SELECT 1 FROM pg_stat_get_activity(NULL) AS elsewhere
              WHERE elsewhere.datid <> (SELECT oid FROM pg_database WHERE datname = current_database())
                AND elsewhere.backend_xid::text::bigint = running::text::bigint % 4294967296)),
          pg_snapshot_xmax(snapshot));
      END
      $$;
      -- An event's time as the chain keeps it (OCCURRED_AT): the instant of an ISO text in UTC, else null.
      CREATE OR REPLACE FUNCTION ${EVENTSTORE_SCHEMA}.instant(occurred_at text) RETURNS timestamptz
        LANGUAGE sql STABLE PARALLEL SAFE AS $$ SELECT CASE WHEN occurred_at ~ '${INSTANT_PATTERN}' THEN occurred_at::timestamptz END $$;
      -- A stream's category: its name without the trailing numbers (user-target-7-2026 -> user-target)
      -- or the trailing uuid of a record named by one (xapi-client-<uuid> -> xapi-client).
      CREATE OR REPLACE FUNCTION ${EVENTSTORE_SCHEMA}.stream_category(stream_name text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT regexp_replace(stream_name, '${CATEGORY_SUFFIX}', '') $$;
      -- The audit hash chain (postgres-chain.ts): the n-th event of the global log, by its
      -- position, and its chained hash; written by the sealer behind the log, never by appends.
      CREATE TABLE IF NOT EXISTS ${EVENTSTORE_SCHEMA}.chain (
        sequence bigint PRIMARY KEY CHECK (sequence >= 1),
        transaction_id xid8 NOT NULL,
        position bigint NOT NULL,
        -- What was sealed there, so a verify can name an event that was removed since.
        stream_name text NOT NULL,
        type text NOT NULL,
        -- SHA-256, 32 bytes (shown as hex everywhere).
        hash bytea NOT NULL,
        -- The audit log's keys (postgres-log.ts), indexed here behind the log, not on events.
        occurred_at timestamptz,
        category text NOT NULL GENERATED ALWAYS AS (${STREAM_CATEGORY}) STORED,
        actor_id text
      );
      -- One-off upgrades of the stored log, each done once (personal-data-upgrade.ts).
      CREATE TABLE IF NOT EXISTS ${EVENTSTORE_SCHEMA}.log_upgrades (name text PRIMARY KEY, done_at timestamptz NOT NULL DEFAULT now());
      -- Each time the chain was sealed again from the first event (the log's personal data encrypted
      -- in place): the head it had before, so exports made before still lead to a known head.
      CREATE TABLE IF NOT EXISTS ${EVENTSTORE_SCHEMA}.chain_reseals (
        resealed_at timestamptz PRIMARY KEY DEFAULT now(),
        reason text NOT NULL,
        events_rewritten bigint NOT NULL,
        previous_sequence bigint NOT NULL,
        previous_position text NOT NULL,
        previous_hash text NOT NULL,
        -- The new chain's hash at previous_sequence (filled once it is sealed again).
        new_hash text
      );
    `);
    await addAuditColumnsToChain(client);
    await narrowChainRows(client);
    await recategoriseUuidStreams(client);
    await client.query(`
      -- The audit log, newest first by the time in the metadata (then the log order), optionally
      -- of some categories or of one actor, in a time range: each index serves one filter in that
      -- order (each used by the audit log's plans, decision 053).
      CREATE INDEX IF NOT EXISTS chain_occurred_at_idx ON ${EVENTSTORE_SCHEMA}.chain (occurred_at, sequence);
      CREATE INDEX IF NOT EXISTS chain_category_idx ON ${EVENTSTORE_SCHEMA}.chain (category, occurred_at, sequence);
      CREATE INDEX IF NOT EXISTS chain_actor_idx ON ${EVENTSTORE_SCHEMA}.chain (actor_id, occurred_at, sequence);
      DROP INDEX IF EXISTS ${FORMER_EVENT_INDEXES.map((name) => `${EVENTSTORE_SCHEMA}.${name}`).join(', ')};
    `);
  });
}

/** Runs `migrate` in one transaction under the advisory lock `lockName`: processes starting at once migrate one after another. */
export async function migrateUnderLock(
  pool: pg.Pool,
  lockName: string,
  migrate: (client: pg.PoolClient) => Promise<void>,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lockName]);
    await migrate(client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Records a one-time upgrade of the log as done; false when it was recorded before (nothing to do). */
export async function recordLogUpgrade(db: pg.Pool | pg.PoolClient, name: string): Promise<boolean> {
  const { rowCount } = await db.query(`INSERT INTO ${EVENTSTORE_SCHEMA}.log_upgrades (name) VALUES ($1) ON CONFLICT DO NOTHING`, [
    name,
  ]);
  return rowCount === 1;
}

/**
 * Once: the chain's rows of streams named by a uuid, sealed while a category kept the uuid, take
 * the category without it (a stored generated column is computed again when its row is written).
 */
async function recategoriseUuidStreams(client: pg.PoolClient): Promise<void> {
  if (!(await recordLogUpgrade(client, 'uuid-stream-categories'))) return;
  await client.query(`UPDATE ${EVENTSTORE_SCHEMA}.chain SET stream_name = stream_name WHERE stream_name ~ '${UUID_SUFFIX}'`);
}

/** A chain sealed before the audit log's keys moved onto it takes them from its events. */
async function addAuditColumnsToChain(client: pg.PoolClient): Promise<void> {
  const { rowCount } = await client.query(
    `SELECT 1 FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'chain' AND column_name = 'category'`,
    [EVENTSTORE_SCHEMA],
  );
  if (rowCount) return;
  await client.query(`
    ALTER TABLE ${EVENTSTORE_SCHEMA}.chain ADD COLUMN occurred_at timestamptz, ADD COLUMN actor_id text,
      ADD COLUMN category text NOT NULL GENERATED ALWAYS AS (${STREAM_CATEGORY}) STORED;
    UPDATE ${EVENTSTORE_SCHEMA}.chain AS c SET occurred_at = ${OCCURRED_AT}, actor_id = ${ACTOR_ID}
      FROM ${EVENTSTORE_SCHEMA}.events AS e WHERE (e.transaction_id, e.position) = (c.transaction_id, c.position);
  `);
}

/**
 * A chain sealed with hex texts for hashes and ISO texts for times takes their narrow types:
 * 32 bytes instead of a 64-character text, 8 instead of a 24-character text, in the rows and the
 * time indexes (rebuilt by the change). The hashes are the same bytes, so a verify goes on as before.
 */
async function narrowChainRows(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = $1 AND table_name = 'chain' AND column_name IN ('hash', 'occurred_at') AND data_type = 'text'`,
    [EVENTSTORE_SCHEMA],
  );
  const changes = rows.map(({ column_name: column }) =>
    column === 'hash'
      ? `ALTER COLUMN hash TYPE bytea USING decode(hash, 'hex')`
      : `ALTER COLUMN occurred_at TYPE timestamptz USING ${EVENTSTORE_SCHEMA}.instant(occurred_at)`,
  );
  if (changes.length > 0) await client.query(`ALTER TABLE ${EVENTSTORE_SCHEMA}.chain ${changes.join(', ')}`);
}
