import useSWR from 'swr';
import type { AdminEntryInput, BulkEntriesResult, EditedEntry, EntryStats, EntryView, NewEntry } from '@tht/contracts';
import { apiRequest, useWrite } from '@tht/ui';

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

const createEntry = (entry: NewEntry) => apiRequest<EntryView>('POST', '/api/entries', entry);
const updateEntry = ({ id, ...entry }: EditedEntry & { id: number }) => apiRequest<EntryView>('PUT', `/api/entries/${id}`, entry);
const deleteEntry = (id: number) => apiRequest<unknown>('DELETE', `/api/entries/${id}`);
const createEntries = (entries: AdminEntryInput[]) =>
  apiRequest<BulkEntriesResult>('POST', '/api/entries/bulk', { entries, validateData: true });

/** POST /api/entries: a new entry of the signed-in user's. */
export const useCreateEntry = () => useWrite('POST /api/entries', createEntry);

/** PUT /api/entries/{id}: the edited fields (`userId` and `createdAt` go along unchanged). */
export const useUpdateEntry = () => useWrite('PUT /api/entries/{id}', updateEntry);

/** DELETE /api/entries/{id}. */
export const useDeleteEntry = () => useWrite('DELETE /api/entries/{id}', deleteEntry);

/** POST /api/entries/bulk: the Bulk Add grid's rows, each checked on its own. */
export const useCreateEntries = () => useWrite('POST /api/entries/bulk', createEntries);
