import { RATING_MAX, hoursOf } from './schemas';
import type { EntryView } from './responses';

/** An entry date (YYYY-MM-DD) as people read it, e.g. '14 Mar 2025'. */
export function formatEntryDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  return new Date(year, month - 1, day).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

export function formatEntryHours(entry: Pick<EntryView, 'hours'>): string {
  const hours = hoursOf(entry);
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** '4/5', or 'Not rated' for 0 (storage's "no rating"). */
export function formatRating(rating: number): string {
  return rating > 0 ? `${rating}/${RATING_MAX}` : 'Not rated';
}

/** Every entry is displayed as completed. */
export const ENTRY_STATUS = 'Completed';
