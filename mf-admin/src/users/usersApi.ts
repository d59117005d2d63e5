import useSWR from 'swr';
import {
  usersRoutes,
  type AdminStats,
  type AdminUsersPage,
  type ResetRequestAnswer,
  type Role,
  type SyncRolesResult,
  type TempPasswordInput,
} from '@tht/contracts';
import { apiRequest, useWrite } from '@tht/ui';

export const ADMIN_STATS_KEY = '/api/admin-stats';

export type UserListQuery = { page: number; search: string; role: Role | '' };

export function adminUsersKey({ page, search, role }: UserListQuery): string {
  return `/api/admin/users?${new URLSearchParams({ page: String(page), search, role })}`;
}

/** GET /api/admin-stats: the system overview cards. */
export function useAdminStats() {
  const { data, error } = useSWR<AdminStats, Error>(ADMIN_STATS_KEY);
  return { stats: data, error };
}

/** GET /api/admin/users: one page of the admin's user list (search, role filter), each user with their direct reports. */
export function useAdminUsers(query: UserListQuery) {
  const { data, error, isLoading } = useSWR<AdminUsersPage, Error>(adminUsersKey(query), { keepPreviousData: true });
  return { page: data, error, isLoading };
}

/** The admin form's fields as the API takes them (the e-mail is the username). */
export type UserFields = {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  managerId: number | null;
  managerName?: string | null;
  department: string;
};

const syncRoles = () => apiRequest<SyncRolesResult>('POST', '/api/sync-roles');
const issueResetLink = (email: string) => apiRequest<ResetRequestAnswer>('POST', '/api/reset-password', { username: email });

/** The new user must choose their own password at first sign-in. */
export const useCreateUser = () => useWrite(usersRoutes.createUser, (user: UserFields & { password: string }) => ({ body: user }));

export const useDeleteUser = () => useWrite(usersRoutes.deleteUser, (id: number) => ({ params: { id } }));

/** The user must change it at the next sign-in. */
export const useSetTemporaryPassword = () =>
  useWrite(usersRoutes.setTemporaryPassword, (request: TempPasswordInput) => ({ body: request }));

/**
 * POST /api/reset-password as an admin: a one-time reset link for another, non-admin account, to
 * hand over (an admin account's link goes to its e-mail address instead). No list changes.
 */
export const useIssueResetLink = () => useWrite('POST /api/reset-password', issueResetLink);

/** POST /api/sync-roles: promotes and demotes by the role sync rule; answers the counts. */
export const useSyncRoles = () => useWrite('POST /api/sync-roles', syncRoles);
