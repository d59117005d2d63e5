import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  excludeSystemEvents,
  jsonEvent,
  KurrentDBClient,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamSubscription,
  type AppendStreamState,
  type JSONType,
  type Position,
  type RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import { AppendListeners } from './append-listeners';
import {
  assertAppendable,
  ConcurrencyError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllBatch,
  type RecordedEvent,
  type StreamSelection,
} from './port';

const KURRENT_PROTOCOLS = ['esdb:', 'esdb+discover:', 'kurrentdb:', 'kurrentdb+discover:', 'kurrent:', 'kurrent+discover:'];

export function isKurrentDbUrl(url: string): boolean {
  return KURRENT_PROTOCOLS.some((protocol) => url.toLowerCase().startsWith(`${protocol}//`));
}

/** A KurrentDB client for `EVENTSTORE_URL`, or an error that names the setting. */
function connect(eventstoreUrl: string): KurrentDBClient {
  const invalid = (reason: string, cause?: unknown) =>
    new Error(`EVENTSTORE_URL is not a valid KurrentDB connection string (${reason}): ${redact(eventstoreUrl)}`, { cause });
  if (!isKurrentDbUrl(eventstoreUrl)) throw invalid('it must start with esdb:// or kurrentdb://');
  try {
    if (!new URL(eventstoreUrl).hostname) throw invalid('no host');
    return KurrentDBClient.connectionString(eventstoreUrl);
  } catch (error) {
    throw invalid(error instanceof Error ? error.message : String(error), error);
  }
}

function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

/** `commit-prepare`, both 20-digit zero-padded, so string order is log order. */
function encodePosition(position: Position): string {
  return `${position.commit.toString().padStart(20, '0')}-${position.prepare.toString().padStart(20, '0')}`;
}

