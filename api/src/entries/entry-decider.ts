import {
  ACCOUNT_MESSAGES,
  ENTRY_MESSAGES as M,
  formatHours,
  isValidUntilAfterDate,
  type CustomFieldValue,
  type EntryDetails,
  type EntryEvent,
  type EntryOrigin,
  type ValidAdminEntry,
  type ValidEntry,
  CONFLICT_MESSAGE,
  type EvidenceEvent,
} from '@tht/contracts';
import { DomainError, type Decider, type StoredEvent } from '../platform/decider';

/** An entry as its own stream (`entry-<id>`) tells it; null when it was never logged. */
export type EntryState = {
  entryId: number;
  userId: number;
  details: EntryDetails;
  /** `occurredAt` of the EntryLogged event. */
  createdAt: string;
  /** `occurredAt` of the last EntryLogged or EntryEdited event. */
  updatedAt: string;
  /** The connected system that reported the entry (decision 045); null when logged by hand. */
  source: NonNullable<EntryOrigin['source']> | null;
  deleted: boolean;
} | null;

/** Every event of an entry's stream: the entry's own, and its files' (decided by the evidence feature's decider). */
export type EntryStreamEvent = EntryEvent | EvidenceEvent;

/** Custom values as checked against the configured fields at the edge. */
type CustomValues = Record<string, CustomFieldValue>;

export type EntryCommand =
  | {
      type: 'LogEntry';
      entryId: number;
      userId: number;
      /** Whether the owner's account exists (read by the handler). */
      ownerExists: boolean;
      /** An admin import may log the admin grid's wider training types (kept as given). */
      input: ValidAdminEntry;
      customFields: CustomValues;
      /** The account the typed manager name names (`entryManagerId`, read by the handler), or null. */
      managerId: number | null;
      /** The connected system whose statement reports the entry (decision 045); absent when logged by hand. */
      source?: EntryOrigin['source'];
    }
  | {
      type: 'EditEntry';
      /** `userId` and `createdAt` may accompany the details; they must name the entry as it is. */
      input: ValidEntry;
      /** undefined when the edit sends none: the entry keeps its values (the edit dialog does not show them). */
      customFields: CustomValues | undefined;
      /** The account the edited manager name names (`entryManagerId`, read by the handler), or null. */
      managerId: number | null;
    }
  | { type: 'DeleteEntry' };

export type LogEntryCommand = Extract<EntryCommand, { type: 'LogEntry' }>;

function detailsOf(entry: ValidAdminEntry, customFields: CustomValues): EntryDetails {
  return {
    trainingName: entry.trainingName,
    date: entry.date,
    firstName: entry.firstName,
    lastName: entry.lastName,
    managerName: entry.managerName,
    department: entry.department,
    hours: formatHours(entry.hours),
    notes: entry.notes,
    rating: entry.rating,
    beInnovative: entry.beInnovative,
    trainingType: entry.trainingType,
    courseGivenBy: entry.courseGivenBy,
    customFields,
    validUntil: entry.validUntil,
  };
}

/** "Valid until must be after the training date". */
function assertValidUntilAfterDate(details: EntryDetails): void {
  if (!isValidUntilAfterDate(details)) throw new DomainError('invalid', M.validUntilAfterDate);
}

/** An entry's details as its event tells them: an event from before "Valid until" existed has none. */
function storedDetails(details: EntryDetails): EntryDetails {
  return { ...details, validUntil: details.validUntil ?? null };
}

function sameDetails(a: EntryDetails, b: EntryDetails): boolean {
  const { customFields: customA, ...restA } = a;
  const { customFields: customB, ...restB } = b;
  const keys = Object.keys(restA) as (keyof typeof restA)[];
  const customKeys = Object.keys(customA);
  return (
    keys.every((key) => restA[key] === restB[key]) &&
    customKeys.length === Object.keys(customB).length &&
    customKeys.every((key) => customA[key] === customB[key])
  );
}

/** An entry that is there to change; a deleted one is gone for every command. */
function liveEntry(state: EntryState): NonNullable<EntryState> {
  if (!state || state.deleted) throw new DomainError('not-found', M.entryNotFound);
  return state;
}

/** `userId` and `createdAt` in an edit must name the entry as it is: they never change. */
function assertIdentityUnchanged(input: ValidEntry, entry: NonNullable<EntryState>): void {
  if (input.userId !== undefined && input.userId !== null && Number(input.userId) !== entry.userId) {
    throw new DomainError('invalid', M.entryCannotMove);
  }
  if (input.createdAt !== undefined && input.createdAt !== null) {
    const sent = typeof input.createdAt === 'string' ? Date.parse(input.createdAt) : Number.NaN;
    if (sent !== Date.parse(entry.createdAt)) throw new DomainError('invalid', M.createdAtCannotChange);
  }
}

function decide(command: EntryCommand, state: EntryState): EntryEvent[] {
  switch (command.type) {
    case 'LogEntry': {
      if (state) throw new DomainError('conflict', CONFLICT_MESSAGE);
      if (!command.ownerExists) throw new DomainError('not-found', ACCOUNT_MESSAGES.userNotFound);
      const { entryId, userId, managerId } = command;
      const details = detailsOf(command.input, command.customFields);
      assertValidUntilAfterDate(details);
      const origin = command.source && { source: command.source };
      return [{ type: 'EntryLogged', data: { entryId, userId, ...details, managerId, ...origin } }];
    }
    case 'EditEntry': {
      const entry = liveEntry(state);
      assertIdentityUnchanged(command.input, entry);
      const details = detailsOf(command.input, command.customFields ?? entry.details.customFields);
      assertValidUntilAfterDate(details);
      if (sameDetails(details, entry.details)) return [];
      const { entryId, userId } = entry;
      return [{ type: 'EntryEdited', data: { entryId, userId, ...details, managerId: command.managerId } }];
    }
    case 'DeleteEntry': {
      const { entryId, userId } = liveEntry(state);
      return [{ type: 'EntryDeleted', data: { entryId, userId } }];
    }
  }
}

function evolve(state: EntryState, event: StoredEvent<EntryStreamEvent>): EntryState {
  switch (event.type) {
    case 'EntryLogged': {
      const { entryId, userId, managerId: _managerId, source, ...details } = event.data;
      const { occurredAt } = event.metadata;
      const logged = { createdAt: occurredAt, updatedAt: occurredAt, source: source ?? null, deleted: false };
      return { entryId, userId, details: storedDetails(details), ...logged };
    }
    case 'EntryEdited': {
      const { entryId: _entryId, userId: _userId, managerId: _managerId, ...details } = event.data;
      return state && { ...state, details: storedDetails(details), updatedAt: event.metadata.occurredAt };
    }
    case 'EntryDeleted':
      return state && { ...state, deleted: true };
    // An entry's files change nothing of its details.
    case 'EvidenceAttached':
    case 'EvidenceRemoved':
      return state;
  }
}

/** One entry's stream: logged once, edited, deleted (its files are the evidence feature's decider's). */
export const entryDecider: Decider<EntryState, EntryCommand, EntryStreamEvent> = {
  initialState: () => null,
  evolve,
  decide,
};
