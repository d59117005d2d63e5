import { canViewEvidenceOf, type Person } from '@tht/contracts';
import { findCachedUserRow, type UserLookups } from '../auth/principal-cache';

/** Whether `viewer` sees the files of `ownerId`'s entries: the owner, their current manager, HR and admins. */
export async function mayViewEvidenceOf(ctx: UserLookups, viewer: Person, ownerId: number): Promise<boolean> {
  return (
    canViewEvidenceOf(viewer, { id: ownerId, managerId: null }) ||
    canViewEvidenceOf(viewer, { id: ownerId, managerId: (await findCachedUserRow(ctx, ownerId))?.manager_id ?? null })
  );
}
