import { describe, it } from 'vitest';
import { projectionSpec } from '../framework/testing/projection-spec';
import { eventRecorder } from '../framework/testing/recorded-events';
import { passwordResetsProjector } from './password-resets-projector';

const spec = projectionSpec(passwordResetsProjector);

const at = (minutes: number) => new Date(Date.parse('2026-01-05T09:00:00.000Z') + minutes * 60_000).toISOString();
const recorded = eventRecorder(at(0));
/** A reset asked for at `minute`, its token valid for 15 minutes. */
const requested = (userId: number, tokenHash: string, minute: number) =>
  recorded('PasswordResetRequested', { userId, tokenHash, expiresAt: at(minute + 15) }, at(minute));

describe('passwordResetsProjector', () => {
  it('given reset requests, keeps every token of each account', async () => {
    await spec
      .given(requested(1, 'a1', 0), requested(1, 'a2', 1))
      .when(requested(2, 'b1', 1))
      .thenRows('password_resets', [
        { token_hash: 'a1', user_id: 1, expires_at: at(15) },
        { token_hash: 'a2', user_id: 1, expires_at: at(16) },
        { token_hash: 'b1', user_id: 2, expires_at: at(16) },
      ]);
  });

  it("when one token is used, ends every token of that account asked for before, and keeps a later one's", async () => {
    await spec
      .given(requested(1, 'a1', 0), requested(1, 'a2', 1), requested(2, 'b1', 1))
      .when(recorded('PasswordResetCompleted', { userId: 1, passwordHash: 'h' }, at(3)), requested(1, 'a3', 4))
      .thenRows('password_resets', [
        { token_hash: 'a3', user_id: 1 },
        { token_hash: 'b1', user_id: 2 },
      ]);
  });

  it('when the password changes, is set by an admin, or the account is deleted, ends its tokens', async () => {
    await spec
      .given([requested(2, 'b1', 1), requested(3, 'c1', 2)], requested(4, 'd1', 3), requested(5, 'e1', 4))
      .when(
        recorded('PasswordChanged', { userId: 2, passwordHash: 'h' }, at(5)),
        recorded('TemporaryPasswordSet', { userId: 3, passwordHash: 'h' }, at(6)),
        recorded('UserDeleted', { userId: 4, email: 'd@example.com' }, at(8)),
      )
      .thenRows('password_resets', [{ token_hash: 'e1', user_id: 5, expires_at: at(19) }]);
  });

  it('drops the tokens expired by the time of a later request', async () => {
    await spec
      .given(requested(1, 'a3', 4), requested(5, 'e1', 9))
      .when(requested(6, 'f1', 25))
      .thenRows('password_resets', [{ token_hash: 'f1', user_id: 6, expires_at: at(40) }]);
  });
});
