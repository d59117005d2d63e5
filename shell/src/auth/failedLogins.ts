import { ACCOUNT_MESSAGES, normaliseEmail } from '@tht/contracts';

/** Consecutive wrong-password failures for one username. */
export type FailedLogins = { username: string; count: number };

export const NO_FAILED_LOGINS: FailedLogins = { username: '', count: 0 };

const WRONG_PASSWORD_MARKER = 'password you entered is incorrect';
const ATTEMPTS_BEFORE_HINT = 3;

/**
 * Counts a failed login and picks the message to show: a wrong password for the same username
 * counts up and, from the third, becomes the multiple-attempts hint; a different username starts
 * again at one; any other error resets the count.
 */
export function recordFailedLogin(
  previous: FailedLogins,
  username: string,
  message: string,
): { failures: FailedLogins; message: string } {
  if (!message.includes(WRONG_PASSWORD_MARKER)) return { failures: NO_FAILED_LOGINS, message };
  const normalised = normaliseEmail(username);
  const count = previous.username === normalised ? previous.count + 1 : 1;
  return {
    failures: { username: normalised, count },
    message: count >= ATTEMPTS_BEFORE_HINT ? ACCOUNT_MESSAGES.multipleFailedAttempts : message,
  };
}
