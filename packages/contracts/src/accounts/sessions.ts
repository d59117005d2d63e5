/**
 * Sign-in sessions. A session ends SESSION_MAX_HOURS after its sign-in whatever happens, and
 * SESSION_IDLE_MINUTES after its last request (docs/decisions/030-session-lifetimes.md).
 */

/** SESSION_MAX_HOURS is at most 30 days (OWASP ASVS 3.3.2's ceiling, level 1, for staying signed in). */
export const LONGEST_SESSION_HOURS = 720;

/** An account holds at most this many sessions: a sign-in past it ends the account's oldest session. */
export const MAX_SESSIONS_PER_ACCOUNT = 50;

/**
 * A signed-in request whose token is part-way through its idle window is answered with a fresh
 * token of the same session in this header (and in the sign-in cookie); the browser's client keeps
 * it in local storage in place of the old one. No fresh token outlives the session's maximum.
 */
export const RENEWED_TOKEN_HEADER = 'x-auth-token';
