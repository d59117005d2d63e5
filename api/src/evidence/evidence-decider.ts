import {
  canRemoveEvidenceOf,
  ENTRY_MESSAGES,
  EVIDENCE_MAX_FILES_PER_ENTRY,
  EVIDENCE_MESSAGES as M,
  type EntryEvent,
  type EvidenceEvent,
  type EvidenceEventData,
  type Person,
} from '@tht/contracts';
import { DomainError, type Decider, type StoredEvent } from '../platform/decider';

/**
 * An entry's files as the entry's stream (`entry-<id>`) tells them: whose the entry is, whether it
 * was deleted, and the files attached (less those removed), oldest first. Null before the entry
 * was logged. The entry's details are the entry decider's; this decider reads the same stream.
 */
export type EntryFilesState = {
  entryId: number;
  ownerId: number;
  deleted: boolean;
  evidenceIds: readonly number[];
} | null;

/** A stored file as `EvidenceAttached` records it (its bytes were written before the command). */
/** Every event of an entry's stream, as this decider folds it. */
export type EntryStreamEvent = EntryEvent | EvidenceEvent;

export type AttachedFile = Omit<EvidenceEventData['EvidenceAttached'], 'entryId' | 'userId'>;

export type EvidenceCommand =
  /** Only the entry's owner attaches, up to EVIDENCE_MAX_FILES_PER_ENTRY files. */
  | { type: 'AttachEvidence'; by: Person; file: AttachedFile }
  /** The entry's owner or an admin removes. */
  | { type: 'RemoveEvidence'; by: Person; evidenceId: number };

/** An entry there to take or lose files; a deleted one is gone. */
function liveEntry(state: EntryFilesState): NonNullable<EntryFilesState> {
  if (!state || state.deleted) throw new DomainError('not-found', ENTRY_MESSAGES.entryNotFound);
  return state;
}

function attach(entry: NonNullable<EntryFilesState>, by: Person, file: AttachedFile): EvidenceEvent {
  if (by.id !== entry.ownerId) throw new DomainError('forbidden', M.attachOwnEntriesOnly);
  if (entry.evidenceIds.length >= EVIDENCE_MAX_FILES_PER_ENTRY) {
    throw new DomainError('invalid', M.tooManyFiles(EVIDENCE_MAX_FILES_PER_ENTRY));
  }
  return { type: 'EvidenceAttached', data: { entryId: entry.entryId, userId: entry.ownerId, ...file } };
}

function remove(entry: NonNullable<EntryFilesState>, by: Person, evidenceId: number): EvidenceEvent {
  if (!canRemoveEvidenceOf(by, entry.ownerId)) throw new DomainError('forbidden', M.removeOwnFilesOnly);
  if (!entry.evidenceIds.includes(evidenceId)) throw new DomainError('not-found', M.evidenceNotFound);
  return { type: 'EvidenceRemoved', data: { entryId: entry.entryId, userId: entry.ownerId, evidenceId } };
}

function decide(command: EvidenceCommand, state: EntryFilesState): EvidenceEvent[] {
  const entry = liveEntry(state);
  return [
    command.type === 'AttachEvidence' ? attach(entry, command.by, command.file) : remove(entry, command.by, command.evidenceId),
  ];
}

function evolve(state: EntryFilesState, event: StoredEvent<EntryStreamEvent>): EntryFilesState {
  switch (event.type) {
    case 'EntryLogged':
      return { entryId: event.data.entryId, ownerId: event.data.userId, deleted: false, evidenceIds: [] };
    case 'EntryEdited':
      return state;
    case 'EntryDeleted':
      return state && { ...state, deleted: true };
    case 'EvidenceAttached':
      return state && { ...state, evidenceIds: [...state.evidenceIds, event.data.evidenceId] };
    case 'EvidenceRemoved':
      return state && { ...state, evidenceIds: state.evidenceIds.filter((id) => id !== event.data.evidenceId) };
  }
}

/** An entry's files, on the entry's stream: attached by its owner (5 at most), removed by its owner or an admin. */
export const evidenceDecider: Decider<EntryFilesState, EvidenceCommand, EntryStreamEvent> = {
  initialState: () => null,
  evolve,
  decide,
};
