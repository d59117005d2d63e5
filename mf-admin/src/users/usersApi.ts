import { accountsRoutes, adminRoutes, usersRoutes, type Role, type TempPasswordInput, type UserStatus } from '@tht/contracts';
import { useRead, useWrite } from '@tht/ui';

/** `status` absent: the active accounts (the server's default). */
export type UserListQuery = { page: number; search: string; role: Role | ''; status?: UserStatus };

/** The system overview cards. */
export function useAdminStats() {
  const { data, error } = useRead(adminRoutes.getAdminStats, {});
  return { stats: data, error };
}

/** One page of the admin's user list (search, role filter), each user with their direct reports. */
export function useAdminUsers(query: UserListQuery) {
  const { data, error, isLoading } = useRead(adminRoutes.listAdminUsers, { query }, { keepPreviousData: true });
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

/** The new user must choose their own password at first sign-in. */
export const useCreateUser = () => useWrite(usersRoutes.createUser, (user: UserFields & { password: string }) => ({ body: user }));

export const useDeleteUser = () => useWrite(usersRoutes.deleteUser, (id: number) => ({ params: { id } }));

/** A leaver is switched off, not deleted: signed out at once, no sign-in; their entries stay counted. */
export const useDeactivateUser = () => useWrite(usersRoutes.deactivateUser, (id: number) => ({ params: { id } }));

export const useReactivateUser = () => useWrite(usersRoutes.reactivateUser, (id: number) => ({ params: { id } }));

/** Erases a deactivated person's personal data for good, their full name typed to confirm. */
export const useEraseUser = () =>
  useWrite(usersRoutes.eraseUser, ({ id, confirmName }: { id: number; confirmName: string }) => ({
    params: { id },
    body: { confirmName },
  }));

/** The user must change it at the next sign-in. */
export const useSetTemporaryPassword = () =>
  useWrite(usersRoutes.setTemporaryPassword, (request: TempPasswordInput) => ({ body: request }));

/**
 * A reset link asked for by an admin: a one-time link for another, non-admin account, to hand over
 * (an admin account's link goes to its e-mail address instead). No list changes.
 */
export const useIssueResetLink = () =>
  useWrite(accountsRoutes.requestPasswordReset, (email: string) => ({ body: { username: email } }));

/** Promotes and demotes by the role sync rule; answers the counts. */
export const useSyncRoles = () => useWrite(adminRoutes.syncRoles);
