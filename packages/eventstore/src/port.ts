/**
 * The event store port. Every adapter (PostgreSQL, KurrentDB) implements this interface and
 * passes the shared contract suite in `contract-suite.ts`.
 */

export interface EventMetadata {
  /** Id of the user who caused the event; null for system actions (start-up admin, migrations). */
  actorId: string | null;
  /**
   * What acted when no signed-in user did: `directory`, the organisation's directory provisioning
   * accounts (SCIM); `connected-system`, a connected system whose xAPI statement logged an entry.
   */
  actorKind?: 'directory' | 'connected-system';
  /** The connected system's name (with `actorKind: 'connected-system'`), as the audit names it. */
  actorName?: string;
  correlationId: string;
  /** ISO-8601 timestamp of when the command was handled. */
  occurredAt: string;
  schemaVersion: number;
}

/** An event to append: the type is a past-tense fact name such as `EntryLogged`. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  eventId: string;
  streamName: string;
  /** 0-based position of the event inside its stream. */
  streamVersion: number;
  /**
   * Opaque, totally ordered position in the global log. Comparable as plain strings
   * (fixed-width), so `a < b` means a comes before b. Used as the projection checkpoint.
   */
  globalPosition: string;
}

/** `'no_stream'`: the stream must not exist; `'any'`: no check; a number: the current stream version. */
export type ExpectedVersion = 'no_stream' | 'any' | number;

export interface AppendResult {
  /** Stream version of the last appended event. */
  nextExpectedVersion: number;
  /** Global position of the last appended event. */
  lastGlobalPosition: string;
}

export class ConcurrencyError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedVersion,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamName}: expected version ${String(expected)} but it is ${String(actual)}`);
    this.name = 'ConcurrencyError';
  }
}

/** Preconditions every adapter checks before appending. */
export function assertAppendable(events: readonly NewEvent[], expected: ExpectedVersion): void {
  if (events.length === 0) throw new Error('append needs at least one event');
  if (typeof expected === 'number' && !(Number.isInteger(expected) && expected >= 0)) {
    throw new Error(`expected version must be 'no_stream', 'any' or a whole number >= 0, got ${expected}`);
  }
}

/** Part of a stream: the events at `versions` (in any order, below `from`) and every event from version `from` on. */
export interface StreamSelection {
  versions: readonly number[];
  from: number;
}

export interface ReadAllBatch {
  events: RecordedEvent[];
  /** Position to pass as `after` for the next batch (unchanged when the batch is empty). */
  lastPosition: string | null;
}

/** One stream of a multi-stream append: a new stream and its first events. */
export interface NewStream {
  streamName: string;
  events: NewEvent[];
}

export interface EventStore {
  append(streamName: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult>;
  /**
   * Starts many new streams at once, all or nothing, in one transaction (bulk imports: one commit
   * instead of one per stream). A stream that exists already refuses the whole call with a
   * ConcurrencyError. Optional: where a backend has none (KurrentDB), callers append stream by stream.
   */
  appendToNewStreams?(streams: NewStream[]): Promise<AppendResult>;
  /**
   * All events of one stream in stream order; an empty list when the stream does not exist. With
   * `only`, just the events at `only.versions` and every one from `only.from` on (a reader that
   * knows which earlier events it needs, e.g. an account's stream past its old sign-ins).
   */
  readStream(streamName: string, only?: StreamSelection): Promise<RecordedEvent[]>;
  /**
   * Events of the global log strictly after `after` (null = from the start), at most `limit`.
   * Never returns an event while an earlier one may still commit (no gaps that fill later).
   */
  readAll(after: string | null, limit: number): Promise<ReadAllBatch>;
  /** Number of events in the global log, where the backend can tell cheaply (rebuild progress). */
  countAll?(): Promise<number>;
  /** How many events `readAll(after, …)` could return now, counted only up to `upTo` (a lag that costs no full count). */
  countAfter?(after: string | null, upTo: number): Promise<number>;
  /**
   * Where a replay cut at `time` ends: the position of the last event before the first one, in the
   * log's order, whose `occurredAt` is after `time` (null: none is before it). Optional: without
   * it, callers read the log up to the cut.
   */
  lastPositionBy?(time: Date): Promise<string | null>;
  /** Calls `listener` (debounced, no payload) when new events may be readable. Returns an unsubscribe. */
  onAppended(listener: () => void): () => void;
  close(): Promise<void>;
}
