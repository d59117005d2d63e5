import type { SessionLifetime } from '../config';

/**
 * How long a sign-in session and its tokens live (times in seconds since the epoch, as JWTs write
 * them). A session ends `maxSeconds` after sign-in whatever happens; each token expires
 * `idleSeconds` after it was issued, never past the session's end, so a session nobody uses ends
 * with its last token, and one in use gets fresh tokens (`renewalDue`) until its end.
 */

/** A token is renewed once this share of the idle window has passed since it was issued. */
const RENEWAL_SHARE = 1 / 4;

/** Seconds since the epoch (of `ms`, default now). */
export const epochSeconds = (ms: number = Date.now()): number => Math.floor(ms / 1000);

/** When the session signed in at `signedInAt` ends, whatever happens. */
export const sessionEndOf = (signedInAt: number, lifetime: SessionLifetime): number => signedInAt + lifetime.maxSeconds;

/** `sessionEndOf` for a sign-in time as the events and sessions write it (an ISO timestamp or a Date), as an ISO timestamp. */
export const sessionEndIso = (startedAt: string | Date, lifetime: SessionLifetime): string =>
  new Date(new Date(startedAt).getTime() + lifetime.maxSeconds * 1000).toISOString();

/** The expiry of a token issued at `now` to the session signed in at `signedInAt`. */
export function tokenExpiryOf(signedInAt: number, lifetime: SessionLifetime, now: number): number {
  return Math.min(now + lifetime.idleSeconds, sessionEndOf(signedInAt, lifetime));
}

/** A token's times: issued (`iat`), expires (`exp`), and its session's sign-in (`auth_time`). */
export interface TokenTimes {
  iat: number;
  exp: number;
  auth_time: number;
}

/** Whether a request with this token gets a fresh one: a share of its idle window has passed, and a fresh one would live longer. */
export function renewalDue({ iat, exp, auth_time }: TokenTimes, lifetime: SessionLifetime, now: number): boolean {
  return now - iat >= lifetime.idleSeconds * RENEWAL_SHARE && tokenExpiryOf(auth_time, lifetime, now) > exp;
}

/** Whether the session signed in at `signedInAt` is past its maximum (also for a token issued under a longer SESSION_MAX_HOURS). */
export const sessionOver = (signedInAt: number, lifetime: SessionLifetime, now: number): boolean =>
  now >= sessionEndOf(signedInAt, lifetime);
