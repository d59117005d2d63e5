import type { DataOwner, Person } from '../accounts/policy';

/**
 * Who sees the files of a person's entries: the person, their current direct manager, HR and
 * admins (SMT's read-only overview does not reach into people's certificates).
 */
export function canViewEvidenceOf(viewer: Person, owner: DataOwner): boolean {
  return viewer.id === owner.id || owner.managerId === viewer.id || viewer.role === 'hr' || viewer.role === 'admin';
}

/** Who removes a file: the entry's owner or an admin (attaching is the owner's alone). */
export const canRemoveEvidenceOf = (viewer: Person, ownerId: number): boolean => viewer.id === ownerId || viewer.role === 'admin';
