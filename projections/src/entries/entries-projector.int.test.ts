import { describe, it } from 'vitest';
import { entryEvents } from '../framework/testing/entry-events';
import { projectionSpec } from '../framework/testing/projection-spec';
import { eventRecorder } from '../framework/testing/recorded-events';
import { entriesProjector } from './entries-projector';

const spec = projectionSpec(entriesProjector);

const recorded = eventRecorder('2025-03-01T10:00:00.000Z');

const { logged, edited, deleted } = entryEvents(recorded);

const joined = (userId: number, managerId: number | null, managerName: string | null) =>
  recorded('UserRegistered', {
    userId,
    email: `user${userId}@example.com`,
    firstName: `First${userId}`,
    lastName: `Last${userId}`,
    role: 'employee',
    managerId,
    managerName,
    department: 'Engineering',
    passwordHash: 'hash',
  });
const updated = (userId: number, changes: Parameters<typeof recorded<'UserUpdated'>>[1]['changes']) =>
  recorded('UserUpdated', { userId, changes });

describe('entries projector', () => {
  it('stores a logged entry with hours as text and the creation time from the metadata', async () => {
    await spec
      .given()
      .when(logged(1, 10, { hours: '2.25', customFields: { venue: 'Online' } }, '2025-03-02T09:00:00.000Z'))
      .thenRows('entries', [
        {
          id: 1,
          user_id: 10,
          training_name: 'Risk Management',
          date: '2025-02-28',
          hours: '2.25',
          rating: 4,
          be_innovative: false,
          custom_fields: { venue: 'Online' },
          created_at: '2025-03-02T09:00:00.000Z',
        },
      ]);
  });

  it('keeps the valid until date of a certificate, changed and taken off by edits, none on older events', async () => {
    await spec
      .given(logged(1, 10, { validUntil: '2027-02-28' }), logged(2, 10, { validUntil: '2026-06-30' }), logged(3, 10))
      .when([edited(1, 10, { validUntil: '2028-01-31' }), edited(2, 10, { validUntil: null })])
      .thenRows('entries', [
        { id: 1, valid_until: '2028-01-31' },
        { id: 2, valid_until: null },
        { id: 3, valid_until: null },
      ]);
  });

  it('keeps the connected system that reported an entry through edits, in separate batches and within one batch', async () => {
    const source = { kind: 'xapi', clientId: 'c1', system: 'Moodle', statementId: 's1' } as const;
    await spec
      .given(logged(1, 10, { source }), logged(2, 10))
      .when(
        [edited(1, 10, { hours: '3' })],
        [logged(3, 10, { source: { ...source, statementId: 's3' } }), edited(3, 10, { hours: '2' })],
      )
      .thenRows('entries', [
        { id: 1, hours: '3', source },
        { id: 2, source: null },
        { id: 3, hours: '2', source: { ...source, statementId: 's3' } },
      ]);
  });

  it('applies edits and deletions, in separate batches and within one batch', async () => {
    await spec
      .given(logged(1, 10), logged(2, 10))
      .when(
        [edited(1, 10, { hours: '3', trainingName: 'Leadership' }, '2025-04-01T00:00:00.000Z'), deleted(2, 10)],
        [logged(3, 10), edited(3, 10, { notes: 'changed' }), logged(4, 10), deleted(4, 10)],
      )
      .thenRows('entries', [
        {
          id: 1,
          training_name: 'Leadership',
          hours: '3',
          notes: '',
          created_at: '2025-03-01T10:00:00.000Z',
          updated_at: '2025-04-01T00:00:00.000Z',
        },
        { id: 3, training_name: 'Risk Management', hours: '1.5', notes: 'changed' },
      ]);
  });

  it("shows a user's new manager and department on all their entries, and only theirs", async () => {
    await spec
      .given(logged(1, 10), logged(2, 10), logged(3, 11))
      .when(updated(10, { managerName: 'Alan Turing', department: 'Research', role: 'manager' }))
      .thenRows('entries', [
        { id: 1, manager_name: 'Alan Turing', department: 'Research' },
        { id: 2, manager_name: 'Alan Turing', department: 'Research' },
        { id: 3, manager_name: 'Grace Hopper', department: 'Engineering' },
      ]);
  });

  const profileChangesInOneBatch = () => [
    [logged(1, 10), edited(1, 10, { notes: 'before' })],
    [
      edited(1, 10, { notes: 'edited' }),
      logged(2, 10),
      updated(10, { managerName: 'Alan Turing' }),
      logged(3, 10, { managerName: 'Typed Later' }),
      updated(10, { managerName: null, lastName: 'King' }),
    ],
  ];

  it('applies a profile change in event order within one batch', async () => {
    const [before, batch] = profileChangesInOneBatch();
    await spec
      .given(before!)
      .when(batch!)
      .thenRows('entries', [
        { id: 1, manager_name: '', last_name: 'Lovelace', notes: 'edited' },
        { id: 2, manager_name: '', last_name: 'Lovelace', notes: '' },
        { id: 3, manager_name: '', last_name: 'Lovelace', notes: '' },
      ]);
  });

  it('after a manager was removed, shows a new one on the earlier entries; an entry logged after names its own', async () => {
    await spec
      .given(...profileChangesInOneBatch())
      .when([updated(10, { managerName: 'Alan Turing' }), logged(4, 10, { managerName: 'Mine' })])
      .thenRows('entries', [
        { id: 1, manager_name: 'Alan Turing' },
        { id: 2, manager_name: 'Alan Turing' },
        { id: 3, manager_name: 'Alan Turing' },
        { id: 4, manager_name: 'Mine' },
      ]);
  });

  it("removes a deleted user's entries, including ones of the same batch", async () => {
    await spec
      .given(logged(1, 10), logged(2, 11))
      .when([logged(3, 10), edited(1, 10), recorded('UserDeleted', { userId: 10, email: 'a@example.com' })])
      .thenRows('entries', [{ id: 2 }]);
  });

  it('follows department renames', async () => {
    await spec
      .given(logged(1, 10, { department: 'Eng' }), logged(2, 11, { department: 'Sales' }))
      .when([
        logged(3, 12, { department: 'Eng' }),
        recorded('DepartmentRenamed', { departmentId: 1, name: 'Engineering', previousName: 'Eng' }),
      ])
      .thenRows('entries', [
        { id: 1, department: 'Engineering' },
        { id: 2, department: 'Sales' },
        { id: 3, department: 'Engineering' },
      ]);
  });

  it('moves custom values along with a renamed field and drops those of a deleted field', async () => {
    await spec
      .given([logged(1, 10, { customFields: { venue: 'Online', cost: 5 } }), logged(2, 10, { customFields: { cost: 7 } })])
      .when([
        logged(3, 10, { customFields: { venue: 'Room 1' } }),
        recorded('FormFieldEdited', {
          fieldId: 1,
          name: 'location',
          previousName: 'venue',
          label: 'Location',
          type: 'text',
          required: false,
        }),
        recorded('FormFieldDeleted', { fieldId: 2, name: 'cost' }),
      ])
      .thenRows('entries', [
        { id: 1, custom_fields: { location: 'Online' } },
        { id: 2, custom_fields: {} },
        { id: 3, custom_fields: { location: 'Room 1' } },
      ]);
  });

  it('ignores events it does not own', async () => {
    await spec
      .given()
      .when(recorded('UserLoggedIn', { userId: 10 }), updated(10, { role: 'hr' }))
      .thenRows('entries', []);
  });

  describe("a manager's new name on the entries of their direct reports", () => {
    const people = () => [
      joined(1, null, null),
      joined(2, 1, 'First1 Last1'),
      joined(3, 1, 'First1 Last1'),
      joined(4, null, 'Typed Boss'),
    ];
    const before = () => [
      logged(1, 2, { managerName: 'First1 Last1' }),
      logged(2, 3, { managerName: 'First1 Last1' }),
      logged(3, 4, { managerName: 'Typed Boss' }),
    ];

    it('when the manager is renamed, shows the new name', async () => {
      await spec
        .given([...people(), ...before()])
        .when(updated(1, { lastName: 'Hopper' }))
        .thenRows('entries', [
          { id: 1, user_id: 2, manager_name: 'First1 Hopper' },
          { id: 2, user_id: 3, manager_name: 'First1 Hopper' },
          { id: 3, user_id: 4, manager_name: 'Typed Boss' },
        ]);
    });

    it('follows a report to a new manager, and keeps the last name of a deleted manager', async () => {
      await spec
        .given([...people(), ...before()], updated(1, { lastName: 'Hopper' }))
        .when(
          [
            updated(3, { managerId: 4, managerName: 'First4 Last4' }),
            updated(1, { firstName: 'Grace' }),
            logged(4, 2, { managerName: 'Typed Later' }),
            updated(4, { firstName: 'Alan', lastName: 'Turing' }),
            recorded('UserDeleted', { userId: 1, email: 'user1@example.com' }),
          ],
          updated(1, { firstName: 'Gone' }),
        )
        .thenRows('entries', [
          { id: 1, user_id: 2, manager_name: 'Grace Hopper' },
          { id: 2, user_id: 3, manager_name: 'Alan Turing' },
          { id: 3, user_id: 4, manager_name: 'Typed Boss' },
          { id: 4, user_id: 2, manager_name: 'Typed Later' },
        ]);
    });
  });

  describe('whose the manager name on an entry is (decision 038)', () => {
    const people = () => [joined(1, null, null), joined(2, 1, 'First1 Last1'), joined(5, null, null)];

    it("keeps the entry's account, a picked manager's, a renamed manager's, and none for typed text", async () => {
      await spec
        .given([...people(), logged(1, 2, { managerName: 'First1 Last1', managerId: 1 }), logged(2, 5, { managerId: null })])
        .when(
          [
            logged(3, 5, { managerName: 'First1 Last1', managerId: 1 }),
            edited(2, 5, { managerName: 'First1 Last1', managerId: 1 }),
          ],
          updated(5, { managerId: 2, managerName: 'First2 Last2' }),
          [updated(2, { managerName: 'Typed Boss' }), updated(1, { lastName: 'Hopper' })],
        )
        .thenRows('entries', [
          { id: 1, user_id: 2, manager_name: 'First1 Hopper', manager_id: 1 },
          { id: 2, user_id: 5, manager_name: 'First2 Last2', manager_id: 2 },
          { id: 3, user_id: 5, manager_name: 'First2 Last2', manager_id: 2 },
        ]);
    });

    it("on erasure, shows the erased person's placeholder wherever the name was theirs, and others' names stay", async () => {
      await spec
        .given([
          ...people(),
          logged(1, 2, { managerName: 'First1 Last1', managerId: 1 }),
          logged(2, 5, { managerName: 'First1 Last1', managerId: 1 }),
          logged(3, 2, { managerName: 'First1 Last1' }),
          logged(4, 5, { managerName: 'Someone Typed', managerId: null }),
          logged(5, 1, { managerName: 'First5 Last5', managerId: 5 }),
          logged(6, 1, { managerName: 'Her Own Text', managerId: null }),
          logged(7, 2, { managerName: 'First5 Last5', managerId: 5 }),
        ])
        .when(recorded('PersonErased', { userId: 1 }))
        .thenRows('entries', [
          // Naming her: her report's, a colleague's, and her report's typed text from before ids were kept.
          { id: 1, manager_name: 'Erased person #1' },
          { id: 2, manager_name: 'Erased person #1' },
          { id: 3, manager_name: 'Erased person #1' },
          { id: 4, manager_name: 'Someone Typed' },
          // Her own entries: her manager's name is his; her own text is erased.
          { id: 5, first_name: 'Erased', manager_name: 'First5 Last5' },
          { id: 6, first_name: 'Erased', manager_name: 'Erased person #1' },
          { id: 7, manager_name: 'First5 Last5' },
        ]);
    });
  });
});
