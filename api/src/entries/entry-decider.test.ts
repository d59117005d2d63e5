import {
  ACCOUNT_MESSAGES,
  CONFLICT_MESSAGE,
  ENTRY_MESSAGES as M,
  entryInputSchema,
  type EntryDetails,
  type EntryEvent,
} from '@tht/contracts';
import { describe, it } from 'vitest';
import { deciderSpec, GIVEN_TIME } from '../platform/decider-spec';
import { entryDecider } from './entry-decider';

const spec = deciderSpec(entryDecider);

const sent = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  trainingName: 'Risk Management',
  date: '2025-03-04',
  hours: 1.5,
  managerName: 'Grace Hopper',
  department: 'Engineering',
  trainingType: 'external',
  courseGivenBy: 'Acme',
  rating: 4,
  beInnovative: true,
  notes: 'Useful',
};
const input = (changes: Record<string, unknown> = {}) => entryInputSchema.parse({ ...sent, ...changes });

const details: EntryDetails = {
  trainingName: 'Risk Management',
  date: '2025-03-04',
  firstName: 'Ada',
  lastName: 'Lovelace',
  managerName: 'Grace Hopper',
  department: 'Engineering',
  hours: '1.5',
  notes: 'Useful',
  rating: 4,
  beInnovative: true,
  trainingType: 'external',
  courseGivenBy: 'Acme',
  customFields: { level: 'advanced' },
  validUntil: null,
};

/** Grace Hopper's account: the manager name names it. */
const GRACE = 12;
const logged: EntryEvent = { type: 'EntryLogged', data: { entryId: 7, userId: 3, ...details, managerId: GRACE } };
const deleted: EntryEvent = { type: 'EntryDeleted', data: { entryId: 7, userId: 3 } };
const edit = (changes: Record<string, unknown> = {}, customFields?: Record<string, string>) =>
  ({ type: 'EditEntry', input: input(changes), customFields, managerId: GRACE }) as const;

describe('logging an entry', () => {
  const log = {
    type: 'LogEntry',
    entryId: 7,
    userId: 3,
    ownerExists: true,
    input: input(),
    customFields: { level: 'advanced' },
    managerId: GRACE,
  } as const;

  it('starts the entry with its details, hours as text', () => {
    spec.given().when(log).then(logged);
  });

  it('names the connected system and statement that reported it (decision 045); an edit keeps nothing else of it', () => {
    const source = { kind: 'xapi', clientId: 'c1', system: 'Moodle', statementId: 's1' } as const;
    const reported: EntryEvent = { type: 'EntryLogged', data: { ...logged.data, source } };
    spec
      .given()
      .when({ ...log, source })
      .then(reported);
    spec
      .given(reported)
      .when(edit({ hours: 2 }, { level: 'advanced' }))
      .then({ type: 'EntryEdited', data: { entryId: 7, userId: 3, ...details, hours: '2', managerId: GRACE } });
  });

  it('records no account for a manager name that names none', () => {
    spec
      .given()
      .when({ ...log, managerId: null })
      .then({ type: 'EntryLogged', data: { entryId: 7, userId: 3, ...details, managerId: null } });
  });

  it('refuses an owner without an account', () => {
    spec
      .given()
      .when({ ...log, ownerExists: false })
      .thenRefuses('not-found', ACCOUNT_MESSAGES.userNotFound);
  });

  it('never logs an entry twice on one stream', () => {
    spec.given(logged).when(log).thenRefuses('conflict', CONFLICT_MESSAGE);
  });
});

