import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { AppendListeners } from './append-listeners';
import {
  assertAppendable,
  ConcurrencyError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type NewStream,
  type ReadAllBatch,
  type RecordedEvent,
} from './port';
import { APPENDED_CHANNEL, EVENTSTORE_SCHEMA as S } from './postgres-schema';

/*
 * Global order without gaps that fill later.
 *
 * A bigserial alone is not a safe checkpoint: transaction A can take position 7, transaction B
 * position 8, and B can commit first; a reader that saw 8 would never go back for 7. So every
 * event also stores the id of the transaction that appended it (`pg_current_xact_id()`), the log
 * is ordered by (transaction_id, position), and a reader only sees events whose transaction id is
 * below the xmin of its snapshot: every transaction below xmin has finished, and any transaction
 * that has not committed yet (or starts later) has an id >= xmin, so it can only add events after
 * everything a reader has already seen. Appends stay fully concurrent (no global lock).
 *
 * The price: a long-running writing transaction anywhere in the cluster holds back what readers
 * see until it ends. Keep writing transactions short (the projection runner and rebuild commit
 * per batch). When a read finds events held back like that, the store wakes its `onAppended`
 * listeners again shortly, because the transaction holding them back sends no notification.
 *
 * globalPosition = 20-digit transaction id + '-' + 20-digit position, so plain string comparison
 * is the log order.
 */

const DIGITS = 20;
const START = { transactionId: '0', position: '0' };

export function encodePosition(transactionId: string, position: string): string {
  return `${transactionId.padStart(DIGITS, '0')}-${position.padStart(DIGITS, '0')}`;
}

export function decodePosition(globalPosition: string): { transactionId: string; position: string } {
  const match = /^(\d{20})-(\d{20})$/.exec(globalPosition);
  if (!match) throw new Error(`Not a PostgreSQL event store position: ${globalPosition}`);
  return { transactionId: BigInt(match[1]!).toString(), position: BigInt(match[2]!).toString() };
}

/**
 * Rows come as arrays (cheaper to build than objects for every event of a replay); the position is
 * formatted by PostgreSQL, again cheaper there than in JavaScript.
 */
export const SELECT_EVENT = `lpad(transaction_id::text, ${DIGITS}, '0') || '-' || lpad(position::text, ${DIGITS}, '0'),
  event_id, stream_name, stream_version, type, data, metadata`;

export type EventTuple = [
  globalPosition: string,
  eventId: string,
  streamName: string,
  streamVersion: number,
  type: string,
  data: unknown,
  metadata: EventMetadata,
];

export function toRecordedEvent([
  globalPosition,
  eventId,
  streamName,
  streamVersion,
  type,
  data,
  metadata,
]: EventTuple): RecordedEvent {
  return { eventId, streamName, streamVersion, globalPosition, type, data, metadata };
}

const READ_STREAM = {
  name: 'eventstore-read-stream',
  text: `SELECT ${SELECT_EVENT} FROM ${S}.events WHERE stream_name = $1 ORDER BY stream_version`,
  rowMode: 'array',
} as const;

/**
 * A batch of the global log comes as ONE json array of event tuples: the driver then parses one
 * value with one native JSON.parse instead of a row of seven fields and two JSON values per event
 * (in a replay of 200,000 events this process's CPU fell from about 2.8 s to 2.0 s).
 */
const READ_ALL = {
  name: 'eventstore-read-all',
  text: `SELECT coalesce(json_agg(json_build_array(${SELECT_EVENT}) ORDER BY transaction_id, position), '[]') AS events
    FROM (SELECT * FROM ${S}.events
      WHERE (transaction_id, position) > ($1::xid8, $2::bigint)
        AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      ORDER BY transaction_id, position
      LIMIT $3) AS batch`,
  rowMode: 'array',
} as const;

/** `READ_ALL`'s events counted, at most `$3`: an index range, no event read. */
const COUNT_AFTER = {
  name: 'eventstore-count-after',
  text: `SELECT count(*)::int AS count FROM (SELECT 1 FROM ${S}.events
      WHERE (transaction_id, position) > ($1::xid8, $2::bigint)
        AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
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
    WHERE stream_name = $1 AND version = $4::int RETURNING version`,
};

