import { canUseManagerView as opensManagerView, canViewDataOf as mayViewDataOf, type Person } from '@tht/contracts';
import { READ_MODEL_SCHEMA, type ReadModelDb } from 'projections';
import { hasDirectReports } from '../users/users-queries';

/**
 * The rules of SPEC section 6 live in `@tht/contracts` (shared with the shell's tabs); the
 * relationship checks below look up who manages whom in `read_models.users` and ask those rules.
 */
export {
  canChangeDataOf,
  canExport,
  canManageOrganisation,
  canManageTargets,
  canManageUsers,
  canViewExecutiveOverview,
  canViewOrganisationData,
  isAdmin,
} from '@tht/contracts';

/** The direct manager of `userId` (null for an unknown user or one without a manager account). */
async function managerIdOf(db: ReadModelDb, userId: number): Promise<number | null> {
  const row = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('users')
    .select('manager_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.manager_id ?? null;
}

// Each rule is asked first without the relationship, which is looked up only when the answer depends on it.

/** Manager View: role manager, or anyone with direct reports. */
export async function canUseManagerView(db: ReadModelDb, user: Person): Promise<boolean> {
  return (
    opensManagerView({ role: user.role, hasDirectReports: false }) ||
    opensManagerView({ role: user.role, hasDirectReports: await hasDirectReports(db, user.id) })
  );
}

/** A user's data (entries, stats, progress): the user, their manager, HR, SMT and admins. */
export async function canViewDataOf(db: ReadModelDb, viewer: Person, userId: number): Promise<boolean> {
  return (
    mayViewDataOf(viewer, { id: userId, managerId: null }) ||
    mayViewDataOf(viewer, { id: userId, managerId: await managerIdOf(db, userId) })
  );
}
