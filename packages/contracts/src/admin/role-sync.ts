import { z } from 'zod';
import type { Role } from '../accounts/roles';

/** POST /api/sync-roles: the sync result. */
export const syncRolesResultSchema = z.strictObject({
  promoted: z.number(),
  demoted: z.number(),
});

export type SyncRolesResult = z.infer<typeof syncRolesResultSchema>;

/**
 * The role sync rule (a decision of ours): an employee with at least one direct report becomes a
 * manager; a manager without any becomes an employee; hr, smt and admin never change (their
 * Manager View follows their reports anyway). Applying it twice changes nothing.
 */
export function roleAfterSync(role: Role, hasDirectReports: boolean): Role {
  if (role === 'employee' && hasDirectReports) return 'manager';
  if (role === 'manager' && !hasDirectReports) return 'employee';
  return role;
}

export interface RoleSyncCandidate {
  id: number;
  role: Role;
  hasDirectReports: boolean;
}

export interface RoleChange {
  userId: number;
  from: Role;
  to: Role;
}

/** The role changes a sync makes, in the order of the users given; users who keep their role are left out. */
export function planRoleSync(users: readonly RoleSyncCandidate[]): RoleChange[] {
  return users.flatMap(({ id, role, hasDirectReports }) => {
    const to = roleAfterSync(role, hasDirectReports);
    return to === role ? [] : [{ userId: id, from: role, to }];
  });
}

/** Counts of a plan: a change to manager is a promotion, a change to employee a demotion. */
export function summariseRoleSync(changes: readonly RoleChange[]): SyncRolesResult {
  return {
    promoted: changes.filter((change) => change.to === 'manager').length,
    demoted: changes.filter((change) => change.to === 'employee').length,
  };
}
