import { useCallback } from 'react';
import type { AdminBulkEntriesResult, AdminEntryInput } from '@tht/contracts';
import { apiRequest, useWrite } from '@tht/ui';

/** POST /api/admin/entries/bulk for one employee: the admin grid's rules, duplicates skipped and counted. */
export function useAdminBulkEntries(targetUserId: number) {
  const send = useCallback(
    (entries: AdminEntryInput[]) =>
      apiRequest<AdminBulkEntriesResult>('POST', '/api/admin/entries/bulk', { entries, targetUserId, validateData: true }),
    [targetUserId],
  );
  return useWrite('POST /api/admin/entries/bulk', send);
}
