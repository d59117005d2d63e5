/**
 * Active employee (a decision of ours, as an executive reads the card): an
 * account that exists now and has at least one training entry dated in the year, whatever its
 * role. People who logged nothing that year are not active in training, and the average hours per
 * employee is taken over the active ones.
 */
export const ACTIVE_EMPLOYEE_MIN_ENTRIES = 1;
export const ACTIVE_EMPLOYEE_RULE = 'People with at least one training entry dated in the year';

export function isActiveEmployee(yearTotals: { entries: number }): boolean {
  return yearTotals.entries >= ACTIVE_EMPLOYEE_MIN_ENTRIES;
}
