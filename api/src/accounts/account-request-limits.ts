import { ACCOUNT_MESSAGES as M, PASSWORD_RESET_MESSAGES as R } from '@tht/contracts';
import type { RequestLimit } from '../auth/request-limits';

/** Registrations per client address: a team registering together fits, a script filling the organisation does not. */
export const REGISTRATION_LIMIT: RequestLimit = {
  name: 'register-per-address',
  points: 20,
  durationSeconds: 60 * 60,
  message: M.tooManyRequests,
};

/**
 * E-mail checks per client address: the forms check as the visitor types (after 500 ms without a
 * key), so a minute's typing fits easily; enumerating the organisation's addresses does not.
 */
export const EMAIL_CHECK_LIMIT: RequestLimit = {
  name: 'check-email-per-address',
  points: 60,
  durationSeconds: 60,
  message: M.tooManyRequests,
};

/** Reset requests from one client address, whatever the accounts: an office behind one address fits, a sweep of the organisation does not. */
export const RESET_REQUESTS_PER_ADDRESS: RequestLimit = {
  name: 'reset-request-per-address',
  points: 20,
  durationSeconds: 60 * 60,
  message: M.tooManyRequests,
};

/**
 * Reset requests for one address (known or not, so a refusal says nothing about the account),
 * whatever the client: a mailbox is not flooded with links.
 */
export const RESET_REQUESTS_PER_ACCOUNT: RequestLimit = {
  name: 'reset-request-per-account',
  points: 5,
  durationSeconds: 60 * 60,
  message: R.tooManyRequestsForAccount,
};
