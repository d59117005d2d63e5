import useSWR from 'swr';
import type { EntryStats, EntryView } from '@tht/contracts';

export const entriesKey = (userId: number, year: number) => `/api/entries?userId=${userId}&year=${year}`;
export const statsKey = (userId: number, year: number) => `/api/stats?userId=${userId}&year=${year}`;

/** The signed-in user's entries of `year` (nothing is fetched until the user is known). */
export function useOwnEntries(userId: number | undefined, year: number) {
  const { data, error, isLoading } = useSWR<EntryView[]>(userId ? entriesKey(userId, year) : null);
  return { entries: data ?? [], error: error as Error | undefined, isLoading: isLoading || !userId };
}

export function useOwnStats(userId: number | undefined, year: number) {
  const { data, error, isLoading } = useSWR<EntryStats>(userId ? statsKey(userId, year) : null);
  return { stats: data, error: error as Error | undefined, isLoading: isLoading || !userId };
}
