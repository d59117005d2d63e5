import { toIsoDate } from './dates';

/** The date filters of entry tables: all, last 7, 30 or 90 days, this year. */
export const ENTRY_DATE_FILTERS = ['all', 'last-7-days', 'last-30-days', 'last-90-days', 'this-year'] as const;
export type EntryDateFilter = (typeof ENTRY_DATE_FILTERS)[number];

export const ENTRY_DATE_FILTER_LABELS: Readonly<Record<EntryDateFilter, string>> = {
  all: 'All time',
  'last-7-days': 'Last 7 days',
  'last-30-days': 'Last 30 days',
  'last-90-days': 'Last 90 days',
  'this-year': 'This year',
};

/** The type filter of entry tables: innovative (Be Innovative) or standard entries. */
export const ENTRY_TYPE_FILTERS = ['all', 'innovative', 'standard'] as const;
export type EntryTypeFilter = (typeof ENTRY_TYPE_FILTERS)[number];

export const ENTRY_TYPE_FILTER_LABELS: Readonly<Record<EntryTypeFilter, string>> = {
  all: 'All types',
  innovative: 'Innovative',
  standard: 'Standard',
};

const DAYS_BACK: Partial<Record<EntryDateFilter, number>> = {
  'last-7-days': 7,
  'last-30-days': 30,
  'last-90-days': 90,
};

function localIsoDate(day: Date): string {
  return toIsoDate(day.getFullYear(), day.getMonth() + 1, day.getDate());
}

/**
 * Whether an entry dated `date` (YYYY-MM-DD) passes the date filter on `today` (the user's local
 * calendar day). Decision: 'last N days' runs from N days before today up to and including today,
 * so entries dated in the future only show under 'all' and 'this year'.
 */
export function matchesDateFilter(date: string, filter: EntryDateFilter, today: Date = new Date()): boolean {
  if (filter === 'all') return true;
  if (filter === 'this-year') return date.startsWith(`${today.getFullYear()}-`);
  const days = DAYS_BACK[filter] ?? 0;
  const from = localIsoDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() - days));
  return date >= from && date <= localIsoDate(today);
}

export function matchesTypeFilter(entry: { beInnovative: boolean }, filter: EntryTypeFilter): boolean {
  if (filter === 'all') return true;
  return filter === 'innovative' ? entry.beInnovative : !entry.beInnovative;
}
