import useSWR from 'swr';
import type { EntryStats, EntryView } from '@tht/contracts';

export const entriesKey = (userId: number, year: number) => `/api/entries?userId=${userId}&year=${year}`;
export const statsKey = (userId: number, year: number) => `/api/stats?userId=${userId}&year=${year}`;

/** The signed-in user's entries of `year`. */
export function useOwnEntries(userId: number, year: number) {
  const { data, error, isLoading } = useSWR<EntryView[], Error>(entriesKey(userId, year));
  return { entries: data ?? [], error, isLoading };
}

/** GET /api/stats for the signed-in user and `year`. */
export function useOwnStats(userId: number, year: number) {
  const { data, error } = useSWR<EntryStats, Error>(statsKey(userId, year));
  return { stats: data, error };
}
