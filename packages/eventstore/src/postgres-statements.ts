// The statements of the PostgreSQL event store (postgres-event-store.ts).
import { SELECT_EVENT } from './postgres-positions';
import { EVENTSTORE_SCHEMA as S, READABLE_BEFORE } from './postgres-schema';

export const READ_STREAM = {
  name: 'eventstore-read-stream',
  text: `SELECT ${SELECT_EVENT} FROM ${S}.events WHERE stream_name = $1 ORDER BY stream_version`,
  rowMode: 'array',
} as const;

/** Part of a stream (`StreamSelection`): two ranges of the stream's index, the events between them never read. */
export const READ_STREAM_SELECTION = {
  name: 'eventstore-read-stream-selection',
  text: `SELECT ${SELECT_EVENT} FROM (
      SELECT * FROM ${S}.events WHERE stream_name = $1 AND stream_version = ANY($2::int[]) AND stream_version < $3
      UNION ALL
      SELECT * FROM ${S}.events WHERE stream_name = $1 AND stream_version >= $3
    ) AS part ORDER BY stream_version`,
  rowMode: 'array',
} as const;

/**
 * A batch of the global log comes as ONE json array of event tuples: the driver then parses one
 * value with one native JSON.parse instead of a row of seven fields and two JSON values per event
 * (in a replay of 200,000 events this process's CPU fell from about 2.8 s to 2.0 s). `held_back`
 * (committed events not yet readable) is the log's greatest transaction id, one index probe: an
 * `EXISTS` over `transaction_id >=` was planned as a scan of the whole log, seconds per batch at 2M events.
 */
export const READ_ALL = {
  name: 'eventstore-read-all',
  text: `SELECT coalesce(json_agg(json_build_array(${SELECT_EVENT}) ORDER BY transaction_id, position), '[]') AS events,
      coalesce((SELECT max(transaction_id) FROM ${S}.events) >= ${READABLE_BEFORE}, false) AS held_back
    FROM (SELECT * FROM ${S}.events
      WHERE (transaction_id, position) > ($1::xid8, $2::bigint)
        AND transaction_id < ${READABLE_BEFORE}
      ORDER BY transaction_id, position
      LIMIT $3) AS batch`,
  rowMode: 'array',
} as const;

/** `READ_ALL`'s events counted, at most `$3`: an index range, no event read. */
export const COUNT_AFTER = {
  name: 'eventstore-count-after',
  text: `SELECT count(*)::int AS count FROM (SELECT 1 FROM ${S}.events
      WHERE (transaction_id, position) > ($1::xid8, $2::bigint)
        AND transaction_id < ${READABLE_BEFORE}
      LIMIT $3) AS readable`,
} as const;

/**
 * Claims `$2` new versions of stream `$1` (returning the new current version) or returns no row
 * when the expected version does not hold. Row locks on `streams` serialise appends per stream.
 */
const CLAIM_VERSIONS = {
  no_stream: `INSERT INTO ${S}.streams (stream_name, version) VALUES ($1, $2::int - 1)
    ON CONFLICT DO NOTHING RETURNING version`,
  any: `INSERT INTO ${S}.streams AS s (stream_name, version) VALUES ($1, $2::int - 1)
    ON CONFLICT (stream_name) DO UPDATE SET version = s.version + $2::int RETURNING version`,
  exact: `UPDATE ${S}.streams SET version = version + $2::int
    WHERE stream_name = $1 AND version = $7::int RETURNING version`,
};

/**
 * The events of an append as column arrays (postgres-event-store.ts `eventColumns`): ids, types,
 * and data and metadata as JSON texts. Arrays, not one JSON document: PostgreSQL then checks each
 * value once, where every `->` on a json document parses the document again (with a 10-event
 * JSON payload that parsing was most of an append's CPU in PostgreSQL).
 */
const EVENT_COLUMNS = (from: number) =>
  `unnest($${from}::uuid[], $${from + 1}::text[], $${from + 2}::json[], $${from + 3}::json[])
    WITH ORDINALITY AS e(event_id, type, data, metadata, ord)`;

/**
 * One statement (one round trip, its own transaction): claim versions, insert. No NOTIFY inside:
 * PostgreSQL serialises the commits of notifying transactions (a global lock held through the
 * WAL flush), which would cap appends at one commit at a time. See `AppendAnnouncer`.
 */
const appendStatement = (claim: string) => `
  WITH claim AS (${claim}),
  appended AS (
    INSERT INTO ${S}.events (event_id, stream_name, stream_version, type, data, metadata)
    SELECT e.event_id, $1, claim.version - $2::int + e.ord::int, e.type, e.data, e.metadata
    FROM claim CROSS JOIN ${EVENT_COLUMNS(3)}
    ORDER BY e.ord
    RETURNING transaction_id, position, stream_version
  )
  SELECT transaction_id::text AS transaction_id, max(position)::text AS position, max(stream_version) AS version
  FROM appended GROUP BY transaction_id`;

