import { describe, it } from 'vitest';
import { projectionSpec } from '../framework/testing/projection-spec';
import { eventRecorder } from '../framework/testing/recorded-events';
import { openSessionsProjector } from './open-sessions-projector';

const spec = projectionSpec(openSessionsProjector);

const recorded = eventRecorder('2026-01-05T09:00:00.000Z');
const loggedIn = (userId: number, sessionId: string, at?: string) => recorded('UserLoggedIn', { userId, sessionId }, at);
const loggedOut = (userId: number, sessionId: string) =>
  recorded('UserLoggedOut', { userId, sessionId, sessionExpiresAt: '2026-01-05T21:00:00.000Z' });

describe('openSessionsProjector', () => {
  it('lists each sign-in with its start until its logout, also one ended as the oldest past the limit', async () => {
    await spec
      .given(loggedIn(1, 'phone', '2026-01-05T08:00:00.000Z'), loggedIn(1, 'laptop'), loggedIn(2, 'desk'))
      .when([
        loggedIn(1, 'tablet'),
        loggedOut(1, 'tablet'),
        loggedOut(1, 'phone'),
        recorded('UserLoggedOut', { userId: 2, sessionId: 'desk', sessionExpiresAt: '2026-01-05T21:00:00.000Z', sessionLimit: 50 }),
      ])
      .thenRows('open_sessions', [{ session_id: 'laptop', user_id: 1, started_at: '2026-01-05T09:00:00.000Z' }]);
  });

  it("ends every earlier session of an account at a new password, sign out everywhere, a claim or its deletion; others' stay", async () => {
    await spec
      .given([loggedIn(1, 'a'), loggedIn(2, 'b'), loggedIn(3, 'c'), loggedIn(4, 'd'), loggedIn(5, 'e'), loggedIn(6, 'f')])
      .when([
        loggedIn(6, 'f2'),
        recorded('PasswordChanged', { userId: 1, passwordHash: 'x' }),
        recorded('TemporaryPasswordSet', { userId: 2, passwordHash: 'x' }),
        recorded('UserLoggedOutEverywhere', { userId: 3 }),
        recorded('UserDeleted', { userId: 4, email: 'd@example.com' }),
        recorded('UserLoggedOut', { userId: 5 }),
        recorded('PasswordResetCompleted', { userId: 6, passwordHash: 'x' }),
        loggedIn(7, 'g'),
        recorded('AccountClaimed', { userId: 7, provider: 'https://login.example.org' }),
        loggedIn(1, 'a2'),
      ])
      .thenRows('open_sessions', [{ session_id: 'a2' }]);
  });

  it('forgets sessions begun longer ago than any session may last (720 hours)', async () => {
    await spec
      .given(loggedIn(1, 'old', '2026-01-01T00:00:00.000Z'), loggedIn(1, 'recent', '2026-01-20T00:00:00.000Z'))
      .when(loggedIn(2, 'new', '2026-01-31T01:00:00.000Z'))
      .thenRows('open_sessions', [{ session_id: 'new' }, { session_id: 'recent' }]);
  });
});
