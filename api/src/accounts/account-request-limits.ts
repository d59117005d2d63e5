import { ACCOUNT_MESSAGES as M } from '@tht/contracts';
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
