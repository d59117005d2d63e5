import type pg from 'pg';
import type { RecordedEvent } from './port';
import { SELECT_EVENT, toRecordedEvent, type EventTuple } from './postgres-positions';
import { ACTOR_ID, EVENTSTORE_SCHEMA as S, OCCURRED_AT, STREAM_CATEGORY } from './postgres-schema';

export interface LogFilter {
  /** Stream categories (names without their trailing numbers) to list; at least one. */
  categories: readonly string[];
  /** Only events of these types; absent: of every type. */
  types?: readonly string[];
  /** Only events of this actor; null: only events no person caused; absent: everyone's. */
  actorId?: string | null;
  /** `metadata.occurredAt` from (included) and to (not included), as ISO texts. */
  from?: string;
  to?: string;
}

export interface LogPageRequest {
  offset: number;
  limit: number;
  /** Matching events are counted up to this many. */
  countUpTo: number;
}

export interface LogPage {
  /** Newest first (by time, then log position). */
  events: RecordedEvent[];
  /** Matching events, at most `countUpTo`. */
  total: number;
  /** More than `countUpTo` events match. */
  capped: boolean;
}

/*
 * The log's keys are indexed on the chain (postgres-schema.ts), which the sealer writes a moment
 * after the appends; the events after the chain's head, not sealed yet, are the last few of the
 * log and are filtered in place. The head is read first and both parts are bounded by it (the
 * chain up to it, the log after it), so each event is found once even if the sealer moves on
 * meanwhile; as known values, the bounds let the planner see how few events are unsealed.
 */
interface Keys {
  category: string;
  type: string;
  actorId: string;
  occurredAt: string;
}
const SEALED: Keys = { category: 'category', type: 'type', actorId: 'actor_id', occurredAt: 'occurred_at' };
const UNSEALED: Keys = { category: STREAM_CATEGORY, type: 'type', actorId: ACTOR_ID, occurredAt: OCCURRED_AT };

export const READ_HEAD = {
  name: 'eventstore-log-head',
  text: `SELECT sequence::text, transaction_id::text, position::text FROM ${S}.chain ORDER BY chain.sequence DESC LIMIT 1`,
  rowMode: 'array',
} as const;
export const NOTHING_SEALED = ['0', '0', '0'];

/** The parts' rows, the head's sequence, transaction id and position the first three parameters after the filter's. */
const sealedRows = (where: string, head: number) => `${S}.chain WHERE sequence <= $${head}::bigint AND ${where}`;
const unsealedRows = (where: string, head: number) =>
  `${S}.events WHERE (transaction_id, position) > ($${head + 1}::xid8, $${head + 2}::bigint) AND ${where}`;

/** The filter's conditions on either part's keys, with the values as parameters from `$1`. */
function whereClause(filter: LogFilter): { where: (keys: Keys) => string; values: unknown[] } {
  const values: unknown[] = [filter.categories];
  const conditions: Array<(keys: Keys) => string> = [(k) => `${k.category} = ANY($1::text[])`];
  const parameter = (value: unknown) => `$${values.push(value)}`;
  if (filter.types) {
    const types = parameter(filter.types);
    conditions.push((k) => `${k.type} = ANY(${types}::text[])`);
  }
  if (filter.actorId === null) conditions.push((k) => `${k.actorId} IS NULL`);
  else if (filter.actorId !== undefined) {
    const actorId = parameter(filter.actorId);
    conditions.push((k) => `${k.actorId} = ${actorId}`);
  }
  if (filter.from) {
    const from = parameter(filter.from);
    conditions.push((k) => `${k.occurredAt} >= ${from}`);
  }
  if (filter.to) {
    const to = parameter(filter.to);
    conditions.push((k) => `${k.occurredAt} < ${to}`);
  }
  return { where: (keys) => conditions.map((condition) => condition(keys)).join(' AND '), values };
}

/**
 * One page of the log, newest first by the time in the metadata (then by position: the log order
 * where times are equal), of the events that match `filter`, and how many match, counted only up
 * to `countUpTo`, so a page of a log of millions costs no full count. Ordered by time, not by
 * position alone, so that a time range, a category or an actor is one range of one index, read in
 * order: by position, an old time range would be found only after every newer event was skipped.
 * The sealed part is ordered by sequence where times are equal: the log order again. Only the
 * page's events are read from the log. Unnamed statements: each is planned for its values.
 */
export async function readLogPage(pool: pg.Pool, filter: LogFilter, page: LogPageRequest): Promise<LogPage> {
  const { where, values } = whereClause(filter);
  const { rows: heads } = await pool.query<string[]>(READ_HEAD);
  const head = values.length + 1;
  const bounded = [...values, ...(heads[0] ?? NOTHING_SEALED)];
  const [sealed, unsealed] = [sealedRows(where(SEALED), head), unsealedRows(where(UNSEALED), head)];
  const [offset, limit, upTo] = [`$${head + 3}`, `$${head + 4}`, `$${head + 3}`];
  const [events, counted] = await Promise.all([
    pool.query<EventTuple>({
      text: `WITH found AS (
          (SELECT occurred_at, transaction_id, position FROM ${sealed}
            ORDER BY occurred_at DESC, sequence DESC LIMIT ${offset}::int + ${limit}::int)
          UNION ALL
          SELECT ${OCCURRED_AT}, transaction_id, position FROM ${unsealed}
          ORDER BY 1 DESC, 2 DESC, 3 DESC OFFSET ${offset} LIMIT ${limit}
        )
        SELECT ${SELECT_EVENT} FROM found JOIN ${S}.events USING (transaction_id, position)
        ORDER BY found.occurred_at DESC, transaction_id DESC, position DESC`,
      values: [...bounded, page.offset, page.limit],
      rowMode: 'array',
    }),
    pool.query<{ total: number }>({
      text: `SELECT (SELECT count(*) FROM (SELECT 1 FROM ${sealed} LIMIT ${upTo}) AS sealed)::int
          + (SELECT count(*) FROM (SELECT 1 FROM ${unsealed} LIMIT ${upTo}) AS unsealed)::int AS total`,
      values: [...bounded, page.countUpTo + 1],
    }),
  ]);
  const total = counted.rows[0]!.total;
  return { events: events.rows.map(toRecordedEvent), total: Math.min(total, page.countUpTo), capped: total > page.countUpTo };
}
