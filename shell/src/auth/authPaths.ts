import { RESET_TOKEN_PATTERN } from '@tht/contracts';

export const AUTH_PATH = '/auth';
export const RESET_PATH = '/auth?tab=reset';

/** A reset token is 64 lowercase hex characters; key inputs take no more. */
export const RESET_TOKEN_LENGTH = 64;

export type AuthView = 'login' | 'register' | 'reset' | 'reset-confirm';

export function resetConfirmPath(token: string): string {
  return `${AUTH_PATH}?token=${token}`;
}

/**
 * The auth page's state named by its URL (SPEC section 2): a 64-hex `token` opens reset-confirm,
 * `tab=reset` the reset request, `tab=register` registration, anything else the login tab.
 */
export function authViewOf(search: URLSearchParams): { view: AuthView; token: string | null } {
  const token = search.get('token');
  if (token && RESET_TOKEN_PATTERN.test(token)) return { view: 'reset-confirm', token };
  const tab = search.get('tab');
  if (tab === 'reset') return { view: 'reset', token: null };
  if (tab === 'register') return { view: 'register', token: null };
  return { view: 'login', token: null };
}
