import type { AccountEvent } from '@tht/contracts';
import type { ProjectedEvent } from '../framework/projector';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersProjector, type UserRow } from './users-projector';

let database: TestDatabase;
let position = 0;
const streamVersions = new Map<string, number>();

function recorded(event: AccountEvent, occurredAt = '2026-01-05T09:00:00.000Z'): ProjectedEvent {
  const streamName = 'userId' in event.data ? `user-${event.data.userId}` : 'department-1';
  const streamVersion = (streamVersions.get(streamName) ?? -1) + 1;
  streamVersions.set(streamName, streamVersion);
  position += 1;
  return {
    ...event,
    metadata: { actorId: null, correlationId: 'test', occurredAt, schemaVersion: 1 },
    eventId: `event-${position}`,
    streamName,
    streamVersion,
    globalPosition: String(position).padStart(20, '0'),
  };
}

const profile = (userId: number, overrides: Partial<AccountEvent['data']> = {}) => ({
  userId,
  email: `user${userId}@example.com`,
  firstName: `First${userId}`,
  lastName: `Last${userId}`,
  role: 'employee' as const,
  managerId: null,
  managerName: null,
  department: 'Engineering',
  passwordHash: `$argon2id$hash-${userId}`,
  ...overrides,
});

/** A history touching every event type and every cross-row rule. */
function history(): ProjectedEvent[] {
  streamVersions.clear();
  return [
    recorded(
      { type: 'UserCreated', data: { ...profile(1, { role: 'admin' }), firstLoginRequired: false } },
      '2026-01-01T08:00:00.000Z',
    ),
    recorded({ type: 'UserRegistered', data: profile(2, { managerId: 1, managerName: 'First1 Last1' }) }),
    recorded({ type: 'UserLoggedIn', data: { userId: 2 } }, '2026-01-06T10:00:00.000Z'),
    recorded({
      type: 'UserCreated',
      data: { ...profile(3, { managerId: 2, managerName: 'First2 Last2' }), firstLoginRequired: true },
    }),
    recorded({
      type: 'UserCreated',
      data: { ...profile(4, { managerId: 2, managerName: 'First2 Last2', department: 'Sales' }), firstLoginRequired: true },
    }),
    recorded({ type: 'UserUpdated', data: { userId: 2, changes: { firstName: 'Grace', role: 'manager' } } }),
    recorded({ type: 'DepartmentRenamed', data: { departmentId: 1, name: 'R&D', previousName: 'Engineering' } }),
    recorded({ type: 'PasswordChanged', data: { userId: 3, passwordHash: '$argon2id$changed' } }),
    recorded({ type: 'PasswordResetRequested', data: { userId: 4, tokenHash: 'abc', expiresAt: '2026-01-05T09:15:00.000Z' } }),
    recorded({ type: 'UserLoggedOut', data: { userId: 2 } }),
    recorded({ type: 'TemporaryPasswordSet', data: { userId: 2, passwordHash: '$argon2id$temp' } }),
    recorded({ type: 'UserDeleted', data: { userId: 1, email: 'user1@example.com' } }),
    recorded({ type: 'UserLoggedIn', data: { userId: 1 } }),
    recorded({ type: 'PasswordResetCompleted', data: { userId: 4, passwordHash: '$argon2id$reset' } }),
    recorded({ type: 'UserLoggedIn', data: { userId: 3, sessionId: 'phone' } }),
    recorded({ type: 'UserLoggedOut', data: { userId: 3, sessionId: 'phone', sessionExpiresAt: '2026-01-12T09:00:00.000Z' } }),
    recorded({ type: 'UserLoggedOutEverywhere', data: { userId: 4 } }),
    recorded({ type: 'EntryLogged', data: { entryId: 1 } } as never),
  ];
}

