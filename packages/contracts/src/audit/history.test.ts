import { describe, expect, it } from 'vitest';
import {
  describeHistoryItem,
  formatHistoryTime,
  evolveSnapshot,
  fieldChanges,
  flattenFields,
  historyItems,
  parseHistoryKey,
  type HistoryEvent,
} from './history';

let position = 0;
const event = (type: string, data: unknown, actorId: string | null = '1'): HistoryEvent => ({
  type,
  data,
  globalPosition: String(++position).padStart(4, '0'),
  metadata: { actorId, occurredAt: `2026-03-12T14:0${position % 10}:00.000Z` },
});

const entry = { entryId: 9, userId: 3, trainingName: 'Safety', hours: '2', notes: '', customFields: { venue: 'Leeds' } };

describe('field changes', () => {
  it('flattens nested fields and leaves out ids and the actor', () => {
    expect(flattenFields({ entryId: 9, setBy: 1, hours: '2', customFields: { venue: 'Leeds', tags: ['a', 'b'] } })).toEqual({
      hours: '2',
      'customFields.venue': 'Leeds',
      'customFields.tags': 'a, b',
    });
  });

  it('lists only the fields that differ, with before and after (null where absent)', () => {
    expect(fieldChanges({ hours: '2', notes: 'x', venue: 'Leeds' }, { hours: '3.5', notes: 'x', room: 'B' })).toEqual([
      { field: 'hours', before: '2', after: '3.5' },
      { field: 'venue', before: 'Leeds', after: null },
      { field: 'room', before: null, after: 'B' },
    ]);
  });

  it('never shows a secret, only that it changed', () => {
    expect(fieldChanges({ passwordHash: 'old-hash' }, { passwordHash: 'new-hash' })).toEqual([
      { field: 'password', secret: true, text: 'password changed' },
    ]);
    expect(fieldChanges({}, { tokenHash: 'abc' })).toEqual([
      { field: 'password reset link', secret: true, text: 'password reset link sent' },
    ]);
  });
});

