import type { EventStore } from '@tht/eventstore';
import { metadataFor, type Actor } from './commands';
import { forEachConcurrently } from './concurrency';
import type { CommandEvent } from './decider';

/** A new stream and the events a command starts it with. */
export interface NewCommandStream {
  streamName: string;
  events: readonly CommandEvent[];
}

/** Streams started per transaction where the store can start many at once, and such transactions at a time. */
const STREAMS_PER_TRANSACTION = 500;
const CONCURRENT_TRANSACTIONS = 2;
/** Otherwise, streams started one by one this many at a time. */
const SINGLE_APPEND_CONCURRENCY = 8;

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
}

/**
 * Starts many new streams (a bulk's entries, each its own stream) under the actor's correlation id,
 * their events occurring at `occurredAt`:
 * in transactions of STREAMS_PER_TRANSACTION where the store can (PostgreSQL), else one append per
 * stream. Returns the global position of the last event (null for no streams); does not wait for the
 * read models. A stream that exists already fails its transaction (ConcurrencyError).
 */
export async function appendNewStreams(
  store: EventStore,
  streams: readonly NewCommandStream[],
  actor: Actor,
  occurredAt: string,
): Promise<string | null> {
  const recorded = (events: readonly CommandEvent[]) =>
    events.map((event) => ({ type: event.type, data: event.data, metadata: metadataFor(actor, event, occurredAt) }));
  let lastPosition: string | null = null;
  const keep = (position: string) => {
    actor.noteAppended?.(position);
    if (lastPosition === null || position > lastPosition) lastPosition = position;
  };
  if (store.appendToNewStreams) {
    await forEachConcurrently(chunksOf(streams, STREAMS_PER_TRANSACTION), CONCURRENT_TRANSACTIONS, async (chunk) => {
      const result = await store.appendToNewStreams!(
        chunk.map(({ streamName, events }) => ({ streamName, events: recorded(events) })),
      );
      keep(result.lastGlobalPosition);
    });
  } else {
    await forEachConcurrently(streams, SINGLE_APPEND_CONCURRENCY, async ({ streamName, events }) => {
      keep((await store.append(streamName, recorded(events), 'no_stream')).lastGlobalPosition);
    });
  }
  return lastPosition;
}
