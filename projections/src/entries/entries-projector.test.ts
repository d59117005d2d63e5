import type { ProjectedEvent } from '../framework/projector';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { entriesProjector, type EntryRow } from './entries-projector';
import { entryEvents } from '../framework/testing/entry-events';
import { eventRecorder } from '../framework/testing/recorded-events';

const SCHEMA = 'read_models';
let database: TestDatabase;

const recorded = eventRecorder('2025-03-01T10:00:00.000Z');

const { logged, edited } = entryEvents(recorded);

async function project(...events: ProjectedEvent[]): Promise<void> {
  await database.db.transaction().execute((trx) => entriesProjector.project(trx, SCHEMA, events));
}

async function rows(): Promise<EntryRow[]> {
  return (await database.db.withSchema(SCHEMA).selectFrom('entries').selectAll().orderBy('id').execute()) as EntryRow[];
}

beforeAll(async () => {
  database = await createTestDatabase();
  await sql`CREATE SCHEMA ${sql.id(SCHEMA)}`.execute(database.db);
  await entriesProjector.migrate(database.db, SCHEMA);
  await entriesProjector.migrate(database.db, SCHEMA); // idempotent
});

afterAll(() => database?.drop());

beforeEach(async () => {
  await sql`TRUNCATE ${sql.table(`${SCHEMA}.entries`)}, ${sql.table(`${SCHEMA}.entry_owners`)}`.execute(database.db);
});

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