/**
 * One statement (one round trip, its own transaction): claim versions, insert. No NOTIFY inside:
 * PostgreSQL serialises the commits of notifying transactions (a global lock held through the
 * WAL flush), which would cap appends at one commit at a time. See `AppendAnnouncer`.
 */
const appendStatement = (claim: string) => `
  WITH claim AS (${claim}),
  appended AS (
    INSERT INTO ${S}.events (event_id, stream_name, stream_version, type, data, metadata)
    SELECT (e.value->>'eventId')::uuid, $1, claim.version - $2::int + e.ord::int,
           e.value->>'type', e.value->'data', e.value->'metadata'
    FROM claim CROSS JOIN json_array_elements($3::json) WITH ORDINALITY AS e(value, ord)
    ORDER BY e.ord
    RETURNING transaction_id, position, stream_version
  )
  SELECT transaction_id::text AS transaction_id, max(position)::text AS position, max(stream_version) AS version
  FROM appended GROUP BY transaction_id`;

/** Named, so each connection parses and plans them once. */
const APPEND = {
  no_stream: { name: 'eventstore-append-no-stream', text: appendStatement(CLAIM_VERSIONS.no_stream) },
  any: { name: 'eventstore-append-any', text: appendStatement(CLAIM_VERSIONS.any) },
  exact: { name: 'eventstore-append-exact', text: appendStatement(CLAIM_VERSIONS.exact) },
};

/**
 * Many appends, each to its own stream, in one statement (one transaction, one WAL flush): the
 * group commit of `AppendBatcher`. `$1` is a JSON array of `{ streamName, count, kind, expected,
 * events }` with `kind` the expected version's kind ('no_stream', 'any' or 'exact'). Each append
 * claims its versions exactly as alone (the same three claims); an append whose claim fails gets
 * no row back and writes nothing, and the others still commit. Events go into the log in the
 * order of the appends, then of their events.
 */
const APPEND_MANY = {
  name: 'eventstore-append-many',
  text: `
  WITH input AS (
    SELECT a.ord, a.value->>'streamName' AS stream_name, (a.value->>'count')::int AS n, a.value->>'kind' AS kind,
           (a.value->>'expected')::int AS expected, a.value->'events' AS events
    FROM json_array_elements($1::json) WITH ORDINALITY AS a(value, ord)
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
    SELECT (e.value->>'eventId')::uuid, i.stream_name, c.version - i.n + e.ord::int,
           e.value->>'type', e.value->'data', e.value->'metadata'
    FROM input AS i JOIN claimed AS c USING (stream_name)
    CROSS JOIN json_array_elements(i.events) WITH ORDINALITY AS e(value, ord)
    ORDER BY i.ord, e.ord
    RETURNING transaction_id, position, stream_name, stream_version
  )
  SELECT stream_name, transaction_id::text AS transaction_id, max(position)::text AS position, max(stream_version) AS version
  FROM appended GROUP BY stream_name, transaction_id`,
};

/** The streams of a multi-stream append, claimed together; a name that exists already is left out. */
const CLAIM_NEW_STREAMS = `INSERT INTO ${S}.streams (stream_name, version)
  SELECT s.value->>'streamName', (s.value->>'version')::int FROM json_array_elements($1::json) AS s(value)
  ON CONFLICT DO NOTHING RETURNING stream_name`;

/** The events of a multi-stream append, in the order given, each at its version in its stream. */
const INSERT_NEW_STREAM_EVENTS = `WITH appended AS (
    INSERT INTO ${S}.events (event_id, stream_name, stream_version, type, data, metadata)
    SELECT (e.value->>'eventId')::uuid, e.value->>'streamName', (e.value->>'streamVersion')::int,
           e.value->>'type', e.value->'data', e.value->'metadata'
    FROM json_array_elements($1::json) WITH ORDINALITY AS e(value, ord)
    ORDER BY e.ord
    RETURNING transaction_id, position
  )
  SELECT transaction_id::text AS transaction_id, max(position)::text AS position FROM appended GROUP BY transaction_id`;

