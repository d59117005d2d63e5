import { EVIDENCE_MESSAGES as M, ENTRY_MESSAGES, type EntryDetails, type EntryEvent, type EvidenceEvent } from '@tht/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../platform/decider-spec';
import { evidenceDecider, type AttachedFile } from './evidence-decider';

const spec = deciderSpec(evidenceDecider);

const details: EntryDetails = {
  trainingName: 'First Aid at Work',
  date: '2026-02-03',
  firstName: 'Ada',
  lastName: 'Lovelace',
  managerName: 'Grace Hopper',
  department: 'Engineering',
  hours: '6',
  notes: '',
  rating: 0,
  beInnovative: false,
  trainingType: 'external',
  courseGivenBy: 'Red Cross',
  customFields: {},
  validUntil: null,
};

const OWNER = { id: 3, role: 'employee' } as const;
const MANAGER = { id: 12, role: 'manager' } as const;
const ADMIN = { id: 1, role: 'admin' } as const;

const logged: EntryEvent = { type: 'EntryLogged', data: { entryId: 7, userId: OWNER.id, ...details, managerId: MANAGER.id } };
const deleted: EntryEvent = { type: 'EntryDeleted', data: { entryId: 7, userId: OWNER.id } };
const file = (evidenceId: number): AttachedFile => ({
  evidenceId,
  name: `certificate-${evidenceId}.pdf`,
  size: 1_234,
  type: 'application/pdf',
  sha256: 'ab'.repeat(32),
});
const attached = (evidenceId: number): EvidenceEvent => ({
  type: 'EvidenceAttached',
  data: { entryId: 7, userId: OWNER.id, ...file(evidenceId) },
});
const removed = (evidenceId: number): EvidenceEvent => ({
  type: 'EvidenceRemoved',
  data: { entryId: 7, userId: OWNER.id, evidenceId },
});

describe('attaching a file to an entry', () => {
  it("records the file on the entry's stream, for its owner", () => {
    spec
      .given(logged)
      .when({ type: 'AttachEvidence', by: OWNER, file: file(40) })
      .then(attached(40));
  });

  it('is the owner’s alone: not their manager’s, not an admin’s', () => {
    for (const by of [MANAGER, ADMIN]) {
      spec
        .given(logged)
        .when({ type: 'AttachEvidence', by, file: file(40) })
        .thenRefuses('forbidden', M.attachOwnEntriesOnly);
    }
  });

  it('takes 5 files, not a sixth; a removed one frees its place', () => {
    const five = [40, 41, 42, 43, 44].map(attached);
    spec
      .given(logged, ...five)
      .when({ type: 'AttachEvidence', by: OWNER, file: file(45) })
      .thenRefuses('invalid', M.tooManyFiles(5));
    spec
      .given(logged, ...five, removed(42))
      .when({ type: 'AttachEvidence', by: OWNER, file: file(45) })
      .then(attached(45));
  });

  it('refuses an entry that is deleted or was never logged', () => {
    spec
      .given(logged, deleted)
      .when({ type: 'AttachEvidence', by: OWNER, file: file(40) })
      .thenRefuses('not-found', ENTRY_MESSAGES.entryNotFound);
    spec
      .given()
      .when({ type: 'AttachEvidence', by: OWNER, file: file(40) })
      .thenRefuses('not-found', ENTRY_MESSAGES.entryNotFound);
  });
});

describe('removing a file from an entry', () => {
  it('by its owner or an admin', () => {
    for (const by of [OWNER, ADMIN])
      spec.given(logged, attached(40)).when({ type: 'RemoveEvidence', by, evidenceId: 40 }).then(removed(40));
  });

  it('not by the manager', () => {
    spec
      .given(logged, attached(40))
      .when({ type: 'RemoveEvidence', by: MANAGER, evidenceId: 40 })
      .thenRefuses('forbidden', M.removeOwnFilesOnly);
  });

  it('refuses a file not on the entry, or removed already', () => {
    spec
      .given(logged, attached(40))
      .when({ type: 'RemoveEvidence', by: OWNER, evidenceId: 41 })
      .thenRefuses('not-found', M.evidenceNotFound);
    spec
      .given(logged, attached(40), removed(40))
      .when({ type: 'RemoveEvidence', by: OWNER, evidenceId: 40 })
      .thenRefuses('not-found', M.evidenceNotFound);
  });

  it('refuses on a deleted entry (its files went with it)', () => {
    spec
      .given(logged, attached(40), deleted)
      .when({ type: 'RemoveEvidence', by: OWNER, evidenceId: 40 })
      .thenRefuses('not-found', ENTRY_MESSAGES.entryNotFound);
  });
});
