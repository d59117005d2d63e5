import type { AccountEvent, UserProfileFields } from '@tht/contracts';
import { describe, it } from 'vitest';
import type { ProjectedEvent } from '../framework/projector';
import { projectionSpec } from '../framework/testing/projection-spec';
import { usersProjector } from './users-projector';

const spec = projectionSpec(usersProjector);

let position = 0;
const streamVersions = new Map<string, number>();

/** The event as stored: the next global position and the next version of its user's stream. */
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

const profile = (userId: number, overrides: Partial<UserProfileFields> = {}) => ({
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
    recorded({ type: 'UserRegistered', data: { ...profile(5), passwordHash: null } }),
    recorded({ type: 'SsoIdentityLinked', data: { userId: 5, issuer: 'https://id.example.com', subject: 'sub-5' } }),
    recorded({ type: 'UserLoggedIn', data: { userId: 5, sessionId: 'laptop', provider: 'https://id.example.com' } }),
    recorded({ type: 'SsoIdentityLinked', data: { userId: 4, issuer: 'https://id.example.com', subject: 'sub-4' } }),
    recorded({ type: 'EntryLogged', data: { entryId: 1 } } as never),
  ];
}

/** The users after `history()`: user 1 deleted. */
const USERS_AFTER_HISTORY = [
  {
    id: 2,
    first_name: 'Grace',
    role: 'manager',
    manager_id: null, // their manager was deleted
    manager_name: 'First1 Last1',
    department: 'R&D',
    password_hash: '$argon2id$temp',
    first_login_required: true,
    token_version: 2,
    last_login: '2026-01-06T10:00:00.000Z',
    sso_issuer: null,
    sso_subject: null,
    version: 4,
  },
  {
    id: 3,
    manager_name: 'Grace Last2',
    department: 'R&D',
    first_login_required: false,
    token_version: 1, // the password change; the logout of one session is not the users table's
    version: 3,
  },
  {
    id: 4,
    manager_name: 'Grace Last2',
    department: 'Sales',
    password_hash: '$argon2id$reset',
    first_login_required: false,
    token_version: 2, // the reset and "sign out everywhere"
    sso_issuer: 'https://id.example.com',
    sso_subject: 'sub-4',
    version: 4,
  },
  {
    id: 5,
    password_hash: null, // made by single sign-on: no password
    first_login_required: false,
    sso_issuer: 'https://id.example.com',
    sso_subject: 'sub-5',
    version: 2,
  },
];

