import { eventUpcasters, type UpcasterRegistry } from '@tht/contracts/events/upcasters';
import type pg from 'pg';
import type { EventStore } from './port';
import { createKurrentDbEventStore } from './kurrentdb-event-store';
import { createPersonalData, withPersonalData, type PersonalData } from './personal-data';
import { createPostgresEventStore } from './postgres-event-store';
import { withUpcasting } from './upcasting';

export interface CreateEventStoreOptions {
  /** The application database; holds the events unless `eventstoreUrl` is given. */
  pool: pg.Pool;
  /** `EVENTSTORE_URL`: an esdb:// or kurrentdb:// URL keeps the events in KurrentDB instead. */
  eventstoreUrl?: string | null;
  /** Defaults to the product's registry in @tht/contracts. */
  upcasters?: UpcasterRegistry;
  /** How often `onAppended` listeners are woken without a notification (a safety net). */
  pollIntervalMs?: number;
  /** The personal data codec (decision 038); defaults to one over the keys in `pool`. */
  personalData?: PersonalData;
}

/** The event store the product runs on: personal data sealed on append and opened on read, then upcast. */
export function createEventStore({
  pool,
  eventstoreUrl,
  upcasters = eventUpcasters,
  pollIntervalMs,
  personalData = createPersonalData(pool),
}: CreateEventStoreOptions): EventStore {
  const store = eventstoreUrl
    ? createKurrentDbEventStore({ eventstoreUrl, pollIntervalMs })
    : createPostgresEventStore({ pool, pollIntervalMs });
  return withUpcasting(withPersonalData(store, personalData), upcasters);
}
