import type { CustomFieldDefinition, Role } from '@tht/contracts';

/** A person the instance already has. */
export interface KnownUser {
  id: number;
  role: Role;
  firstName: string;
  lastName: string;
  managerName: string;
  department: string;
}

/** What the instance holds that a file's rows are checked against. */
export interface InstanceSnapshot {
  orgEmailDomain: string;
  /** By lower-case e-mail. */
  usersByEmail: ReadonlyMap<string, KnownUser>;
  /** Department names by their lower-case form. */
  departments: ReadonlyMap<string, string>;
  formFields: readonly CustomFieldDefinition[];
  fiscalYears: ReadonlySet<number>;
  /** `userTargetKey(userId, year)` of every person's target. */
  userTargets: ReadonlySet<string>;
}

export const userTargetKey = (userId: number, year: number) => `${userId}:${year}`;