describe('entries projector', () => {
  it('stores a logged entry with hours as text and the creation time from the metadata', async () => {
    await project(logged(1, 10, { hours: '2.25', customFields: { venue: 'Online' } }, '2025-03-02T09:00:00.000Z'));
    const [row] = await rows();
    expect(row).toMatchObject({
      id: 1,
      user_id: 10,
      training_name: 'Risk Management',
      date: '2025-02-28',
      hours: '2.25',
      rating: 4,
      be_innovative: false,
      custom_fields: { venue: 'Online' },
    });
    expect(new Date(row!.created_at).toISOString()).toBe('2025-03-02T09:00:00.000Z');
  });

  it('applies edits and deletions, in separate batches and within one batch', async () => {
    await project(logged(1, 10), logged(2, 10));
    await project(
      edited(1, 10, { hours: '3', trainingName: 'Leadership' }, '2025-04-01T00:00:00.000Z'),
      recorded('EntryDeleted', { entryId: 2, userId: 10 }),
    );
    await project(
      logged(3, 10),
      edited(3, 10, { notes: 'changed' }),
      logged(4, 10),
      recorded('EntryDeleted', { entryId: 4, userId: 10 }),
    );
    const result = await rows();
    expect(result.map((row) => [row.id, row.training_name, row.hours, row.notes])).toEqual([
      [1, 'Leadership', '3', ''],
      [3, 'Risk Management', '1.5', 'changed'],
    ]);
    expect(new Date(result[0]!.updated_at).toISOString()).toBe('2025-04-01T00:00:00.000Z');
    expect(new Date(result[0]!.created_at).toISOString()).toBe('2025-03-01T10:00:00.000Z');
  });

  it("shows a user's new manager and department on all their entries, and only theirs", async () => {
    await project(logged(1, 10), logged(2, 10), logged(3, 11));
    await project(
      recorded('UserUpdated', { userId: 10, changes: { managerName: 'Alan Turing', department: 'Research', role: 'manager' } }),
    );
    const result = await rows();
    expect(result.map((row) => [row.id, row.manager_name, row.department])).toEqual([
      [1, 'Alan Turing', 'Research'],
      [2, 'Alan Turing', 'Research'],
      [3, 'Grace Hopper', 'Engineering'],
    ]);
  });

  it('applies a profile change in event order within one batch', async () => {
    await project(logged(1, 10), edited(1, 10, { notes: 'before' }));
    await project(
      edited(1, 10, { notes: 'edited' }),
      logged(2, 10),
      recorded('UserUpdated', { userId: 10, changes: { managerName: 'Alan Turing' } }),
      logged(3, 10, { managerName: 'Typed Later' }),
      recorded('UserUpdated', { userId: 10, changes: { managerName: null, lastName: 'King' } }),
    );
    const result = await rows();
    expect(result.map((row) => [row.id, row.manager_name, row.last_name, row.notes])).toEqual([
      [1, '', 'Lovelace', 'edited'],
      [2, '', 'Lovelace', ''],
      [3, '', 'Lovelace', ''],
    ]);
    await project(
      recorded('UserUpdated', { userId: 10, changes: { managerName: 'Alan Turing' } }),
      logged(4, 10, { managerName: 'Mine' }),
    );
    expect((await rows()).map((row) => row.manager_name)).toEqual(['Alan Turing', 'Alan Turing', 'Alan Turing', 'Mine']);
  });

  it("removes a deleted user's entries, including ones of the same batch", async () => {
    await project(logged(1, 10), logged(2, 11));
    await project(logged(3, 10), edited(1, 10), recorded('UserDeleted', { userId: 10, email: 'a@example.com' }));
    expect((await rows()).map((row) => row.id)).toEqual([2]);
  });

  it('follows department renames', async () => {
    await project(logged(1, 10, { department: 'Eng' }), logged(2, 11, { department: 'Sales' }));
    await project(
      logged(3, 12, { department: 'Eng' }),
      recorded('DepartmentRenamed', { departmentId: 1, name: 'Engineering', previousName: 'Eng' }),
    );
    expect((await rows()).map((row) => row.department)).toEqual(['Engineering', 'Sales', 'Engineering']);
  });

  it('moves custom values along with a renamed field and drops those of a deleted field', async () => {
    await project(logged(1, 10, { customFields: { venue: 'Online', cost: 5 } }), logged(2, 10, { customFields: { cost: 7 } }));
    await project(
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
    );
    expect((await rows()).map((row) => row.custom_fields)).toEqual([{ location: 'Online' }, {}, { location: 'Room 1' }]);
  });

  it('ignores events it does not own', async () => {
    await project(recorded('UserLoggedIn', { userId: 10 }), recorded('UserUpdated', { userId: 10, changes: { role: 'hr' } }));
    expect(await rows()).toEqual([]);
  });

  it("shows a manager's new name on the entries of their direct reports, as if applied one event at a time", async () => {
    const people = [
      joined(1, null, null),
      joined(2, 1, 'First1 Last1'),
      joined(3, 1, 'First1 Last1'),
      joined(4, null, 'Typed Boss'),
    ];
    const before = [
      logged(1, 2, { managerName: 'First1 Last1' }),
      logged(2, 3, { managerName: 'First1 Last1' }),
      logged(3, 4, { managerName: 'Typed Boss' }),
    ];
    const renamed = [recorded('UserUpdated', { userId: 1, changes: { lastName: 'Hopper' } })];
    const movedAndRenamed = [
      recorded('UserUpdated', { userId: 3, changes: { managerId: 4, managerName: 'First4 Last4' } }),
      recorded('UserUpdated', { userId: 1, changes: { firstName: 'Grace' } }),
      logged(4, 2, { managerName: 'Typed Later' }),
      recorded('UserUpdated', { userId: 4, changes: { firstName: 'Alan', lastName: 'Turing' } }),
      recorded('UserDeleted', { userId: 1, email: 'user1@example.com' }),
    ];
    const afterDeletion = [recorded('UserUpdated', { userId: 1, changes: { firstName: 'Gone' } })];
    const managerNames = async () => (await rows()).map((row) => [row.id, row.user_id, row.manager_name]);

    await project(...people, ...before);
    await project(...renamed);
    expect(await managerNames()).toEqual([
      [1, 2, 'First1 Hopper'],
      [2, 3, 'First1 Hopper'],
      [3, 4, 'Typed Boss'],
    ]);
    await project(...movedAndRenamed);
    await project(...afterDeletion);
    const inBatches = await managerNames();
    expect(inBatches).toEqual([
      [1, 2, 'Grace Hopper'],
      [2, 3, 'Alan Turing'],
      [3, 4, 'Typed Boss'],
      [4, 2, 'Typed Later'],
    ]);

    await sql`TRUNCATE ${sql.table(`${SCHEMA}.entries`)}, ${sql.table(`${SCHEMA}.entry_owners`)}`.execute(database.db);
    for (const event of [...people, ...before, ...renamed, ...movedAndRenamed, ...afterDeletion]) await project(event);
    expect(await managerNames()).toEqual(inBatches);
  });
});
