import type { SWRConfiguration } from 'swr';
import { apiGet } from './client';

/** No automatic retry, no refetch on focus or reconnect, no polling. */
export const swrConfig: SWRConfiguration = {
  fetcher: apiGet,
  shouldRetryOnError: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  refreshInterval: 0,
};

/** Cache lifetime of the current user and the available years. */
export const LONG_CACHE_MS = 5 * 60 * 1000;

export const longCacheOptions: SWRConfiguration = { dedupingInterval: LONG_CACHE_MS };
