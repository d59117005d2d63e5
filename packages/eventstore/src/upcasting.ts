import type { UpcasterRegistry } from '@tht/contracts/events/upcasters';
import type { EventStore, RecordedEvent } from './port';

/** Brings one event's data up to the newest schema version the registry knows for its type. */
export function upcastEvent(event: RecordedEvent, registry: UpcasterRegistry): RecordedEvent {
  const steps = registry[event.type];
  if (!steps) return event;
  let { data } = event;
  let version = event.metadata.schemaVersion;
  for (let step = steps[version]; step; step = steps[version]) {
    data = step(data);
    version += 1;
  }
  if (version === event.metadata.schemaVersion) return event;
  return { ...event, data, metadata: { ...event.metadata, schemaVersion: version } };
}

/** The one place where upcasting happens: every read of every adapter goes through here. */
export function withUpcasting(store: EventStore, registry: UpcasterRegistry): EventStore {
  const upcastAll = (events: RecordedEvent[]) => events.map((event) => upcastEvent(event, registry));
  return {
    append: (streamName, events, expected) => store.append(streamName, events, expected),
    readStream: async (streamName, only) => upcastAll(await store.readStream(streamName, only)),
    readAll: async (after, limit) => {
      const batch = await store.readAll(after, limit);
      return { ...batch, events: upcastAll(batch.events) };
    },
    ...(store.countAll ? { countAll: () => store.countAll!() } : {}),
    ...(store.countAfter ? { countAfter: (after, upTo) => store.countAfter!(after, upTo) } : {}),
    ...(store.lastPositionBy ? { lastPositionBy: (time) => store.lastPositionBy!(time) } : {}),
    ...(store.appendToNewStreams ? { appendToNewStreams: (streams) => store.appendToNewStreams!(streams) } : {}),
    onAppended: (listener) => store.onAppended(listener),
    close: () => store.close(),
  };
}
