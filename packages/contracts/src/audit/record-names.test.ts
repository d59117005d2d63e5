import { describe, expect, it } from 'vitest';
import { actingUserId } from './actors';
import { auditRecordName, nameFrom, namingFieldsOf, namingStreamOf } from './record-names';

describe('record names', () => {
  it("takes from an event only what it states of its record's name", () => {
    expect(
      namingFieldsOf({ streamName: 'user-7', type: 'UserUpdated', data: { userId: 7, changes: { lastName: 'Byron' } } }),
    ).toEqual({
      lastName: 'Byron',
    });
    expect(namingFieldsOf({ streamName: 'user-7', type: 'UserLoggedIn', data: { userId: 7 } })).toBeNull();
    expect(
      namingFieldsOf({ streamName: 'form-field-2', type: 'FormFieldOptionAdded', data: { optionId: 1, label: 'A' } }),
    ).toBeNull();
    expect(namingFieldsOf({ streamName: 'yearly-target-2026', type: 'YearlyTargetCreated', data: { year: 2026 } })).toBeNull();
  });

  it('names a record by its fields, a target after its person, a fiscal year by its year, else by kind and id', () => {
    expect(nameFrom({ firstName: 'Ada', lastName: 'Byron' })).toBe('Ada Byron');
    expect(nameFrom({ trainingName: 'Safety' })).toBe('Safety');
    expect(auditRecordName('user-targets', '7-2026', 'Ada Byron')).toBe('Target of Ada Byron for 2026');
    expect(auditRecordName('fiscal-years', '2026', null)).toBe('Fiscal year 2026');
    expect(auditRecordName('departments', '3', null)).toBe('Departments 3');
    expect(namingStreamOf('user-targets', '7-2026')).toBe('user-7');
    expect(namingStreamOf('fiscal-years', '2026')).toBeNull();
  });
});

describe('actingUserId', () => {
  const signedOut = { actorId: null };
  it('is the signed-in actor, else the account holder for their own acts, else nobody', () => {
    expect(actingUserId({ type: 'EntryLogged', data: { userId: 3 }, metadata: { actorId: '9' } })).toBe(9);
    expect(actingUserId({ type: 'UserLoggedIn', data: { userId: 3 }, metadata: signedOut })).toBe(3);
    expect(actingUserId({ type: 'PasswordResetCompleted', data: { userId: 3 }, metadata: signedOut })).toBe(3);
    expect(actingUserId({ type: 'PasswordResetRequested', data: { userId: 3 }, metadata: signedOut })).toBeNull();
    expect(actingUserId({ type: 'UserCreated', data: { userId: 1 }, metadata: signedOut })).toBeNull();
  });
});