describe('usersProjector', () => {
  it('builds the users from their events', async () => {
    const events = history();
    await spec.given(events.slice(0, -1)).when(events.at(-1)!).thenRows('users', USERS_AFTER_HISTORY);
  });

  it('gives the same rows when the history comes in two halves', async () => {
    const events = history();
    await spec.given(events.slice(0, 7)).when(events.slice(7)).thenRows('users', USERS_AFTER_HISTORY);
  });

  it('reflects proven addresses, claims and the placement that follows a claim', async () => {
    streamVersions.clear();
    const issued = (userId: number) =>
      recorded({ type: 'EmailConfirmationIssued', data: { userId, confirmationHash: 'h', expiresAt: '2026-01-06T09:00:00.000Z' } });
    const given = [
      recorded({ type: 'UserCreated', data: { ...profile(1), firstLoginRequired: true } }),
      recorded({ type: 'UserRegistered', data: profile(2) }),
      issued(2),
      recorded({ type: 'UserRegistered', data: profile(3) }),
      issued(3),
      recorded({ type: 'UserRegistered', data: profile(4) }),
      recorded({ type: 'UserRegistered', data: { ...profile(5), passwordHash: null } }),
    ];
    const when = [
      recorded({ type: 'EmailConfirmed', data: { userId: 2, email: 'user2@example.com' } }),
      recorded({ type: 'AccountClaimed', data: { userId: 3, provider: 'https://id.example.com' } }),
      recorded({ type: 'SsoIdentityLinked', data: { userId: 3, issuer: 'https://id.example.com', subject: 'sub-3' } }),
      recorded({ type: 'UserUpdated', data: { userId: 4, changes: { email: 'four@example.com' } } }),
    ];
    const claimed = { id: 3, password_hash: null, first_login_required: false, email_proven: true, placement_required: true };
    await spec
      .given(given)
      .when(when)
      .thenRows('users', [
        { id: 1, email_proven: true, placement_required: false, token_version: 0 },
        { id: 2, email_proven: true, password_hash: '$argon2id$hash-2', token_version: 0 },
        { ...claimed, token_version: 1, sso_subject: 'sub-3' }, // every session of the squatter ends
        { id: 4, email: 'four@example.com', email_proven: true },
        { id: 5, email_proven: true },
      ]);
    const placed = recorded({ type: 'PlacementConfirmed', data: { userId: 3 } });
    await spec
      .given([...given, ...when])
      .when(placed)
      .thenRows('users', [{ id: 1 }, { id: 2 }, { ...claimed, placement_required: false }, { id: 4 }, { id: 5 }]);
  });

  it('marks a deactivated account and ends its sessions; reactivation clears the mark, not the ended sessions', async () => {
    streamVersions.clear();
    const given = [
      recorded({ type: 'UserCreated', data: { ...profile(1), firstLoginRequired: false } }),
      recorded({ type: 'UserCreated', data: { ...profile(2), firstLoginRequired: false } }),
    ];
    const deactivated = recorded({ type: 'UserDeactivated', data: { userId: 2 } }, '2026-02-01T12:00:00.000Z');
    await spec
      .given(given)
      .when(deactivated)
      .thenRows('users', [
        { id: 1, deactivated_at: null, token_version: 0 },
        { id: 2, deactivated_at: '2026-02-01T12:00:00.000Z', token_version: 1 },
      ]);
    // In one batch with a profile change (the row held in memory) as well as alone (written blind).
    const renamed = recorded({ type: 'UserUpdated', data: { userId: 2, changes: { lastName: 'Leaver' } } });
    const reactivated = recorded({ type: 'UserReactivated', data: { userId: 2 } }, '2026-03-01T12:00:00.000Z');
    await spec
      .given([...given, deactivated])
      .when([renamed, reactivated])
      .thenRows('users', [{ id: 1 }, { id: 2, last_name: 'Leaver', deactivated_at: null, token_version: 1 }]);
  });

  it("takes a sign-in on the person's sessions stream as the last sign-in, and the version from the account stream only", async () => {
    streamVersions.clear();
    const created = recorded({ type: 'UserCreated', data: { ...profile(1), firstLoginRequired: false } });
    const renamed = recorded({ type: 'UserUpdated', data: { userId: 1, changes: { lastName: 'Renamed' } } });
    const signedIn = (n: number): ProjectedEvent => ({
      ...recorded({ type: 'UserLoggedIn', data: { userId: 1, sessionId: `s${n}` } }, '2026-02-01T12:00:00.000Z'),
      streamName: 'user-sessions-1',
      streamVersion: n,
    });
    await spec
      .given([created, renamed])
      .when([signedIn(0), signedIn(1), signedIn(2)])
      .thenRows('users', [{ id: 1, last_name: 'Renamed', last_login: '2026-02-01T12:00:00.000Z', version: 1 }]);
  });

  it('leaves a self-registered address unproven until its link is opened', async () => {
    streamVersions.clear();
    await spec
      .given([])
      .when(recorded({ type: 'UserRegistered', data: profile(1) }))
      .thenRows('users', [{ id: 1, email_proven: false, placement_required: false }]);
  });

  describe("a manager's new name on their reports, also on reports the batch does not otherwise touch", () => {
    const created = () => {
      streamVersions.clear();
      return [
        recorded({ type: 'UserCreated', data: { ...profile(1, { role: 'manager' }), firstLoginRequired: false } }),
        recorded({ type: 'UserRegistered', data: profile(2, { managerId: 1, managerName: 'First1 Last1' }) }),
        recorded({ type: 'UserRegistered', data: profile(3, { managerId: 1, managerName: 'First1 Last1' }) }),
      ];
    };
    const renamed = () => [
      recorded({ type: 'UserUpdated', data: { userId: 1, changes: { lastName: 'Hopper' } } }),
      recorded({ type: 'UserLoggedIn', data: { userId: 3 } }),
      recorded({ type: 'UserUpdated', data: { userId: 1, changes: { firstName: 'Grace' } } }),
    ];

    it('when the manager is renamed, shows the new name on every report', async () => {
      await spec
        .given(created())
        .when(renamed())
        .thenRows('users', [
          { id: 1, manager_id: null, manager_name: null },
          { id: 2, manager_id: 1, manager_name: 'Grace Hopper' },
          { id: 3, manager_id: 1, manager_name: 'Grace Hopper' },
        ]);
    });

    it('when the manager is deleted, keeps their last name on the reports', async () => {
      await spec
        .given(created(), renamed())
        .when([
          recorded({ type: 'UserUpdated', data: { userId: 1, changes: { firstName: 'Amazing Grace' } } }),
          recorded({ type: 'UserDeleted', data: { userId: 1, email: 'user1@example.com' } }),
        ])
        .thenRows('users', [
          { id: 2, manager_id: null, manager_name: 'Amazing Grace Hopper' },
          { id: 3, manager_id: null, manager_name: 'Amazing Grace Hopper' },
        ]);
    });
  });
});
