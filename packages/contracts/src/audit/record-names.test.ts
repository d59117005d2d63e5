import { describe, expect, it } from 'vitest';
import { actingUserId } from './actors';
import { evolveSnapshot } from './history';
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

  it('states of each event what its flattened fields state, without flattening them', () => {
    const events = [
      {
        streamName: 'entry-3',
        type: 'EntryLogged',
        data: { entryId: 3, trainingName: 'Safety', customFields: { trainingName: 'x' } },
      },
      { streamName: 'entry-3', type: 'EntryEdited', data: { entryId: 3, trainingName: ['Fire', 'Safety'], hours: '2' } },
      { streamName: 'entry-3', type: 'EntryDeleted', data: { entryId: 3 } },
      { streamName: 'user-7', type: 'UserCreated', data: { userId: 7, firstName: 'Ada', lastName: 'Byron', managerId: null } },
      {
        streamName: 'user-7',
        type: 'UserUpdated',
        data: { userId: 7, firstName: 'not', changes: { firstName: 'Ann', lastName: 3 } },
      },
      { streamName: 'user-7', type: 'UserUpdated', data: { userId: 7 } },
      { streamName: 'department-2', type: 'DepartmentRenamed', data: { departmentId: 2, name: 'Ops', previousName: 'IT' } },
      { streamName: 'department-2', type: 'DepartmentCreated', data: null },
      { streamName: 'form-field-2', type: 'FormFieldCreated', data: { fieldId: 2, label: 'Venue', options: [] } },
      { streamName: 'form-field-2', type: 'FormFieldOptionEdited', data: { fieldId: 2, optionId: 1, label: 'B', value: 'b' } },
    ];
    const flattened = (event: (typeof events)[number]) => {
      const snapshot = evolveSnapshot({}, event);
      const stated = ['firstName', 'lastName', 'trainingName', 'name', 'label'].filter(
        (name) => typeof snapshot[name] === 'string',
      );
      return stated.length === 0 ? null : Object.fromEntries(stated.map((name) => [name, snapshot[name]]));
    };
    for (const event of events) expect(namingFieldsOf(event), event.type).toEqual(flattened(event));
    expect(events.map(namingFieldsOf).filter(Boolean)).toHaveLength(6);
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
