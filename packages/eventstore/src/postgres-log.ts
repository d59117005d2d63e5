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
 * log and are filtered in place. Both parts are read in one statement, so in one snapshot: each
 * event is found once, sealed or not.
 */
interface Keys {
  category: string;
  type: string;
  actorId: string;
  occurredAt: string;
}
const SEALED: Keys = { category: 'category', type: 'type', actorId: 'actor_id', occurredAt: 'occurred_at' };
const UNSEALED: Keys = { category: STREAM_CATEGORY, type: 'type', actorId: ACTOR_ID, occurredAt: OCCURRED_AT };

/** The events after the chain's head (all of them while nothing is sealed). */
const UNSEALED_EVENTS = `${S}.events WHERE (transaction_id, position) > (
    coalesce((SELECT transaction_id FROM head), '0'::xid8), coalesce((SELECT position FROM head), 0))`;
const HEAD = `head AS (SELECT transaction_id, position FROM ${S}.chain ORDER BY chain.sequence DESC LIMIT 1)`;

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
  const [offset, limit] = [`$${values.length + 1}`, `$${values.length + 2}`];
  const upTo = `$${values.length + 1}`;
  const [events, counted] = await Promise.all([
    pool.query<EventTuple>({
      text: `WITH ${HEAD},
        found AS (
          (SELECT occurred_at, transaction_id, position FROM ${S}.chain WHERE ${where(SEALED)}
            ORDER BY occurred_at DESC, sequence DESC LIMIT ${offset}::int + ${limit}::int)
          UNION ALL
          SELECT ${OCCURRED_AT}, transaction_id, position FROM ${UNSEALED_EVENTS} AND ${where(UNSEALED)}
          ORDER BY 1 DESC, 2 DESC, 3 DESC OFFSET ${offset} LIMIT ${limit}
        )
        SELECT ${SELECT_EVENT} FROM found JOIN ${S}.events USING (transaction_id, position)
        ORDER BY found.occurred_at DESC, transaction_id DESC, position DESC`,
      values: [...values, page.offset, page.limit],
      rowMode: 'array',
    }),
    pool.query<{ total: number }>({
      text: `WITH ${HEAD}
        SELECT (SELECT count(*) FROM (SELECT 1 FROM ${S}.chain WHERE ${where(SEALED)} LIMIT ${upTo}) AS sealed)::int
          + (SELECT count(*) FROM (SELECT 1 FROM ${UNSEALED_EVENTS} AND ${where(UNSEALED)} LIMIT ${upTo}) AS unsealed)::int AS total`,
      values: [...values, page.countUpTo + 1],
    }),
  ]);
  const total = counted.rows[0]!.total;
  return { events: events.rows.map(toRecordedEvent), total: Math.min(total, page.countUpTo), capped: total > page.countUpTo };
}
