import { entriesRoutes, statsRoutes, type AdminEntryInput, type EditedEntry, type NewEntry } from '@tht/contracts';
import { useRead, useWrite } from '@tht/ui';

/** The signed-in user's entries of `year`. */
export function useOwnEntries(userId: number, year: number) {
  const { data, error, isLoading } = useRead(entriesRoutes.listEntries, { query: { userId, year } });
  return { entries: data ?? [], error, isLoading };
}

/** The signed-in user's figures of `year`. */
export function useOwnStats(userId: number, year: number) {
  const { data, error } = useRead(statsRoutes.getStats, { query: { userId, year } });
  return { stats: data, error };
}

/** A new entry of the signed-in user's. */
export const useCreateEntry = () => useWrite(entriesRoutes.logEntry, (entry: NewEntry) => ({ body: entry }));

/** The edited fields (`userId` and `createdAt` go along unchanged). */
export const useUpdateEntry = () =>
  useWrite(entriesRoutes.editEntry, ({ id, ...entry }: EditedEntry & { id: number }) => ({ params: { id }, body: entry }));

export const useDeleteEntry = () => useWrite(entriesRoutes.deleteEntry, (id: number) => ({ params: { id } }));

/** The Bulk Add grid's rows, each checked on its own. */
export const useCreateEntries = () =>
  useWrite(entriesRoutes.logEntriesInBulk, (entries: AdminEntryInput[]) => ({ body: { entries, validateData: true } }));
