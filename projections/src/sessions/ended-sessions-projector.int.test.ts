import { describe, it } from 'vitest';
import { projectionSpec } from '../framework/testing/projection-spec';
import { eventRecorder } from '../framework/testing/recorded-events';
import { endedSessionsProjector } from './ended-sessions-projector';

const spec = projectionSpec(endedSessionsProjector);

const recorded = eventRecorder('2026-01-05T09:00:00.000Z');
const loggedIn = (userId: number, sessionId: string) => recorded('UserLoggedIn', { userId, sessionId });
const loggedOut = (userId: number, sessionId: string, sessionExpiresAt: string, at?: string) =>
  recorded('UserLoggedOut', { userId, sessionId, sessionExpiresAt }, at);

describe('endedSessionsProjector', () => {
  it('given sign-ins, when one session logs out, lists that session until its tokens expire', async () => {
    await spec
      .given(loggedIn(1, 'phone'), loggedIn(1, 'laptop'))
      .when(loggedOut(1, 'phone', '2026-01-12T09:00:00.000Z'))
      .thenRows('ended_sessions', [{ session_id: 'phone', user_id: 1, expires_at: '2026-01-12T09:00:00.000Z' }]);
  });

  it('lists neither a logout older than sessions nor "sign out everywhere" (the token version ends those)', async () => {
    await spec
      .given(loggedIn(2, 'desk'))
      .when(recorded('UserLoggedOut', { userId: 2 }), recorded('UserLoggedOutEverywhere', { userId: 2 }))
      .thenRows('ended_sessions', []);
  });

  it('keeps one row for a session logged out twice (two requests at once)', async () => {
    await spec
      .given(loggedOut(3, 'tablet', '2026-01-06T09:00:00.000Z'))
      .when(loggedOut(3, 'tablet', '2026-01-06T09:00:00.000Z'))
      .thenRows('ended_sessions', [{ session_id: 'tablet', user_id: 3 }]);
  });

  it('when a later logout comes after a listed session expired, drops that session', async () => {
    await spec
      .given([loggedOut(1, 'phone', '2026-01-12T09:00:00.000Z'), loggedOut(3, 'tablet', '2026-01-06T09:00:00.000Z')])
      .when(loggedOut(4, 'desk', '2026-01-14T09:00:00.000Z', '2026-01-07T09:00:00.000Z'))
      .thenRows('ended_sessions', [
        { session_id: 'desk', user_id: 4, expires_at: '2026-01-14T09:00:00.000Z' },
        { session_id: 'phone', user_id: 1, expires_at: '2026-01-12T09:00:00.000Z' },
      ]);
  });

  it('keeps a session a few minutes past its expiry, for clocks that differ', async () => {
    await spec
      .given()
      .when(loggedOut(3, 'tablet', '2026-01-06T09:00:00.000Z', '2026-01-06T09:04:00.000Z'))
      .thenRows('ended_sessions', [{ session_id: 'tablet', user_id: 3, expires_at: '2026-01-06T09:00:00.000Z' }]);
  });
});
