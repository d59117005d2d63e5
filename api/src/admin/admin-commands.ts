import {
  ACCOUNT_MESSAGES,
  ADMIN_MESSAGES as M,
  adminBulkEntriesRequestSchema,
  adminBulkEntrySchema,
  entryDuplicateKey,
  planRoleSync,
  splitDuplicates,
  summariseRoleSync,
  type AdminBulkEntriesResult,
  type SyncRolesResult,
} from '@tht/contracts';
import type { UserRow } from 'projections';
import type { AuthUser } from '../auth/auth-user';
import { logEntriesInBulk } from '../entries';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { DomainError } from '../platform/decider';
import { parseWith } from '../platform/http';
import { updateUser, findUserById } from '../users';
import { roleSyncCandidates, storedDuplicateKeys } from './admin-queries';

/**
 * POST /api/sync-roles: applies the role sync rule of the contracts (`roleAfterSync`) to every
 * employee and manager, each change through the users feature's own profile update (a
 * `UserUpdated` with the new role), so nothing but the role changes. A second run finds nothing to do.
 */
export async function syncRoles(ctx: AppContext, admin: AuthUser, actor: Actor): Promise<SyncRolesResult> {
  const changes = planRoleSync(await roleSyncCandidates(ctx.db));
  for (const { userId, to } of changes) await updateUser(ctx, admin, userId, { role: to }, actor);
  return summariseRoleSync(changes);
}

/** The employee an admin bulk import is for: an existing account that is not an admin. */
export async function bulkTargetUser(ctx: AppContext, userId: number): Promise<UserRow> {
  const target = await findUserById(ctx.db, userId);
  if (!target) throw new DomainError('not-found', ACCOUNT_MESSAGES.userNotFound);
  if (target.role === 'admin') throw new DomainError('invalid', M.adminTargetRefused);
  return target;
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A row with the person's names, manager and department filled in where it leaves them empty (as the grid does). */
export function withOwnerDefaults(row: unknown, owner: UserRow): unknown {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return row;
  const defaults: Record<string, string> = {
    firstName: owner.first_name,
    lastName: owner.last_name,
    managerName: owner.manager_name ?? '',
    department: owner.department,
  };
  const filled: Record<string, unknown> = { ...row };
  for (const [field, value] of Object.entries(defaults)) if (isBlank(filled[field])) filled[field] = value;
  return filled;
}

/**
 * POST /api/admin/entries/bulk: rows for one employee under the admin grid's rules. Rows that
 * repeat a stored entry of the person or an earlier row (same date, same training name ignoring
 * case and surrounding spaces) are skipped and counted; invalid rows are reported by index; the
 * rest are logged like the employee's own bulk entries.
 */
export async function logAdminBulkEntries(
  ctx: AppContext,
  admin: AuthUser,
  body: unknown,
  actor: Actor,
): Promise<AdminBulkEntriesResult> {
  const { entries, targetUserId } = parseWith(adminBulkEntriesRequestSchema, body);
  const owner = await bulkTargetUser(ctx, targetUserId);
  const rows = entries.map((row, index) => {
    const filled = withOwnerDefaults(row, owner);
    const parsed = adminBulkEntrySchema.safeParse(filled);
    const valid = parsed.success ? parsed.data : null;
    return { index, row: filled, date: valid?.date, key: valid && entryDuplicateKey({ ...valid, userId: owner.id }) };
  });
  const dates = [...new Set(rows.flatMap(({ date }) => (date === undefined ? [] : [date])))];
  const stored = await storedDuplicateKeys(ctx.pool, [owner.id], dates);
  // Invalid rows get no key and are never duplicates: the bulk reports their errors.
  const { kept, duplicates } = splitDuplicates(rows, (row) => row.key ?? `invalid-${row.index}`, stored);
  const result = await logEntriesInBulk(
    ctx,
    admin,
    kept.map(({ row }) => row),
    actor,
    { schema: adminBulkEntrySchema, ownerId: owner.id },
  );
  const duplicateIndexes = duplicates.map(({ index }) => index);
  return {
    ...result,
    errors: result.errors.map((error) => ({ ...error, index: kept[error.index]!.index })),
    duplicates: duplicateIndexes.length,
    duplicateIndexes,
  };
}
