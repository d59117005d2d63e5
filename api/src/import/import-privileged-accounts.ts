import { createHash } from 'node:crypto';
import { ADMIN_MESSAGES as M, isPrivilegedRole, type ImportPrivilegedAccount, type ImportReport } from '@tht/contracts';
import { HttpError } from '../platform/http';
import type { PlannedUser } from './plan/planned-records';

/**
 * An import makes accounts with the roles its Users rows give, administrators included; such a
 * file is written only once the administrator has seen the accounts it raises above employee
 * and confirmed exactly those (docs/decisions/027-admin-panel-api.md).
 */

/** The accounts a plan creates with a role above employee, in the order of their rows. */
export function privilegedAccountsOf(users: readonly PlannedUser[]): ImportPrivilegedAccount[] {
  return users
    .filter((user) => isPrivilegedRole(user.role))
    .map(({ sheet, row, email, firstName, lastName, role }) => ({ sheet, row, email, firstName, lastName, role }))
    .sort((a, b) => a.row - b.row);
}

/** The confirmation of exactly these accounts and roles (a digest of them, whatever their order); null for none. */
export function rolesConfirmationOf(accounts: readonly Pick<ImportPrivilegedAccount, 'email' | 'role'>[]): string | null {
  if (accounts.length === 0) return null;
  const text = accounts
    .map(({ email, role }) => `${email}\n${role}`)
    .sort()
    .join('\n\n');
  return createHash('sha256').update(text).digest('base64url');
}

/** 400 unless the import of a file that raises accounts above employee confirms exactly those its check lists. */
export function requireRolesConfirmed(
  report: Pick<ImportReport, 'privilegedAccounts' | 'rolesConfirmation'>,
  confirmRoles?: string,
): void {
  if (report.rolesConfirmation === null) return;
  if (confirmRoles === undefined) throw new HttpError(400, M.importRolesNotConfirmed);
  if (confirmRoles !== report.rolesConfirmation) throw new HttpError(400, M.importRolesChanged);
}
