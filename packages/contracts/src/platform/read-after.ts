/**
 * The consistency token of read-your-writes across API processes. A response to a request that
 * appended events carries `x-read-after: <token>` naming the newest log position its events
 * reached; a request sending a token is answered only from read models (and bodies kept in memory)
 * that include that position. Clients treat the token as opaque: keep the newest one seen
 * (`newerReadAfter`) and send it back.
 *
 * Form: `v1.` and the event store's global position (20 digits, `-`, 20 digits; the PostgreSQL and
 * KurrentDB stores both write it so), so two tokens of one version also compare as plain strings.
 */
export const READ_AFTER_HEADER = 'x-read-after';

const TOKEN_PREFIX = 'v1.';
const TOKEN_FORM = /^v1\.(\d{20}-\d{20})$/;

export const READ_AFTER_MESSAGES = {
  malformed: `Malformed ${READ_AFTER_HEADER} header`,
  notReached: 'The data is still being brought up to date. Try again in a moment.',
} as const;

/** The token naming an event store global position. */
export function readAfterToken(globalPosition: string): string {
  return TOKEN_PREFIX + globalPosition;
}

/** The global position a token names; null when it is not a token of this form. */
export function positionOfReadAfter(token: string): string | null {
  return TOKEN_FORM.exec(token)?.[1] ?? null;
}

/** The newer of two tokens; one that is not a token (or absent) loses, null when neither is one. */
export function newerReadAfter(a: string | null | undefined, b: string | null | undefined): string | null {
  const positionA = a ? positionOfReadAfter(a) : null;
  const positionB = b ? positionOfReadAfter(b) : null;
  if (positionA === null) return positionB === null ? null : b!;
  return positionB !== null && positionB > positionA ? b! : a!;
}
