/** The window of the lists when none is asked for: certificates that expire within 60 days. */
export const CERTIFICATE_WINDOW_DAYS = 60;
/** The widest window a list may ask for. */
export const MAX_CERTIFICATE_WINDOW_DAYS = 366;
/**
 * How long a certificate that was not renewed stays on the lists after its date, shown as
 * "Expired N days ago" (decision 041): long enough for HR to chase a lapse, short enough that a
 * one-off training nobody renews leaves the lists.
 */
export const EXPIRED_CERTIFICATE_LISTED_DAYS = 365;

/** Days left until a certificate's "Valid until" date as a person reads it: valid through that day, expired after. */
export function describeDaysLeft(daysLeft: number): string {
  if (daysLeft === 0) return 'Expires today';
  if (daysLeft > 0) return `Expires in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`;
  const ago = -daysLeft;
  return `Expired ${ago} day${ago === 1 ? '' : 's'} ago`;
}
