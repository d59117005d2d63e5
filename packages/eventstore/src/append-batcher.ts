import type { AppendResult, EventMetadata, ExpectedVersion } from './port';

/** An append as the store's factory hands it to the batcher: its events with their ids. */
export interface PendingAppend {
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

/**
 * Statements written at once. One at a time left the server idle while each commit waited for its
 * WAL flush and the process idle while the server inserted: 20 writers appended about 1.4x faster
 * with 2 to 4 statements in flight than with 1 (bench/eventstore-appends.ts), and no faster with 20.
 */
const STATEMENTS_IN_FLIGHT = 4;

/** An error PostgreSQL answered with (it has a SQLSTATE): the statement did not commit. */
const isServerError = (error: unknown) => typeof (error as { code?: unknown } | null)?.code === 'string';

/**
 * Group commit: appends made in one turn of the event loop while fewer than STATEMENTS_IN_FLIGHT
 * statements are being written go out at the end of that turn, together; appends made while that
 * many are being written wait for one to finish and then go out together. One statement is one
 * transaction and one WAL flush for all of its appends. Under load this turns many commits, each
 * waiting for its own flush, into few; an idle store adds only the rest of the turn.
 * A stream is in one statement at a time, so a second append to a stream waits for the statement
 * holding the first (and sees its version). When PostgreSQL refuses a statement of several appends
 * as a whole (none of it committed), each is tried again alone, so one append's failure is never
 * another's.
 */
export class AppendBatcher {
  private queue: QueuedAppend[] = [];
  private inFlight = 0;
  private writeScheduled = false;
  private readonly streamsInFlight = new Set<string>();

  constructor(
    private readonly appendAlone: (append: PendingAppend) => Promise<AppendResult>,
    private readonly appendTogether: (appends: readonly PendingAppend[]) => Promise<Array<PromiseSettledResult<AppendResult>>>,
  ) {}

  submit(append: PendingAppend): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...append, resolve, reject });
      this.scheduleWrite();
    });
  }

  /**
   * Writes once the appends made in this turn of the event loop are queued: the writers that one
   * statement's results set going append again in the same turn, and they then go out together
   * rather than the first few alone (20 writers: about a third fewer statements).
   */
  private scheduleWrite(): void {
    if (this.writeScheduled) return;
    this.writeScheduled = true;
    setImmediate(() => {
      this.writeScheduled = false;
      this.writeWhatCan();
    });
  }

  /** Starts statements while a slot is free and some queued stream is not being written. */
  private writeWhatCan(): void {
    while (this.inFlight < STATEMENTS_IN_FLIGHT) {
      const batch = this.takeBatch();
      if (batch.length === 0) return;
      this.inFlight++;
      for (const append of batch) this.streamsInFlight.add(append.streamName);
      void this.write(batch).finally(() => {
        this.inFlight--;
        for (const append of batch) this.streamsInFlight.delete(append.streamName);
        this.writeWhatCan();
      });
    }
  }

  /** The first queued append of each stream not being written, in order, up to MAX_APPENDS_TOGETHER. */
  private takeBatch(): QueuedAppend[] {
    const streams = new Set<string>(this.streamsInFlight);
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