async function projectInto(schema: string, batches: ProjectedEvent[][]): Promise<UserRow[]> {
  await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(database.db);
  await usersProjector.migrate(database.db, schema);
  for (const batch of batches) {
    await database.db.transaction().execute((trx) => usersProjector.project(trx, schema, batch));
  }
  return (await database.db.withSchema(schema).selectFrom('users').selectAll().orderBy('id').execute()) as UserRow[];
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database?.drop());

describe('usersProjector', () => {
  it('builds the users from their events', async () => {
    const rows = await projectInto('one_batch', [history()]);
    const byId = new Map(rows.map((row) => [row.id, row]));

    expect(byId.has(1)).toBe(false);
    expect(byId.get(2)).toMatchObject({
      first_name: 'Grace',
      role: 'manager',
      manager_id: null, // their manager was deleted
      manager_name: 'First1 Last1',
      department: 'R&D',
      password_hash: '$argon2id$temp',
      first_login_required: true,
      token_version: 2,
      version: 4,
    });
    expect(new Date(byId.get(2)!.last_login!).toISOString()).toBe('2026-01-06T10:00:00.000Z');
    expect(byId.get(3)).toMatchObject({
      manager_name: 'Grace Last2',
      department: 'R&D',
      first_login_required: false,
      token_version: 1, // the password change; the logout of one session is not the users table's
      version: 3,
    });
    expect(byId.get(4)).toMatchObject({
      manager_name: 'Grace Last2',
      department: 'Sales',
      password_hash: '$argon2id$reset',
      first_login_required: false,
      token_version: 2, // the reset and "sign out everywhere"
    });
  });

  it('gives the same rows whether the events come in one batch or one at a time', async () => {
    const events = history();
    const together = await projectInto('together', [events]);
    const oneByOne = await projectInto(
      'one_by_one',
      events.map((event) => [event]),
    );
    const halves = await projectInto('halves', [events.slice(0, 7), events.slice(7)]);
    expect(oneByOne).toEqual(together);
    expect(halves).toEqual(together);
  });

  it("shows a manager's new name on their reports, also on reports the batch does not otherwise touch", async () => {
    streamVersions.clear();
    const created = [
      recorded({ type: 'UserCreated', data: { ...profile(1, { role: 'manager' }), firstLoginRequired: false } }),
      recorded({ type: 'UserRegistered', data: profile(2, { managerId: 1, managerName: 'First1 Last1' }) }),
      recorded({ type: 'UserRegistered', data: profile(3, { managerId: 1, managerName: 'First1 Last1' }) }),
    ];
    const renamed = [
      recorded({ type: 'UserUpdated', data: { userId: 1, changes: { lastName: 'Hopper' } } }),
      recorded({ type: 'UserLoggedIn', data: { userId: 3 } }),
      recorded({ type: 'UserUpdated', data: { userId: 1, changes: { firstName: 'Grace' } } }),
    ];
    const deleted = [
      recorded({ type: 'UserUpdated', data: { userId: 1, changes: { firstName: 'Amazing Grace' } } }),
      recorded({ type: 'UserDeleted', data: { userId: 1, email: 'user1@example.com' } }),
    ];
    const inBatches = await projectInto('manager_renamed', [created, renamed]);
    expect(inBatches.map((row) => [row.id, row.manager_id, row.manager_name])).toEqual([
      [1, null, null],
      [2, 1, 'Grace Hopper'],
      [3, 1, 'Grace Hopper'],
    ]);
    const afterDeletion = await projectInto('manager_renamed_deleted', [created, renamed, deleted]);
    expect(afterDeletion.map((row) => [row.id, row.manager_id, row.manager_name])).toEqual([
      [2, null, 'Amazing Grace Hopper'],
      [3, null, 'Amazing Grace Hopper'],
    ]);
    const oneByOne = await projectInto(
      'manager_renamed_one_by_one',
      [...created, ...renamed, ...deleted].map((event) => [event]),
    );
    expect(oneByOne).toEqual(afterDeletion);
  });
});
