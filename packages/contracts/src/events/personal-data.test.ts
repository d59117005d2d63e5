import { describe, expect, it } from 'vitest';
import { erasedValue, isErasedPerson, PERSONAL_FIELDS, personalValuesOf } from './personal-data';
import { PRODUCT_EVENT_TYPES } from './product-events';

const found = (type: string, data: unknown) =>
  personalValuesOf(type, data).map(({ holder, key, kind, ownerId }) => [key, holder[key], kind, ownerId]);

describe('personal data in events', () => {
  it('judges every event type', () => {
    expect(Object.keys(PERSONAL_FIELDS).sort()).toEqual([...PRODUCT_EVENT_TYPES].sort());
  });

  it('finds a profile’s values, the picked manager’s name being the manager’s and a typed one the person’s own', () => {
    const profile = {
      userId: 7,
      email: 'a@b.c',
      firstName: 'Ada',
      lastName: 'L',
      managerName: 'Grace H',
      managerId: 3,
      role: 'employee',
    };
    expect(found('UserCreated', profile)).toEqual([
      ['email', 'a@b.c', 'email', 7],
      ['firstName', 'Ada', 'firstName', 7],
      ['lastName', 'L', 'lastName', 7],
      ['managerName', 'Grace H', 'fullName', 3],
    ]);
    expect(found('UserCreated', { ...profile, managerId: null, managerName: 'Someone typed' })).toContainEqual([
      'managerName',
      'Someone typed',
      'fullName',
      7,
    ]);
    expect(found('UserUpdated', { userId: 7, changes: { managerId: 4, managerName: 'Max M', role: 'hr' } })).toEqual([
      ['managerName', 'Max M', 'fullName', 4],
    ]);
  });

  it('finds every custom value of an entry, none that is null, and nothing in events without personal data', () => {
    const entry = {
      entryId: 1,
      userId: 7,
      notes: '',
      customFields: { Mentor: 'Bo', Format: null, Count: 3 },
      trainingName: 'Excel',
    };
    expect(found('EntryLogged', entry)).toEqual([
      ['notes', '', 'text', 7],
      ['Mentor', 'Bo', 'text', 7],
      ['Count', 3, 'text', 7],
    ]);
    expect(found('DepartmentCreated', { departmentId: 1, name: 'Sales' })).toEqual([]);
    expect(found('Unknown', { email: 'a@b.c' })).toEqual([]);
  });

  it('gives an entry’s manager name to the account it names, and typed text naming no one to the entry’s owner', () => {
    const entry = { entryId: 1, userId: 7, managerName: 'Grace H', customFields: {} };
    expect(found('EntryLogged', { ...entry, managerId: 3 })).toEqual([['managerName', 'Grace H', 'fullName', 3]]);
    expect(found('EntryEdited', { ...entry, managerId: 3 })).toEqual([['managerName', 'Grace H', 'fullName', 3]]);
    // Nothing matched (null), or an event written before the id was recorded (absent): the owner's.
    expect(found('EntryEdited', { ...entry, managerId: null })).toEqual([['managerName', 'Grace H', 'fullName', 7]]);
    expect(found('EntryLogged', entry)).toEqual([['managerName', 'Grace H', 'fullName', 7]]);
  });

  it('says what an erased value reads as, and recognises an erased person', () => {
    expect(['firstName', 'lastName', 'fullName', 'email', 'text'].map((kind) => erasedValue(kind as never, 12))).toEqual([
      'Erased',
      'person #12',
      'Erased person #12',
      'erased-person-12@erased.invalid',
      '[erased]',
    ]);
    expect(isErasedPerson({ id: 12, firstName: 'Erased', lastName: 'person #12' })).toBe(true);
    expect(isErasedPerson({ id: 13, firstName: 'Erased', lastName: 'person #12' })).toBe(false);
  });
});