export interface PostgresEventStoreOptions {
  pool: pg.Pool;
  /** Listeners are also woken this often, in case a notification was lost (reconnects). */
  pollIntervalMs?: number;
}

export function createPostgresEventStore({ pool, pollIntervalMs = 1000 }: PostgresEventStoreOptions): EventStore {
  const listeners = new AppendListeners();
  const notifications = new NotificationFollower(pool, listeners, pollIntervalMs);
  const announcer = new AppendAnnouncer(pool);
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
    const params: unknown[] = [streamName, events.length, JSON.stringify(events)];
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
    const payload = JSON.stringify(
      appends.map(({ streamName, expected, events }) => ({
        streamName,
        count: events.length,
        kind: typeof expected === 'number' ? 'exact' : expected,
        expected: typeof expected === 'number' ? expected : null,
        events,
      })),
    );
    const { rows } = await pool.query<{ stream_name: string; transaction_id: string; position: string; version: number }>({
      ...APPEND_MANY,
      values: [payload],
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

  async function readStream(streamName: string): Promise<RecordedEvent[]> {
    const { rows } = await pool.query<EventTuple>({ ...READ_STREAM, values: [streamName] });
    return rows.map(toRecordedEvent);
  }

  async function readAll(after: string | null, limit: number): Promise<ReadAllBatch> {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`readAll limit must be a positive integer, got ${limit}`);
    const from = after === null ? START : decodePosition(after);
    const { rows } = await pool.query<[EventTuple[]]>({ ...READ_ALL, values: [from.transactionId, from.position, limit] });
    const tuples = rows[0]![0];
    if (tuples.length < limit) notifications.checkHeldBack().catch(() => {});
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

interface PendingAppend {
  streamName: string;
  expected: ExpectedVersion;
  events: Array<{ eventId: string; type: string; data: unknown; metadata: EventMetadata }>;
}

interface QueuedAppend extends PendingAppend {
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/** Appends in one statement at most (a bounded statement; more wait for the next one). */
const MAX_APPENDS_TOGETHER = 100;

/** An error PostgreSQL answered with (it has a SQLSTATE): the statement did not commit. */
const isServerError = (error: unknown) => typeof (error as { code?: unknown } | null)?.code === 'string';

/**
 * Group commit: an append made while none is being written goes out alone at once; appends made
 * while one is being written wait for it and then go out together in one statement (one
 * transaction and one WAL flush for all of them). Under load this turns many commits, each
 * waiting for its own flush, into few; an idle store adds no delay. Each stream appears once per
 * statement, so a second append to a stream waits for the next one (and sees the first's version).
 * When PostgreSQL refuses a statement of several appends as a whole (none of it committed), each
 * is tried again alone, so one append's failure is never another's.
 */
class AppendBatcher {
  private queue: QueuedAppend[] = [];
  private writing = false;

  constructor(
    private readonly appendAlone: (append: PendingAppend) => Promise<AppendResult>,
    private readonly appendTogether: (appends: readonly PendingAppend[]) => Promise<Array<PromiseSettledResult<AppendResult>>>,
  ) {}

  submit(append: PendingAppend): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...append, resolve, reject });
      if (!this.writing) void this.writeAll();
    });
  }

  private async writeAll(): Promise<void> {
    this.writing = true;
    try {
      while (this.queue.length > 0) await this.write(this.takeBatch());
    } finally {
      this.writing = false;
    }
  }

  /** The first queued append of each stream, in order, up to MAX_APPENDS_TOGETHER. */
  private takeBatch(): QueuedAppend[] {
    const streams = new Set<string>();
    const batch: QueuedAppend[] = [];
    const rest: QueuedAppend[] = [];
    for (const append of this.queue) {
      if (batch.length < MAX_APPENDS_TOGETHER && !streams.has(append.streamName)) {
        streams.add(append.streamName);
        batch.push(append);
      } else rest.push(append);
    }
    this.queue = rest;
    return batch;
  }

  private async write(batch: readonly QueuedAppend[]): Promise<void> {
    if (batch.length === 1) return this.alone(batch[0]!);
    let results: Array<PromiseSettledResult<AppendResult>>;
    try {
      results = await this.appendTogether(batch);
    } catch (error) {
      if (isServerError(error)) await Promise.all(batch.map((append) => this.alone(append)));
      else for (const append of batch) append.reject(error);
      return;
    }
    results.forEach((result, index) => {
      if (result.status === 'fulfilled') batch[index]!.resolve(result.value);
      else batch[index]!.reject(result.reason);
    });
  }

  private alone(append: QueuedAppend): Promise<void> {
    return this.appendAlone(append).then(append.resolve, append.reject);
  }
}

