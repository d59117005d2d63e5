import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { AppendAnnouncer } from './append-announcer';
import { AppendBatcher, type PendingAppend } from './append-batcher';
import { AppendListeners } from './append-listeners';
import { NotificationFollower } from './notification-follower';
import {
  assertAppendable,
  ConcurrencyError,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type NewStream,
  type ReadAllBatch,
  type RecordedEvent,
  type StreamSelection,
} from './port';
import { lastPositionBy } from './postgres-cut';
import { decodePosition, encodePosition, START, toRecordedEvent, type EventTuple } from './postgres-positions';
import { EVENTSTORE_SCHEMA as S } from './postgres-schema';
import {
  APPEND,
  APPEND_MANY,
  CLAIM_NEW_STREAMS,
  COUNT_AFTER,
  INSERT_NEW_STREAM_EVENTS,
  READ_ALL,
  READ_STREAM,
  READ_STREAM_SELECTION,
} from './postgres-statements';

type PendingEvent = PendingAppend['events'][number];

/** The columns of `APPEND`'s events (postgres-statements.ts): ids, types, data and metadata as JSON texts. */
function eventColumns(events: readonly PendingEvent[]): [string[], string[], string[], string[]] {
  return [
    events.map((event) => event.eventId),
    events.map((event) => event.type),
    events.map((event) => JSON.stringify(event.data)),
    events.map((event) => JSON.stringify(event.metadata)),
  ];
}

/** `APPEND_MANY`'s columns: the appends', then their events' with the number of each one's append. */
function appendColumns(appends: readonly PendingAppend[]): unknown[] {
  const events = appends.flatMap((append) => append.events);
  return [
    appends.map((append) => append.streamName),
    appends.map((append) => append.events.length),
    appends.map(({ expected }) => (typeof expected === 'number' ? 'exact' : expected)),
    appends.map(({ expected }) => (typeof expected === 'number' ? expected : null)),
    appends.flatMap((append, index) => append.events.map(() => index + 1)),
    ...eventColumns(events),
  ];
}

/**
 * The event store on PostgreSQL: its log's order in postgres-positions.ts, its statements in
 * postgres-statements.ts; appends go through the group commit of append-batcher.ts and are
 * announced (append-announcer.ts) to every process's followers (notification-follower.ts).
 */
export interface PostgresEventStoreOptions {
  pool: pg.Pool;
  /** Listeners are also woken this often, in case a notification was lost (reconnects). */
  pollIntervalMs?: number;
}

