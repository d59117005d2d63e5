import type { Role } from '@tht/contracts';
import type { Kysely } from 'kysely';
import { READ_MODEL_SCHEMA } from 'projections';
import { hasDirectReports } from '../users/users-queries';

/**
 * Authorization rules of SPEC section 6 in one place. Role checks are pure; relationship checks
 * (who manages whom) read `read_models.users`.
 */
type Subject = { id: number; role: Role };

const hasRole = (user: Subject, ...roles: Role[]) => roles.includes(user.role);

export const isAdmin = (user: Subject) => hasRole(user, 'admin');
/** User CRUD, temporary passwords, role sync, bulk import, departments, form fields, fiscal years. */
export const canManageUsers = isAdmin;
export const canManageOrganisation = isAdmin;
/** HR view and yearly, company-wide and per-user targets. */
export const canManageTargets = (user: Subject) => hasRole(user, 'hr', 'admin');
/** SMT view (read-only). */
export const canViewExecutiveOverview = (user: Subject) => hasRole(user, 'smt', 'admin');
export const canExport = (user: Subject) => hasRole(user, 'hr', 'smt', 'admin');
/** Organisation-wide data (all entries, organisation statistics): HR, SMT and admins. */
export const canViewOrganisationData = (user: Subject) => hasRole(user, 'hr', 'smt', 'admin');

/** True when `userId`'s manager is `managerId` (direct reports only). */
export async function isManagerOf(db: Kysely<any>, managerId: number, userId: number): Promise<boolean> {
  const report = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('manager_id', '=', managerId)
    .executeTakeFirst();
  return report !== undefined;
}

/** Manager View: role manager, or anyone with direct reports. */
export async function canUseManagerView(db: Kysely<any>, user: Subject): Promise<boolean> {
  return hasRole(user, 'manager') || (await hasDirectReports(db, user.id));
}

/** Someone's manager dashboard (`/manager/{managerId}/...`): that manager themself, HR, SMT or an admin. */
export function canViewManagerDashboardOf(user: Subject, managerId: number): boolean {
  return user.id === managerId || canViewOrganisationData(user);
}

/** A user's own data (entries, stats, progress): the user, their manager, HR, SMT and admins. */
export async function canViewDataOf(db: Kysely<any>, viewer: Subject, userId: number): Promise<boolean> {
  return viewer.id === userId || canViewOrganisationData(viewer) || (await isManagerOf(db, viewer.id, userId));
}

/** Changing a user's data (entries): the user themself or an admin. */
export function canChangeDataOf(viewer: Subject, userId: number): boolean {
  return viewer.id === userId || isAdmin(viewer);
}
