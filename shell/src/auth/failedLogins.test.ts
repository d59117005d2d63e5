import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@tht/contracts';
import { NO_FAILED_LOGINS, recordFailedLogin, type FailedLogins } from './failedLogins';

const wrong = 'The password you entered is incorrect';

function failTimes(usernames: string[], message = wrong) {
  let failures: FailedLogins = NO_FAILED_LOGINS;
  let shown = '';
  for (const username of usernames) {
    ({ failures, message: shown } = recordFailedLogin(failures, username, message));
  }
  return { failures, shown };
}

describe('recordFailedLogin', () => {
  it('shows the server message for the first two wrong passwords', () => {
    expect(failTimes(['a@example.com', 'a@example.com']).shown).toBe(wrong);
  });

  it('turns the third wrong password for the same username into the multiple-attempts hint', () => {
    expect(failTimes(['a@example.com', 'A@example.com', 'a@example.com']).shown).toBe(ACCOUNT_MESSAGES.multipleFailedAttempts);
  });

  it('starts again for a different username', () => {
    expect(failTimes(['a@example.com', 'a@example.com', 'b@example.com'])).toEqual({
      failures: { username: 'b@example.com', count: 1 },
      shown: wrong,
    });
  });

  it('resets on a different error', () => {
    const { failures } = failTimes(['a@example.com', 'a@example.com']);
    expect(recordFailedLogin(failures, 'a@example.com', 'Too many failed login attempts.')).toEqual({
      failures: NO_FAILED_LOGINS,
      message: 'Too many failed login attempts.',
    });
  });
});