/**
 * Tells every follower (in any process) that events were appended: a NOTIFY in its own tiny
 * transaction after the append committed (it writes no WAL, so the global notify lock is held
 * only for a moment). Appends that finish while one is in flight share the next one.
 */
class AppendAnnouncer {
  private inFlight: Promise<void> | null = null;
  private again = false;

  constructor(private readonly pool: pg.Pool) {}

  announce(): void {
    if (this.inFlight) {
      this.again = true;
      return;
    }
    this.inFlight = this.pool
      .query({ name: 'eventstore-announce', text: `SELECT pg_notify('${APPENDED_CHANNEL}', '')` })
      .then(
        () => {},
        () => {}, // followers also poll: a lost announcement only delays them
      )
      .finally(() => {
        this.inFlight = null;
        if (this.again) {
          this.again = false;
          this.announce();
        }
      });
  }

  async settled(): Promise<void> {
    while (this.inFlight) await this.inFlight;
  }
}

const MIN_RETRY_MS = 5;
const MAX_RETRY_MS = 500;

/**
 * Wakes the listeners on every append (LISTEN/NOTIFY on a dedicated connection, reconnecting
 * after errors), on a polling interval as a fallback, and shortly after a read found events held
 * back by a still-running older transaction.
 */
class NotificationFollower {
  private closeConnection: (() => void) | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryDelay = MIN_RETRY_MS;
  private running = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly listeners: AppendListeners,
    private readonly pollIntervalMs: number,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.pollTimer = setInterval(() => this.listeners.notify(), this.pollIntervalMs);
    this.pollTimer.unref();
    void this.listen();
  }

  stop(): void {
    this.running = false;
    for (const timer of [this.pollTimer, this.reconnectTimer, this.retryTimer]) if (timer) clearTimeout(timer);
    this.pollTimer = this.reconnectTimer = this.retryTimer = null;
    this.closeConnection?.();
    this.closeConnection = null;
  }

  /** Called after a read that reached the readable end of the log. */
  async checkHeldBack(): Promise<void> {
    if (!this.running || this.retryTimer) return;
    const { rows } = await this.pool.query<{ held_back: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM ${S}.events WHERE transaction_id >= pg_snapshot_xmin(pg_current_snapshot())) AS held_back`,
    );
    if (!rows[0]?.held_back) {
      this.retryDelay = MIN_RETRY_MS;
      return;
    }
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.listeners.notify();
    }, this.retryDelay);
    this.retryTimer.unref();
    this.retryDelay = Math.min(this.retryDelay * 2, MAX_RETRY_MS);
  }

  private async listen(): Promise<void> {
    let client: pg.PoolClient | undefined;
    let closed = false;
    // The LISTEN connection is destroyed rather than returned to the pool (it is still listening).
    const close = (error?: unknown) => {
      if (closed || !client) return;
      closed = true;
      client.removeAllListeners('notification');
      client.release(error instanceof Error ? error : true);
    };
    const drop = (error: unknown) => {
      close(error);
      if (this.closeConnection === close) this.closeConnection = null;
      this.scheduleReconnect();
    };
    try {
      client = await this.pool.connect();
      client.on('notification', () => this.listeners.notify());
      client.on('error', drop);
      await client.query(`LISTEN ${APPENDED_CHANNEL}`);
      if (!this.running) return close();
      this.closeConnection = close;
      // Anything appended while (re)connecting was not notified.
      this.listeners.notify();
    } catch (error) {
      drop(error);
    }
  }

  private scheduleReconnect(): void {
    if (!this.running || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.listen();
    }, 1000);
    this.reconnectTimer.unref();
  }
}