/** Named, so each connection parses and plans them once. `$7` is the expected version of `exact`. */
export const APPEND = {
  no_stream: { name: 'eventstore-append-no-stream', text: appendStatement(CLAIM_VERSIONS.no_stream) },
  any: { name: 'eventstore-append-any', text: appendStatement(CLAIM_VERSIONS.any) },
  exact: { name: 'eventstore-append-exact', text: appendStatement(CLAIM_VERSIONS.exact) },
};

/**
 * Many appends, each to its own stream, in one statement (one transaction, one WAL flush): the
 * group commit of `AppendBatcher`. `$1`..`$4` are the appends as columns: stream names, event
 * counts, the expected version's kind ('no_stream', 'any' or 'exact') and the exact version (else
 * null); `$5`..`$9` their events one after another: the number of each one's append (from 1),
 * then its columns as in `APPEND`. Each append claims its
 * versions exactly as alone (the same three claims); an append whose claim fails gets no row back
 * and writes nothing, and the others still commit. Events go into the log in the order of the
 * appends, then of their events.
 */
export const APPEND_MANY = {
  name: 'eventstore-append-many',
  text: `
  WITH input AS (
    SELECT a.ord, a.stream_name, a.n, a.kind, a.expected, sum(a.n) OVER (ORDER BY a.ord) - a.n AS events_before
    FROM unnest($1::text[], $2::int[], $3::text[], $4::int[]) WITH ORDINALITY AS a(stream_name, n, kind, expected, ord)
  ),
  claimed_new AS (
    INSERT INTO ${S}.streams (stream_name, version)
    SELECT stream_name, n - 1 FROM input WHERE kind = 'no_stream' ORDER BY stream_name
    ON CONFLICT DO NOTHING RETURNING stream_name, version
  ),
  claimed_any AS (
    INSERT INTO ${S}.streams AS s (stream_name, version)
    SELECT stream_name, n - 1 FROM input WHERE kind = 'any' ORDER BY stream_name
    ON CONFLICT (stream_name) DO UPDATE SET version = s.version + excluded.version + 1 RETURNING stream_name, version
  ),
  claimed_exact AS (
    UPDATE ${S}.streams AS s SET version = s.version + i.n
    FROM input AS i WHERE i.kind = 'exact' AND s.stream_name = i.stream_name AND s.version = i.expected
    RETURNING s.stream_name, s.version
  ),
  claimed AS (SELECT * FROM claimed_new UNION ALL SELECT * FROM claimed_any UNION ALL SELECT * FROM claimed_exact),
  appended AS (
    INSERT INTO ${S}.events (event_id, stream_name, stream_version, type, data, metadata)
    SELECT e.event_id, i.stream_name, c.version - i.n + (e.ord - i.events_before)::int, e.type, e.data, e.metadata
    FROM input AS i JOIN claimed AS c USING (stream_name)
    JOIN unnest($5::int[], $6::uuid[], $7::text[], $8::json[], $9::json[])
      WITH ORDINALITY AS e(append_ord, event_id, type, data, metadata, ord) ON e.append_ord = i.ord
    ORDER BY e.ord
    RETURNING transaction_id, position, stream_name, stream_version
  )
  SELECT stream_name, transaction_id::text AS transaction_id, max(position)::text AS position, max(stream_version) AS version
  FROM appended GROUP BY stream_name, transaction_id`,
};

/** The streams of a multi-stream append, claimed together; a name that exists already is left out. */
export const CLAIM_NEW_STREAMS = `INSERT INTO ${S}.streams (stream_name, version)
  SELECT s.value->>'streamName', (s.value->>'version')::int FROM json_array_elements($1::json) AS s(value)
  ON CONFLICT DO NOTHING RETURNING stream_name`;

/** The events of a multi-stream append, in the order given, each at its version in its stream. */
export const INSERT_NEW_STREAM_EVENTS = `WITH appended AS (
    INSERT INTO ${S}.events (event_id, stream_name, stream_version, type, data, metadata)
    SELECT (e.value->>'eventId')::uuid, e.value->>'streamName', (e.value->>'streamVersion')::int,
           e.value->>'type', e.value->'data', e.value->'metadata'
    FROM json_array_elements($1::json) WITH ORDINALITY AS e(value, ord)
    ORDER BY e.ord
    RETURNING transaction_id, position
  )
  SELECT transaction_id::text AS transaction_id, max(position)::text AS position FROM appended GROUP BY transaction_id`;
