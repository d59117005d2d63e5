import {
  EMAIL_CONFIRMATION_PARAM,
  RESET_TOKEN_PATTERN,
  SSO_FAILURE_PARAM,
  SSO_OUTCOME_PARAM,
  isSsoFailure,
  type SsoFailure,
} from '@tht/contracts';

export const AUTH_PATH = '/auth';
export const RESET_PATH = '/auth?tab=reset';

/** A reset token is 64 lowercase hex characters; key inputs take no more. */
export const RESET_TOKEN_LENGTH = 64;

export type AuthView = 'login' | 'register' | 'reset' | 'reset-confirm' | 'confirm-email' | 'sso-signed-in' | 'sso-first-sign-in';

export function resetConfirmPath(token: string): string {
  return `${AUTH_PATH}?token=${token}`;
}

/**
 * The auth page's state named by its URL: a 64-hex `token` opens reset-confirm, `confirm-email`
 * the confirmation of a registered address (its token, checked by the server),
 * `tab=reset` the reset request, `tab=register` registration, `sso=signed-in` and
 * `sso=first-sign-in` the end of a single sign-on, anything else the login tab.
 */
export function authViewOf(search: URLSearchParams): { view: AuthView; token: string | null } {
  const token = search.get('token');
  if (token && RESET_TOKEN_PATTERN.test(token)) return { view: 'reset-confirm', token };
  const confirmation = search.get(EMAIL_CONFIRMATION_PARAM);
  if (confirmation) return { view: 'confirm-email', token: confirmation };
  const sso = search.get(SSO_OUTCOME_PARAM);
  if (sso === 'signed-in') return { view: 'sso-signed-in', token: null };
  if (sso === 'first-sign-in') return { view: 'sso-first-sign-in', token: null };
  const tab = search.get('tab');
  if (tab === 'reset') return { view: 'reset', token: null };
  if (tab === 'register') return { view: 'register', token: null };
  return { view: 'login', token: null };
}

/** Why a single sign-on failed, when the server sent the browser back to say so (`?sso_error=`). */
export function ssoFailureOf(search: URLSearchParams): SsoFailure | null {
  const failure = search.get(SSO_FAILURE_PARAM);
  return isSsoFailure(failure) ? failure : null;
}
