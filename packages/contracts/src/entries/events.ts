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
  /** "Valid until" of the certificate the training gave (YYYY-MM-DD), null when none; absent on events written before it existed. */
  validUntil?: string | null;
}

/**
 * The account the entry's typed manager name names, as the server found it when the entry was
 * logged or edited (`entryManagerId`): the name is then that person's personal data, sealed with
 * their key (decision 038). Null when no account has that name; absent on events written before
 * it was recorded (the name is then the owner's).
 */
export interface EntryManager {
  managerId?: number | null;
}

/**
 * The connected system whose xAPI statement made the entry (decision 045); absent on a hand-logged
 * entry's event (and on every event written before systems reported entries).
 */
export interface EntryOrigin {
  source?: { kind: 'xapi'; clientId: string; system: string; statementId: string };
}

/**
 * Entry events, one stream per entry (`entry-<id>`). A bulk request appends one `EntryLogged` to
 * each new entry's stream, all under the request's correlation id, so every entry's history
 * starts with its own creation fact. The creation time is the `EntryLogged` metadata's
 * `occurredAt`. `EntryEdited` carries the entry's details after the edit (not a diff), so the
 * read side never needs the previous state.
 */
export interface EntryEventData {
  EntryLogged: EntryDetails & EntryManager & EntryOrigin & { entryId: number; userId: number };
  EntryEdited: EntryDetails & EntryManager & { entryId: number; userId: number };
  EntryDeleted: { entryId: number; userId: number };
}

export type EntryEventType = keyof EntryEventData;

export type EntryEvent = {
  [Type in EntryEventType]: { type: Type; data: EntryEventData[Type] };
}[EntryEventType];

export const entryStream = (entryId: number) => `entry-${entryId}`;