function decodePosition(globalPosition: string): Position {
  const match = /^(\d{20})-(\d{20})$/.exec(globalPosition);
  if (!match) throw new Error(`Not a KurrentDB event store position: ${globalPosition}`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

function toStreamState(expected: ExpectedVersion): AppendStreamState {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  return BigInt(expected);
}

function toRecordedEvent(event: KurrentRecordedEvent, fallbackCommit: bigint | undefined): RecordedEvent {
  const position =
    event.position ?? (fallbackCommit === undefined ? undefined : { commit: fallbackCommit, prepare: fallbackCommit });
  if (!position) throw new Error(`KurrentDB returned event ${event.id} of ${event.streamId} without a position`);
  return {
    eventId: event.id,
    streamName: event.streamId,
    streamVersion: Number(event.revision),
    globalPosition: encodePosition(position),
    type: event.type,
    data: event.isJson ? event.data : null,
    metadata: event.metadata as unknown as EventMetadata,
  };
}

export interface KurrentDbEventStoreOptions {
  eventstoreUrl: string;
  pollIntervalMs?: number;
}

export function createKurrentDbEventStore({ eventstoreUrl, pollIntervalMs = 1000 }: KurrentDbEventStoreOptions): EventStore {
  const client = connect(eventstoreUrl);
  const listeners = new AppendListeners();
  const follower = new SubscriptionFollower(client, listeners, pollIntervalMs);

  async function append(streamName: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    assertAppendable(events, expected);
    const data = events.map((event) =>
      jsonEvent({
        id: randomUUID(),
        type: event.type,
        data: (event.data ?? null) as JSONType,
        metadata: event.metadata as unknown as JSONType,
      }),
    );
    try {
      const result = await client.appendToStream(streamName, data, { streamState: toStreamState(expected) });
      const position = result.position ?? (await lastPositionOf(streamName));
      return { nextExpectedVersion: Number(result.nextExpectedRevision), lastGlobalPosition: encodePosition(position) };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualState === NO_STREAM ? 'no_stream' : Number(error.actualState);
        throw new ConcurrencyError(streamName, expected, actual);
      }
      throw error;
    }
  }

  async function lastPositionOf(streamName: string): Promise<Position> {
    for await (const resolved of client.readStream(streamName, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
      const position =
        resolved.event?.position ??
        (resolved.commitPosition === undefined ? undefined : { commit: resolved.commitPosition, prepare: resolved.commitPosition });
      if (position) return position;
    }
    throw new Error(`KurrentDB did not report the position of the append to ${streamName}`);
  }

  /** `maxCount` events of the stream from revision `from` (to its end without a count). */
  async function readRange(streamName: string, from: number, maxCount?: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(streamName, {
        fromRevision: BigInt(from),
        ...(maxCount ? { maxCount } : {}),
      })) {
        if (resolved.event) events.push(toRecordedEvent(resolved.event, resolved.commitPosition));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /** KurrentDB reads a stream from a revision: one read per run of consecutive selected versions, one for the rest. */
  async function readStream(streamName: string, only?: StreamSelection): Promise<RecordedEvent[]> {
    if (!only) return readRange(streamName, 0);
    const earlier = consecutiveRuns(only.versions.filter((version) => version < only.from));
    const parts = await Promise.all([
      ...earlier.map(({ start, count }) => readRange(streamName, start, count)),
      readRange(streamName, only.from),
    ]);
    return parts.flat();
  }

  async function readAll(after: string | null, limit: number): Promise<ReadAllBatch> {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`readAll limit must be a positive integer, got ${limit}`);
    const events: RecordedEvent[] = [];
    // Reading from a position includes the event at that position: ask for one more and skip it.
    const reading = client.readAll({
      fromPosition: after === null ? START : decodePosition(after),
      maxCount: limit + 1,
      filter: excludeSystemEvents(),
    });
    for await (const resolved of reading) {
      if (!resolved.event) continue;
      const event = toRecordedEvent(resolved.event, resolved.commitPosition);
      if (after !== null && event.globalPosition <= after) continue;
      if (events.length < limit) events.push(event);
    }
    return { events, lastPosition: events.at(-1)?.globalPosition ?? after };
  }

  return {
    append,
    readStream,
    readAll,
    onAppended(listener) {
      const remove = listeners.add(listener);
      follower.start();
      return () => {
        remove();
        if (listeners.size === 0) void follower.stop();
      };
    },
    async close() {
      listeners.clear();
      await follower.stop();
      await client.dispose();
    },
  };
}

/** Wakes listeners from a live `$all` subscription (resubscribing after errors) and a poll timer. */
class SubscriptionFollower {
  private subscription: AllStreamSubscription | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private resubscribeTimer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly client: KurrentDBClient,
    private readonly listeners: AppendListeners,
    private readonly pollIntervalMs: number,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.pollTimer = setInterval(() => this.listeners.notify(), this.pollIntervalMs);
    this.pollTimer.unref();
    this.subscribe();
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const timer of [this.pollTimer, this.resubscribeTimer]) if (timer) clearTimeout(timer);
    this.pollTimer = this.resubscribeTimer = null;
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.unsubscribe().catch(() => {});
  }

  private subscribe(): void {
    const subscription = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.subscription = subscription;
    subscription.on('data', () => this.listeners.notify());
    subscription.on('error', () => {
      if (this.subscription !== subscription) return;
      this.subscription = null;
      if (!this.running || this.resubscribeTimer) return;
      this.resubscribeTimer = setTimeout(() => {
        this.resubscribeTimer = null;
        if (this.running) {
          this.subscribe();
          this.listeners.notify(); // events appended while disconnected were not seen live
        }
      }, 1000);
      this.resubscribeTimer.unref();
    });
  }
}

/** Sorted distinct versions as runs of consecutive ones: [1, 2, 3, 7] -> {1, 3}, {7, 1}. */
export function consecutiveRuns(versions: readonly number[]): { start: number; count: number }[] {
  const runs: { start: number; count: number }[] = [];
  for (const version of [...new Set(versions)].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && last.start + last.count === version) last.count += 1;
    else runs.push({ start: version, count: 1 });
  }
  return runs;
}
