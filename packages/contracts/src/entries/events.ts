import type { CustomFieldValue } from './schemas';

/** The fields an entry's owner chooses; `hours` is text as stored. */
export interface EntryDetails {
  trainingName: string;
  date: string;
  firstName: string;
  lastName: string;
  managerName: string;
  department: string;
  hours: string;
  notes: string;
  rating: number;
  beInnovative: boolean;
  trainingType: string;
  courseGivenBy: string;
  customFields: Record<string, CustomFieldValue>;
}

/**
 * Entry events, one stream per entry (`entry-<id>`). A bulk request appends one `EntryLogged` to
 * each new entry's stream, all under the request's correlation id, so every entry's history
 * starts with its own creation fact. The creation time is the `EntryLogged` metadata's
 * `occurredAt`. `EntryEdited` carries the entry's details after the edit (not a diff), so the
 * read side never needs the previous state.
 */
export interface EntryEventData {
  EntryLogged: EntryDetails & { entryId: number; userId: number };
  EntryEdited: EntryDetails & { entryId: number; userId: number };
  EntryDeleted: { entryId: number; userId: number };
}

export type EntryEventType = keyof EntryEventData;

export type EntryEvent = {
  [Type in EntryEventType]: { type: Type; data: EntryEventData[Type] };
}[EntryEventType];

export const entryStream = (entryId: number) => `entry-${entryId}`;