export function createPostgresEventStore({ pool, pollIntervalMs = 1000 }: PostgresEventStoreOptions): EventStore {
  const listeners = new AppendListeners();
  const announcer = new AppendAnnouncer(pool, listeners);
  const notifications = new NotificationFollower(pool, listeners, pollIntervalMs, announcer.origin);
  const batcher = new AppendBatcher(appendAlone, appendTogether);

  async function append(streamName: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    assertAppendable(events, expected);
    const rows = events.map((event) => ({
      eventId: randomUUID(),
      type: event.type,
      data: event.data ?? null,
      metadata: event.metadata,
    }));
    return batcher.submit({ streamName, expected, events: rows });
  }

  /** One append in its own statement. */
  async function appendAlone({ streamName, expected, events }: PendingAppend): Promise<AppendResult> {
    const statement = typeof expected === 'number' ? APPEND.exact : APPEND[expected];
    const params: unknown[] = [streamName, events.length, ...eventColumns(events)];
    if (typeof expected === 'number') params.push(expected);
    const { rows } = await pool.query<{ transaction_id: string; position: string; version: number }>({
      ...statement,
      values: params,
    });
    const appended = rows[0];
    if (!appended) throw new ConcurrencyError(streamName, expected, await currentVersion(streamName));
    announcer.announce();
    return {
      nextExpectedVersion: appended.version,
      lastGlobalPosition: encodePosition(appended.transaction_id, appended.position),
    };
  }

  /** Appends to different streams in one statement; each settles with its own result or ConcurrencyError. */
  async function appendTogether(appends: readonly PendingAppend[]): Promise<Array<PromiseSettledResult<AppendResult>>> {
    const { rows } = await pool.query<{ stream_name: string; transaction_id: string; position: string; version: number }>({
      ...APPEND_MANY,
      values: appendColumns(appends),
    });
    announcer.announce();
    const byStream = new Map(rows.map((row) => [row.stream_name, row]));
    return Promise.allSettled(
      appends.map(async ({ streamName, expected }) => {
        const appended = byStream.get(streamName);
        if (!appended) throw new ConcurrencyError(streamName, expected, await currentVersion(streamName));
        return {
          nextExpectedVersion: appended.version,
          lastGlobalPosition: encodePosition(appended.transaction_id, appended.position),
        };
      }),
    );
  }

  async function appendToNewStreams(streams: NewStream[]): Promise<AppendResult> {
    if (streams.length === 0) throw new Error('appendToNewStreams needs at least one stream');
    for (const { events } of streams) assertAppendable(events, 'no_stream');
    const claims = JSON.stringify(streams.map(({ streamName, events }) => ({ streamName, version: events.length - 1 })));
    const rows = JSON.stringify(
      streams.flatMap(({ streamName, events }) =>
        events.map((event, streamVersion) => ({
          eventId: randomUUID(),
          streamName,
          streamVersion,
          type: event.type,
          data: event.data ?? null,
          metadata: event.metadata,
        })),
      ),
    );
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const claimed = await client.query<{ stream_name: string }>(CLAIM_NEW_STREAMS, [claims]);
      if (claimed.rowCount !== streams.length) {
        await client.query('ROLLBACK');
        const taken = new Set(claimed.rows.map((row) => row.stream_name));
        const existing = streams.find(({ streamName }) => !taken.has(streamName))!.streamName;
        throw new ConcurrencyError(existing, 'no_stream', await currentVersion(existing));
      }
      const { rows: appended } = await client.query<{ transaction_id: string; position: string }>(INSERT_NEW_STREAM_EVENTS, [rows]);
      await client.query('COMMIT');
      announcer.announce();
      return {
        nextExpectedVersion: streams.at(-1)!.events.length - 1,
        lastGlobalPosition: encodePosition(appended[0]!.transaction_id, appended[0]!.position),
      };
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async function currentVersion(streamName: string): Promise<number | 'no_stream'> {
    const { rows } = await pool.query<{ version: number }>(`SELECT version FROM ${S}.streams WHERE stream_name = $1`, [streamName]);
    return rows[0]?.version ?? 'no_stream';
  }

  async function readStream(streamName: string, only?: StreamSelection): Promise<RecordedEvent[]> {
    const statement = only
      ? { ...READ_STREAM_SELECTION, values: [streamName, only.versions, only.from] }
      : { ...READ_STREAM, values: [streamName] };
    const { rows } = await pool.query<EventTuple>(statement);
    return rows.map(toRecordedEvent);
  }

  async function readAll(after: string | null, limit: number): Promise<ReadAllBatch> {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`readAll limit must be a positive integer, got ${limit}`);
    const from = after === null ? START : decodePosition(after);
    const { rows } = await pool.query<[EventTuple[], boolean]>({ ...READ_ALL, values: [from.transactionId, from.position, limit] });
    const [tuples, heldBack] = rows[0]!;
    if (tuples.length < limit) notifications.heldBack(heldBack);
    const events = tuples.map(toRecordedEvent);
    return { events, lastPosition: events.at(-1)?.globalPosition ?? after };
  }

  async function countAfter(after: string | null, upTo: number): Promise<number> {
    const from = after === null ? START : decodePosition(after);
    const { rows } = await pool.query<{ count: number }>({ ...COUNT_AFTER, values: [from.transactionId, from.position, upTo] });
    return rows[0]!.count;
  }

  async function countAll(): Promise<number> {
    const { rows } = await pool.query<{ count: string }>(`SELECT count(*)::text AS count FROM ${S}.events`);
    return Number(rows[0]?.count ?? 0);
  }

  return {
    append,
    appendToNewStreams,
    readStream,
    readAll,
    countAll,
    countAfter,
    lastPositionBy: (time) => lastPositionBy(pool, time),
    onAppended(listener) {
      const remove = listeners.add(listener);
      notifications.start();
      return () => {
        remove();
        if (listeners.size === 0) notifications.stop();
      };
    },
    async close() {
      listeners.clear();
      await announcer.settled();
      notifications.stop();
    },
  };
}
