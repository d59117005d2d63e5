import useSWR from 'swr';
import type { EntryStats, EntryView, RecordHistory } from '@tht/contracts';

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

export const entryHistoryKey = (entryId: number) => `/api/history/entries/${entryId}`;

/** GET /api/history/entries/{id}, asked only while `shown` (and again each time it is shown). */
export function useEntryHistory(entryId: number, shown: boolean) {
  const { data, error, isLoading } = useSWR<RecordHistory, Error>(shown ? entryHistoryKey(entryId) : null, {
    revalidateOnMount: true,
  });
  return { items: data?.items ?? [], error, isLoading };
}
