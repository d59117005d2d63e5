import type pg from 'pg';
import type { RecordedEvent } from './port';
import { SELECT_EVENT, toRecordedEvent, type EventTuple } from './postgres-event-store';
import { EVENTSTORE_SCHEMA as S } from './postgres-schema';

export interface LogFilter {
  /** Stream categories (names without their trailing numbers) to list; at least one. */
  categories: readonly string[];
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
  /** Newest first. */
  events: RecordedEvent[];
  /** Matching events, at most `countUpTo`. */
  total: number;
  /** More than `countUpTo` events match. */
  capped: boolean;
}

/**
 * The conditions, each written as its index is (events_category_idx, events_actor_idx,
 * events_occurred_at_idx in postgres-schema.ts), with the values as parameters from `$1`.
 */
function whereClause(filter: LogFilter): { sql: string; values: unknown[] } {
  const values: unknown[] = [filter.categories];
  const conditions = [`${S}.stream_category(stream_name) = ANY($1::text[])`];
  const parameter = (value: unknown) => `$${values.push(value)}`;
  if (filter.actorId === null) conditions.push(`(metadata->>'actorId') IS NULL`);
  else if (filter.actorId !== undefined) conditions.push(`(metadata->>'actorId') = ${parameter(filter.actorId)}`);
  if (filter.from) conditions.push(`((metadata->>'occurredAt') COLLATE "C") >= ${parameter(filter.from)}`);
  if (filter.to) conditions.push(`((metadata->>'occurredAt') COLLATE "C") < ${parameter(filter.to)}`);
  return { sql: conditions.join(' AND '), values };
}

/**
 * One page of the global log, newest first, of the events that match `filter`, and how many match
 * (counted only up to `countUpTo`, so a page of a log of millions costs no full count). Unnamed
 * statements: each is planned for its values (a rare category by its index, a common one by the log order).
 */
export async function readLogPage(pool: pg.Pool, filter: LogFilter, page: LogPageRequest): Promise<LogPage> {
  const { sql, values } = whereClause(filter);
  const count = values.length;
  const [events, counted] = await Promise.all([
    pool.query<EventTuple>({
      text: `SELECT ${SELECT_EVENT} FROM ${S}.events WHERE ${sql}
        ORDER BY transaction_id DESC, position DESC OFFSET $${count + 1} LIMIT $${count + 2}`,
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
