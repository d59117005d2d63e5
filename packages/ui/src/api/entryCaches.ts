import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/**
 * Cached reads that change when an entry is logged, edited, deleted or imported (SPEC section 4):
 * entries (own, all, manager's), stats (own, HR, manager, admin) and the available years.
 */
export const ENTRY_DATA_KEY_PREFIXES = [
  '/api/entries',
  '/api/stats',
  '/api/hr/',
  '/api/manager/',
  '/api/smt/',
  '/api/admin-stats',
  '/api/available-years',
] as const;

export function isEntryDataKey(key: unknown): boolean {
  return typeof key === 'string' && ENTRY_DATA_KEY_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/** Refetches every cached read that depends on entries; resolves when they are fresh. */
export function useRefreshEntryData(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await mutate(isEntryDataKey);
  }, [mutate]);
}
