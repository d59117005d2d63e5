import type pg from 'pg';
import { encodePosition } from './postgres-positions';
import { EVENTSTORE_SCHEMA as S, OCCURRED_AT, READABLE_BEFORE } from './postgres-schema';
import { NOTHING_SEALED, READ_HEAD } from './postgres-log';

/*
 * Where a replay cut at a time ends: before the first event, in the log's order, recorded after
 * the time. Appends are not ordered by their times to the millisecond (a command handled first
 * can commit second), so the cut is not a range of the time index: it is the smallest sequence
 * among the sealed events after the time (one range of the chain's time index, its sequences
 * read from the index alone), else the first such event after the chain's head. The head is read
 * first and bounds both parts, as the audit log's (postgres-log.ts). Times are instants
 * (`timestamptz`; the unsealed events' ISO texts read as such), as the audit log compares them.
 */

const READABLE = `transaction_id < ${READABLE_BEFORE}`;
// The texts are named apart from the columns: ORDER BY a column's name would sort its text ('875' after '1431').

/** `sequence + 0`: not the primary key's `min`, which would walk the chain from its start up to the cut. */
const FIRST_SEALED_AFTER = `SELECT transaction_id::text AS tx, position::text AS pos FROM ${S}.chain
  WHERE sequence = (SELECT min(sequence + 0) FROM ${S}.chain WHERE occurred_at > $1 AND sequence <= $2::bigint)`;

const FIRST_UNSEALED_AFTER = `SELECT transaction_id::text AS tx, position::text AS pos FROM ${S}.events
  WHERE (transaction_id, position) > ($2::xid8, $3::bigint) AND ${READABLE} AND ${OCCURRED_AT} > $1
  ORDER BY transaction_id, position LIMIT 1`;

/** The last readable event before `$1, $2` (the greatest position when none is after the cut). */
const LAST_BEFORE = `SELECT transaction_id::text AS tx, position::text AS pos FROM ${S}.events
  WHERE (transaction_id, position) < ($1::xid8, $2::bigint) AND ${READABLE}
  ORDER BY transaction_id DESC, position DESC LIMIT 1`;
const END_OF_LOG = ['18446744073709551615', '9223372036854775807'];

/** The position of the last event a replay cut at `time` replays; null when it replays none. */
export async function lastPositionBy(pool: pg.Pool, time: Date): Promise<string | null> {
  const at = time.toISOString();
  const { rows: heads } = await pool.query<string[]>(READ_HEAD);
  const [sequence, transactionId, position] = heads[0] ?? NOTHING_SEALED;
  const sealed = await pool.query<string[]>({ text: FIRST_SEALED_AFTER, values: [at, sequence], rowMode: 'array' });
  const beyond =
    sealed.rows[0] ??
    (await pool.query<string[]>({ text: FIRST_UNSEALED_AFTER, values: [at, transactionId, position], rowMode: 'array' })).rows[0];
  const { rows } = await pool.query<[string, string]>({ text: LAST_BEFORE, values: beyond ?? END_OF_LOG, rowMode: 'array' });
  return rows[0] ? encodePosition(...rows[0]) : null;
}
