import { useCallback } from 'react';
import type { AdminBulkEntriesResult, AdminEntryInput } from '@tht/contracts';
import { apiRequest } from '@tht/ui';

/**
 * POST /api/admin/entries/bulk for one employee: the admin grid's rules, duplicates skipped and
 * counted. The grid refreshes every read of entries once it answers.
 */
export function useAdminBulkEntries(targetUserId: number) {
  return useCallback(
    (entries: AdminEntryInput[]) =>
      apiRequest<AdminBulkEntriesResult>('POST', '/api/admin/entries/bulk', { entries, targetUserId, validateData: true }),
    [targetUserId],
  );
}
