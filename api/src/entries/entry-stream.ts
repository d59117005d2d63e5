import { entryStream, type EntryDetails, type EntryEvent } from '@tht/contracts';
import type { RecordedEvent } from '@tht/eventstore';
import type { AppContext } from '../platform/context';

/** An entry as its own stream tells it: the write side decides on this, never on a read model. */
export interface EntryState {
  entryId: number;
  userId: number;
  details: EntryDetails;
  /** `occurredAt` of the EntryLogged event. */
  createdAt: string;
  deleted: boolean;
  /** Stream version of the last event: the expected version of the next append. */
  version: number;
}

function evolve(state: EntryState | null, event: RecordedEvent & EntryEvent): EntryState | null {
  switch (event.type) {
    case 'EntryLogged': {
      const { entryId, userId, ...details } = event.data;
      return { entryId, userId, details, createdAt: event.metadata.occurredAt, deleted: false, version: event.streamVersion };
    }
    case 'EntryEdited': {
      const { entryId: _entryId, userId: _userId, ...details } = event.data;
      return state && { ...state, details, version: event.streamVersion };
    }
    case 'EntryDeleted':
      return state && { ...state, deleted: true, version: event.streamVersion };
  }
}

/** The entry of stream `entry-<id>`, or null when it was never logged. */
export async function loadEntry(ctx: AppContext, entryId: number): Promise<EntryState | null> {
  const events = (await ctx.store.readStream(entryStream(entryId))) as (RecordedEvent & EntryEvent)[];
  return events.reduce(evolve, null);
}
