import type { Role } from './roles';

/**
 * Who may do what (roles and permissions), for the server's checks and the shell's tabs alike. Every rule
 * is pure: relationships (who manages whom) come in as data, looked up by the caller.
 */
export interface RoleHolder {
  role: Role;
}

export interface Person extends RoleHolder {
  id: number;
}

/** A signed-in user as the tabs see them: the Manager View also opens to anyone with direct reports. */
export interface Viewer extends RoleHolder {
  hasDirectReports: boolean;
}

/** The person whose data is asked for, with their direct manager. */
export interface DataOwner {
  id: number;
  managerId: number | null;
}

const hasRole = (user: RoleHolder, ...roles: readonly Role[]) => roles.includes(user.role);

export const isAdmin = (user: RoleHolder) => hasRole(user, 'admin');

/** The Admin tab: user CRUD, temporary passwords, role sync, bulk import. */
export const canManageUsers = isAdmin;
/** Also the Admin tab: departments, form fields, fiscal years. */
export const canManageOrganisation = isAdmin;
/** The HR View: yearly, company-wide and per-user targets. */
export const canManageTargets = (user: RoleHolder) => hasRole(user, 'hr', 'admin');
/** The SMT View (read-only plus export). */
export const canViewExecutiveOverview = (user: RoleHolder) => hasRole(user, 'smt', 'admin');
export const canExport = (user: RoleHolder) => hasRole(user, 'hr', 'smt', 'admin');
/** The export with evidence holds everyone's files: only those who see anyone's files, HR and admins (not SMT). */
export const canExportEvidence = (user: RoleHolder) => hasRole(user, 'hr', 'admin');
/** Organisation-wide data (all entries, organisation statistics, anyone's data): HR, SMT and admins. */
export const canViewOrganisationData = (user: RoleHolder) => hasRole(user, 'hr', 'smt', 'admin');

/** Deactivated accounts (leavers) in lists of people: HR and admins; everyone else sees the active ones only. */
export const canSeeDeactivatedPeople = (user: RoleHolder) => hasRole(user, 'hr', 'admin');

/** The Manager View: role manager, or anyone with direct reports whatever their role. */
export const canUseManagerView = (viewer: Viewer) => hasRole(viewer, 'manager') || viewer.hasDirectReports;

/** Reading someone's data (entries, stats, progress, targets): the person, their direct manager, HR, SMT and admins. */
export function canViewDataOf(viewer: Person, owner: DataOwner): boolean {
  return viewer.id === owner.id || owner.managerId === viewer.id || canViewOrganisationData(viewer);
}

/** Changing someone's data (entries): the person themself or an admin. */
export function canChangeDataOf(viewer: Person, ownerId: number): boolean {
  return viewer.id === ownerId || isAdmin(viewer);
}
