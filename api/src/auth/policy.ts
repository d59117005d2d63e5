import { canUseManagerView, canViewDataOf, type Person } from '@tht/contracts';
import { findCachedUserRow, leadsATeam, type UserLookups } from './principal-cache';

/**
 * The role rules live in `@tht/contracts` (shared with the shell's tabs): a `can…` rule answers
 * from what it is given. The `may…` checks below look up who manages whom in the users read model
 * and ask those rules.
 */
export {
  canChangeDataOf,
  canExport,
  canExportEvidence,
  canManageOrganisation,
  canManageTargets,
  canManageUsers,
  canSeeDeactivatedPeople,
  canViewExecutiveOverview,
  canViewOrganisationData,
  isAdmin,
} from '@tht/contracts';

// Each rule is asked first without the relationship, which is looked up only when the answer depends on it,
// in the users read model as kept in memory between its changes (`principal-cache.ts`): no database round trip
// while nothing changed.

/** Manager View: role manager, or anyone with direct reports. */
export async function mayUseManagerView(ctx: UserLookups, user: Person): Promise<boolean> {
  return (
    canUseManagerView({ role: user.role, hasDirectReports: false }) ||
    canUseManagerView({ role: user.role, hasDirectReports: await leadsATeam(ctx, user.id) })
  );
}

/** A user's data (entries, stats, progress): the user, their manager, HR, SMT and admins. */
export async function mayViewDataOf(ctx: UserLookups, viewer: Person, userId: number): Promise<boolean> {
  return (
    canViewDataOf(viewer, { id: userId, managerId: null }) ||
    canViewDataOf(viewer, { id: userId, managerId: (await findCachedUserRow(ctx, userId))?.manager_id ?? null })
  );
}
