import { roleAfterSync, type Role } from '@tht/contracts';
import type { DirectoryGroupRole } from '../config';

/** When several groups give roles, the first of these wins. */
const PRECEDENCE: readonly DirectoryGroupRole[] = ['admin', 'hr', 'smt'];

/**
 * A person's role as the directory's groups give it (`SCIM_GROUP_ROLES`, names in lower case): the
 * strongest role of their groups; without one, an employee, or a manager when people report to them.
 */
export function directoryRole(
  groupNames: readonly string[],
  groupRoles: ReadonlyMap<string, DirectoryGroupRole>,
  hasDirectReports: boolean,
): Role {
  const given = new Set(groupNames.map((name) => groupRoles.get(name.toLowerCase())));
  return PRECEDENCE.find((role) => given.has(role)) ?? roleAfterSync('employee', hasDirectReports);
}

/** Whether a group (by name) gives a role. */
export const givesRole = (groupRoles: ReadonlyMap<string, DirectoryGroupRole>, name: string) => groupRoles.has(name.toLowerCase());
