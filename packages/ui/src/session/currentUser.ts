import useSWR from 'swr';
import { accountsRoutes, type CurrentUserResponse } from '@tht/contracts';
import { ApiError } from '../api/client';
import { callRoute, readKey } from '../api/routeCalls';
import { longCacheOptions } from '../api/swr';

export const CURRENT_USER_KEY = readKey(accountsRoutes.getCurrentUser, {});

/** The signed-in user; a 401 means "nobody is signed in", which is not an error. */
export async function fetchCurrentUser(): Promise<CurrentUserResponse | null> {
  try {
    return await callRoute(accountsRoutes.getCurrentUser, {});
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The signed-in user, cached 5 minutes and shared by the shell and every remote. `session` is
 * undefined while loading for the first time and null when signed out.
 */
export function useCurrentUser() {
  const { data, error, isLoading, mutate } = useSWR<CurrentUserResponse | null, Error>(
    CURRENT_USER_KEY,
    fetchCurrentUser,
    longCacheOptions,
  );
  return {
    session: data,
    user: data?.user ?? null,
    requiresPasswordChange: data?.requiresPasswordChange ?? false,
    hasDirectReports: data?.hasDirectReports ?? false,
    isLoading,
    error,
    refresh: mutate,
  };
}