describe('editing an entry', () => {
  it('replaces the details and keeps the owner, whatever the edit', () => {
    spec
      .given(logged)
      .when(edit({ trainingName: 'Leadership', hours: '3.25' }))
      .then({
        type: 'EntryEdited',
        data: { entryId: 7, userId: 3, ...details, trainingName: 'Leadership', hours: '3.25', managerId: GRACE },
      });
  });

  it('appends nothing when nothing changes (hours 1.5 and "1.50" are the same)', () => {
    spec.given(logged).when(edit()).thenNothingHappens();
    spec
      .given(logged)
      .when(edit({ hours: '1.50' }))
      .thenNothingHappens();
    spec
      .given(logged)
      .when(edit({}, { level: 'advanced' }))
      .thenNothingHappens();
  });

  it('keeps the custom values when the edit sends none, and replaces them when it does', () => {
    spec
      .given(logged)
      .when(edit({ notes: 'edited' }))
      .then({ type: 'EntryEdited', data: { entryId: 7, userId: 3, ...details, notes: 'edited', managerId: GRACE } });
    spec
      .given(logged)
      .when(edit({}, {}))
      .then({ type: 'EntryEdited', data: { entryId: 7, userId: 3, ...details, customFields: {}, managerId: GRACE } });
  });

  it('records the account the edited manager name names, on an entry logged before accounts were recorded too', () => {
    const loggedBefore: EntryEvent = { type: 'EntryLogged', data: { entryId: 7, userId: 3, ...details } };
    spec
      .given(loggedBefore)
      .when({ ...edit({ managerName: 'Max Manager' }), managerId: 13 })
      .then({ type: 'EntryEdited', data: { entryId: 7, userId: 3, ...details, managerName: 'Max Manager', managerId: 13 } });
    spec.given(loggedBefore).when(edit()).thenNothingHappens();
  });

  it('accepts an owner and creation time that name the entry as it is', () => {
    spec
      .given(logged)
      .when(edit({ userId: 3, createdAt: GIVEN_TIME }))
      .thenNothingHappens();
    spec
      .given(logged)
      .when(edit({ userId: '3', createdAt: '2025-01-15T10:00:00+01:00' }))
      .thenNothingHappens();
  });

  it('never moves an entry to another person', () => {
    spec
      .given(logged)
      .when(edit({ userId: 4 }))
      .thenRefuses('invalid', M.entryCannotMove);
    spec
      .given(logged)
      .when(edit({ userId: 'someone' }))
      .thenRefuses('invalid', M.entryCannotMove);
  });

  it('never rewrites the creation time', () => {
    spec
      .given(logged)
      .when(edit({ createdAt: '2020-01-01T00:00:00.000Z' }))
      .thenRefuses('invalid', M.createdAtCannotChange);
    spec
      .given(logged)
      .when(edit({ createdAt: 12345 }))
      .thenRefuses('invalid', M.createdAtCannotChange);
  });

  it('refuses an entry that was never logged or is deleted', () => {
    spec.given().when(edit()).thenRefuses('not-found', M.entryNotFound);
    spec
      .given(logged, deleted)
      .when(edit({ trainingName: 'Again' }))
      .thenRefuses('not-found', M.entryNotFound);
  });

  it('decides on the entry as its last edit left it', () => {
    const edited: EntryEvent = { type: 'EntryEdited', data: { entryId: 7, userId: 3, ...details, notes: 'later' } };
    spec
      .given(logged, edited)
      .when(edit({ notes: 'later' }))
      .thenNothingHappens();
  });
});

describe('a certificate valid until a date', () => {
  const log = {
    type: 'LogEntry',
    entryId: 7,
    userId: 3,
    ownerExists: true,
    input: input({ validUntil: '2027-03-04' }),
    customFields: { level: 'advanced' },
    managerId: GRACE,
  } as const;

  it('logs and edits the valid until date', () => {
    spec
      .given()
      .when(log)
      .then({ type: 'EntryLogged', data: { entryId: 7, userId: 3, ...details, validUntil: '2027-03-04', managerId: GRACE } });
    spec
      .given(logged)
      .when(edit({ validUntil: '2026-03-04' }))
      .then({ type: 'EntryEdited', data: { entryId: 7, userId: 3, ...details, validUntil: '2026-03-04', managerId: GRACE } });
  });

  it('refuses a valid until on or before the training date', () => {
    spec
      .given()
      .when({ ...log, input: input({ validUntil: '2025-03-04' }) })
      .thenRefuses('invalid', M.validUntilAfterDate);
    spec
      .given(logged)
      .when(edit({ validUntil: '2025-03-03' }))
      .thenRefuses('invalid', M.validUntilAfterDate);
    spec
      .given(logged)
      .when(edit({ date: '2027-03-05', validUntil: '2027-03-04' }))
      .thenRefuses('invalid', M.validUntilAfterDate);
  });

  it('takes the valid until date off when an edit sends none', () => {
    const certificate: EntryEvent = { type: 'EntryLogged', data: { entryId: 7, userId: 3, ...details, validUntil: '2027-03-04' } };
    spec
      .given(certificate)
      .when(edit({ validUntil: '' }))
      .then({ type: 'EntryEdited', data: { entryId: 7, userId: 3, ...details, validUntil: null, managerId: GRACE } });
  });

  it('reads an entry logged before valid until existed as one without it', () => {
    const { validUntil: _none, ...before } = details;
    const loggedBefore: EntryEvent = { type: 'EntryLogged', data: { entryId: 7, userId: 3, ...before, managerId: GRACE } };
    spec.given(loggedBefore).when(edit()).thenNothingHappens();
  });
});

describe('deleting an entry', () => {
  it('deletes a logged entry once', () => {
    spec.given(logged).when({ type: 'DeleteEntry' }).then(deleted);
    spec.given(logged, deleted).when({ type: 'DeleteEntry' }).thenRefuses('not-found', M.entryNotFound);
    spec.given().when({ type: 'DeleteEntry' }).thenRefuses('not-found', M.entryNotFound);
  });
});
