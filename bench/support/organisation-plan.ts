import type { Role } from '@tht/contracts';
import { random, syntheticEntry, type SeedPlan } from './seed';

/** One manager per 20 people: the first users of an organisation plan. */
export const managersFor = (users: number) => Math.max(1, Math.round(users / 20));

export interface OrganisationPlanOptions {
  users: number;
  entries: number;
  /** Entries are dated in these years. */
  years: readonly number[];
  /** Seed of the entries' random details. */
  seed: number;
  /** Other roles than employee for some users (by index, after the managers), e.g. `{ 50: 'hr' }`. */
  roles?: Readonly<Record<number, Role>>;
}

/**
 * An organisation for the dashboards' benchmarks: the first users are managers, everyone else
 * reports to one of them in turn, some with another role; entries go round all the users, dated
 * in `years`, with their manager's name on them.
 */
export function organisationPlan({ users, entries, years, seed, roles = {} }: OrganisationPlanOptions): SeedPlan {
  const managers = managersFor(users);
  const next = random(seed);
  const managerNameOf = (userIndex: number) => `First${userIndex % managers} Last${userIndex % managers}`;
  return {
    users,
    profileOf: (index) =>
      index < managers
        ? { role: 'manager', managerIndex: null }
        : { role: roles[index] ?? 'employee', managerIndex: index % managers },
    entries,
    entryOf: (index, owner) => {
      const userIndex = index % users;
      return { userIndex, details: syntheticEntry(index, owner(userIndex), next, years, managerNameOf(userIndex)) };
    },
  };
}
