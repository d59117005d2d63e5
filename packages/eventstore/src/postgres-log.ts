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

/** The conditions, each written as its index is (postgres-schema.ts), with the values as parameters from `$1`. */
function whereClause(filter: LogFilter): { sql: string; values: unknown[] } {
  const values: unknown[] = [filter.categories];
  const conditions = [`${STREAM_CATEGORY} = ANY($1::text[])`];
  const parameter = (value: unknown) => `$${values.push(value)}`;
  if (filter.types) conditions.push(`type = ANY(${parameter(filter.types)}::text[])`);
  if (filter.actorId === null) conditions.push(`${ACTOR_ID} IS NULL`);
  else if (filter.actorId !== undefined) conditions.push(`${ACTOR_ID} = ${parameter(filter.actorId)}`);
  if (filter.from) conditions.push(`${OCCURRED_AT} >= ${parameter(filter.from)}`);
  if (filter.to) conditions.push(`${OCCURRED_AT} < ${parameter(filter.to)}`);
  return { sql: conditions.join(' AND '), values };
}

/**
 * One page of the log, newest first by the time in the metadata (then by position: the log order
 * where times are equal), of the events that match `filter`, and how many match, counted only up
 * to `countUpTo`, so a page of a log of millions costs no full count. Ordered by time, not by
 * position alone, so that a time range, a category or an actor is one range of one index, read in
 * order: by position, an old time range would be found only after every newer event was skipped.
 * Unnamed statements: each is planned for its values.
 */
export async function readLogPage(pool: pg.Pool, filter: LogFilter, page: LogPageRequest): Promise<LogPage> {
  const { sql, values } = whereClause(filter);
  const count = values.length;
  const [events, counted] = await Promise.all([
    pool.query<EventTuple>({
      text: `SELECT ${SELECT_EVENT} FROM ${S}.events WHERE ${sql}
        ORDER BY ${OCCURRED_AT} DESC, transaction_id DESC, position DESC OFFSET $${count + 1} LIMIT $${count + 2}`,
      values: [...values, page.offset, page.limit],
      rowMode: 'array',
    }),
    pool.query<{ total: number }>({
      text: `SELECT count(*)::int AS total FROM (SELECT 1 FROM ${S}.events WHERE ${sql} LIMIT $${count + 1}) AS matching`,
      values: [...values, page.countUpTo + 1],
    }),
  ]);
  const total = counted.rows[0]!.total;
  return { events: events.rows.map(toRecordedEvent), total: Math.min(total, page.countUpTo), capped: total > page.countUpTo };
}
