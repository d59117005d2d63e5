import { useCallback } from 'react';
import { adminRoutes, type AdminEntryInput } from '@tht/contracts';
import { useWrite } from '@tht/ui';

/** Bulk entries for one employee: the admin grid's rules, duplicates skipped and counted. */
export function useAdminBulkEntries(targetUserId: number) {
  const toInput = useCallback(
    (entries: AdminEntryInput[]) => ({ body: { entries, targetUserId, validateData: true } }),
    [targetUserId],
  );
  return useWrite(adminRoutes.logAdminBulkEntries, toInput);
}