describe('record history', () => {
  it('given an entry logged, edited and deleted: its changes oldest first, named actors, not whose the manager name is', () => {
    const items = historyItems(
      [
        event('EntryLogged', { ...entry, managerId: 5 }, '3'),
        event('EntryEdited', { ...entry, hours: '3.5', customFields: {}, managerId: null }, '1'),
        event('EntryDeleted', { entryId: 9, userId: 3 }, '3'),
      ],
      new Map([
        [1, 'Ann Lee'],
        [3, 'Bo Chen'],
      ]),
    );
    expect(items.map((i) => [i.event, i.actor.name, i.changes])).toEqual([
      [
        'EntryLogged',
        'Bo Chen',
        [
          { field: 'userId', before: null, after: 3 },
          { field: 'trainingName', before: null, after: 'Safety' },
          { field: 'hours', before: null, after: '2' },
          { field: 'notes', before: null, after: '' },
          { field: 'customFields.venue', before: null, after: 'Leeds' },
        ],
      ],
      [
        'EntryEdited',
        'Ann Lee',
        [
          { field: 'hours', before: '2', after: '3.5' },
          { field: 'customFields.venue', before: 'Leeds', after: null },
        ],
      ],
      ['EntryDeleted', 'Bo Chen', []],
    ]);
    expect(describeHistoryItem(items[1]!)).toBe('Ann Lee changed hours 2 -> 3.5, removed venue (was Leeds)');
    expect(describeHistoryItem(items[2]!)).toBe('Bo Chen: entry deleted');
    expect(describeHistoryItem(items[0]!)).toBe('Bo Chen: entry logged');
  });

  it('given a user changed piecewise: merges the change sets and hides password hashes', () => {
    const user = {
      userId: 4,
      email: 'a@x.com',
      firstName: 'Ann',
      lastName: 'Lee',
      role: 'employee',
      passwordHash: 'h1',
      firstLoginRequired: true,
    };
    const items = historyItems(
      [
        event('UserCreated', user, null),
        event('UserUpdated', { userId: 4, changes: { role: 'manager' } }),
        event('PasswordChanged', { userId: 4, passwordHash: 'h2' }, '4'),
        event('UserLoggedIn', { userId: 4 }, '4'),
      ],
      new Map(),
    );
    expect(items[0]!.actor).toEqual({ id: null, name: null });
    expect(items[0]!.changes).toContainEqual({ field: 'password', secret: true, text: 'password changed' });
    expect(JSON.stringify(items)).not.toContain('h1');
    expect(items[1]!.changes).toEqual([{ field: 'role', before: 'employee', after: 'manager' }]);
    expect(items[2]!.changes).toEqual([{ field: 'password', secret: true, text: 'password changed' }]);
    expect(items[3]!.changes).toEqual([]);
    expect(describeHistoryItem(items[2]!)).toBe('User 4 password changed');
    expect(describeHistoryItem(items[0]!)).toBe('The system: user created');
    expect(describeHistoryItem(items[1]!)).toBe('User 1 changed role employee -> manager');
  });

  it('given form field options added, edited and deleted: one line per option', () => {
    let snapshot = evolveSnapshot(
      {},
      { type: 'FormFieldAdded', data: { fieldId: 2, name: 'venue', label: 'Venue', type: 'select', required: false, order: 1 } },
    );
    snapshot = evolveSnapshot(snapshot, {
      type: 'FormFieldOptionAdded',
      data: { fieldId: 2, optionId: 5, value: 'ldn', label: 'London', order: 1 },
    });
    const edited = evolveSnapshot(snapshot, {
      type: 'FormFieldOptionEdited',
      data: { fieldId: 2, optionId: 5, value: 'ldn', label: 'London HQ' },
    });
    expect(fieldChanges(snapshot, edited)).toEqual([{ field: 'option 5', before: 'London (ldn)', after: 'London HQ (ldn)' }]);
    const deleted = evolveSnapshot(edited, { type: 'FormFieldOptionDeleted', data: { fieldId: 2, optionId: 5 } });
    expect(fieldChanges(edited, deleted)).toEqual([{ field: 'option 5', before: 'London HQ (ldn)', after: null }]);
  });

  it('given a department renamed: the name before and after, not its previousName field', () => {
    const items = historyItems(
      [
        event('DepartmentCreated', { departmentId: 1, name: 'Sales' }),
        event('DepartmentRenamed', { departmentId: 1, name: 'Sales EU', previousName: 'Sales' }),
      ],
      new Map([[1, 'Ann Lee']]),
    );
    expect(items[1]!.changes).toEqual([{ field: 'name', before: 'Sales', after: 'Sales EU' }]);
  });
});

describe('history addresses', () => {
  it('reads numeric ids, years and <userId>-<year> for a person target', () => {
    expect(parseHistoryKey('entries', '12')).toEqual({ kind: 'entries', id: 12 });
    expect(parseHistoryKey('fiscal-years', '2026')).toEqual({ kind: 'fiscal-years', id: 2026 });
    expect(parseHistoryKey('user-targets', '7-2026')).toEqual({ kind: 'user-targets', userId: 7, year: 2026 });
    for (const bad of ['0', '-1', '1.5', 'x', '07', '12345678901']) expect(parseHistoryKey('users', bad)).toBeNull();
    expect(parseHistoryKey('user-targets', '7')).toBeNull();
    expect(parseHistoryKey('xapi-clients', '3F2A8C1E-9B7D-4E21-A0C4-5D6E7F809A1B')).toEqual({
      kind: 'xapi-clients',
      clientId: '3f2a8c1e-9b7d-4e21-a0c4-5d6e7f809a1b',
    });
    for (const bad of ['12', '3f2a8c1e-9b7d-4e21-a0c4', 'x']) expect(parseHistoryKey('xapi-clients', bad)).toBeNull();
  });
});

describe('history times', () => {
  it('reads day, short month, year and 24-hour time in the given zone', () => {
    expect(formatHistoryTime('2026-03-12T14:02:59.000Z', 'UTC')).toBe('12 Mar 2026 14:02');
    expect(formatHistoryTime('2026-03-12T23:30:00.000Z', 'Europe/Berlin')).toBe('13 Mar 2026 00:30');
  });
});
