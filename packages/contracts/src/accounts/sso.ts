import { ACCOUNT_MESSAGES } from './messages';

/**
 * Single sign-on through the organisation's OpenID Connect provider. The browser goes to
 * `SSO_START_PATH`; the provider sends it back to the callback, which signs the person in and sends
 * the browser on to `/auth` with `?sso=<outcome>` or, when the sign-in failed, `?sso_error=<failure>`.
 * Neither ever carries a token. (No zod here: the sign-in page's first chunk imports this.)
 */
export const SSO_START_PATH = '/api/auth/oidc/start';
export const SSO_CALLBACK_PATH = '/api/auth/oidc/callback';
/** The page hands the session the callback set (its httpOnly cookie) over to itself, as a login answer. */
export const SSO_COMPLETE_PATH = '/api/auth/oidc/complete';
/** GET: who is signing in for the first time; POST: their account's department and manager. */
export const SSO_FIRST_SIGN_IN_PATH = '/api/auth/oidc/first-sign-in';

export const SSO_OUTCOME_PARAM = 'sso';
export const SSO_FAILURE_PARAM = 'sso_error';

/** Where the callback sends a browser it signed in, and one whose person has no account yet. */
export const SSO_OUTCOMES = ['signed-in', 'first-sign-in'] as const;
export type SsoOutcome = (typeof SSO_OUTCOMES)[number];

/** Why a single sign-on failed, as the callback names it in `?sso_error=`. */
export const SSO_FAILURES = [
  'unavailable',
  'cancelled',
  'refused',
  'expired',
  'state-mismatch',
  'unverifiable',
  'email-unverified',
  'other-domain',
  'no-account',
  'identity-mismatch',
  'deactivated',
  'internal',
] as const;
export type SsoFailure = (typeof SSO_FAILURES)[number];

export const isSsoFailure = (value: unknown): value is SsoFailure => SSO_FAILURES.includes(value as SsoFailure);

/** The toast's text for each failure; `domain` is the organisation's e-mail domain, when known. */
export function ssoFailureMessage(failure: SsoFailure, domain?: string): string {
  switch (failure) {
    case 'unavailable':
      return 'The sign-in service could not be reached. Please try again in a few minutes.';
    case 'cancelled':
      return 'Sign-in was cancelled at the sign-in service.';
    case 'refused':
      return 'The sign-in service refused the sign-in. If it keeps happening, tell your administrator.';
    case 'expired':
      return 'That sign-in has expired or was already used. Please sign in again.';
    case 'state-mismatch':
      return 'That answer from the sign-in service does not belong to the sign-in started in this browser. Please sign in again.';
    case 'unverifiable':
      return "The sign-in service's answer could not be verified. Please sign in again; if it keeps happening, tell your administrator.";
    case 'email-unverified':
      return 'Your account at the sign-in service has no verified e-mail address. Ask your IT team to verify it.';
    case 'other-domain':
      return `Only ${domain ? `@${domain}` : 'work'} accounts can sign in here. Sign in at the sign-in service with your work account.`;
    case 'no-account':
      return 'There is no account for your e-mail address yet. Ask an administrator to create one.';
    case 'identity-mismatch':
      return SSO_MESSAGES.identityMismatch;
    case 'deactivated':
      return ACCOUNT_MESSAGES.accountDeactivated;
    case 'internal':
      return 'Signing in failed on our side. Please try again; if it keeps happening, tell your administrator.';
  }
}

export const SSO_MESSAGES = {
  notConfigured: 'Single sign-on is not configured',
  passwordSignInOff: "Password sign-in is turned off: use your organisation's sign-in button.",
  registrationOff: "Registration is turned off: sign in with your organisation's account instead.",
  noPasswordOnAccount: "This account has no password: sign in with your organisation's sign-in button.",
  identityMismatch: 'This account is linked to another identity at the sign-in service. Ask an administrator.',
  firstSignInExpired: 'Your sign-in has expired. Please sign in again.',
  /** POST /api/auth/oidc/complete without the one-time result of a callback that just ran in this browser. */
  signInResultExpired: 'That sign-in has expired or was already used. Please sign in again.',
  /** The first-sign-in screen of the owner of an address someone had registered with a password. */
  accountClaimed:
    'An account with your address was registered with a password before you first signed in here. It is yours now: its password no longer works. Check your names, and choose your department and manager.',
  accountCreated: 'Welcome to the Training Hours Tracker! Your account is ready.',
} as const;
