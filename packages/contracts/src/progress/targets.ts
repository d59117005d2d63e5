import { USER_TARGET_MAX_HOURS } from '../targets/schemas';

/** Default target hours. */
export const DEFAULT_TARGET_HOURS = 100;

export interface TargetSources {
  /** The person's own target for the year, if HR set one. */
  userTargetHours?: number | null;
  /** The organisation's yearly target, if one exists for the year. */
  yearlyTargetHours?: number | null;
  /** Number of users the yearly target is shared among. */
  totalUsers: number;
}

/**
 * A person's target for a year: their own target, else the yearly target
 * divided by the total users, rounded, else 100. Decision: a share that rounds to 0 (a yearly
 * target smaller than half the head count) becomes 1, since targets are at least 1 hour.
 */
export function effectiveTargetHours({ userTargetHours, yearlyTargetHours, totalUsers }: TargetSources): number {
  if (userTargetHours && userTargetHours > 0) return userTargetHours;
  if (yearlyTargetHours && yearlyTargetHours > 0 && totalUsers > 0) {
    return Math.max(1, Math.round(yearlyTargetHours / totalUsers));
  }
  return DEFAULT_TARGET_HOURS;
}

/**
 * The default of a bulk target assignment: the most common per-user target of
 * the year, else the single-person fallback. Ties go to the larger target. Decision: a fallback
 * above a person's maximum (10000 hours) is capped there, so the default is always assignable.
 */
export function defaultBulkTargetHours(
  userTargetsOfYear: readonly number[],
  fallback: Omit<TargetSources, 'userTargetHours'>,
): number {
  const counts = new Map<number, number>();
  for (const hours of userTargetsOfYear) counts.set(hours, (counts.get(hours) ?? 0) + 1);
  let best: { hours: number; count: number } | null = null;
  for (const [hours, count] of counts) {
    if (!best || count > best.count || (count === best.count && hours > best.hours)) best = { hours, count };
  }
  return best ? best.hours : Math.min(effectiveTargetHours(fallback), USER_TARGET_MAX_HOURS);
}
