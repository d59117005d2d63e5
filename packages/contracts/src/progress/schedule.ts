import { daysInMonth, daysInYear } from '../entries/dates';

/** Share of the target completed, from 80% of the elapsed share upwards, counts as on track. */
export const ON_TRACK_SHARE_OF_ELAPSED = 0.8;
/** The SMT target card reads On Track from 75% of the target. */
export const SMT_ON_TRACK_PERCENT = 75;

const MS_PER_DAY = 86_400_000;

/**
 * Elapsed share of `year` on `today`: whole days since 1 January divided
 * by the days in the year, capped at 1. So 1 January is 0, 31 December 364/365 (365/366 in a leap
 * year); a past year is 1 and a future year 0. `today` is read in local time (the user's calendar
 * day in the browser).
 */
export function elapsedShareOfYear(year: number, today: Date = new Date()): number {
  const currentYear = today.getFullYear();
  if (year < currentYear) return 1;
  if (year > currentYear) return 0;
  const daysSinceFirstJanuary =
    (Date.UTC(currentYear, today.getMonth(), today.getDate()) - Date.UTC(currentYear, 0, 1)) / MS_PER_DAY;
  return Math.min(daysSinceFirstJanuary / daysInYear(year), 1);
}

/** Hours a person (or team) should have by now: round(elapsed share x target). */
export function hoursExpectedByNow(targetHours: number, elapsedShare: number): number {
  return Math.round(elapsedShare * targetHours);
}

/** Manager view: on schedule when hours >= round(elapsed share x target). */
export function isOnSchedule(hours: number, targetHours: number, elapsedShare: number): boolean {
  return hours >= hoursExpectedByNow(targetHours, elapsedShare);
}

export type ScheduleStatus = 'target-achieved' | 'on-schedule' | 'behind-schedule';

/** The manager view's three counts: Target Achieved, On Schedule, Behind Schedule. */
export function scheduleStatus(hours: number, targetHours: number, elapsedShare: number): ScheduleStatus {
  if (hours >= targetHours) return 'target-achieved';
  return isOnSchedule(hours, targetHours, elapsedShare) ? 'on-schedule' : 'behind-schedule';
}

/** How the manager view names each status. */
export const SCHEDULE_STATUS_LABELS: Record<ScheduleStatus, string> = {
  'target-achieved': 'Target Achieved',
  'on-schedule': 'On Schedule',
  'behind-schedule': 'Behind Schedule',
};

export type ScheduleCounts = Record<ScheduleStatus, number>;

/** How many people have each status: the manager view's Target Achieved, On Schedule and Behind Schedule counts. */
export function countScheduleStatuses(statuses: Iterable<ScheduleStatus>): ScheduleCounts {
  const counts: ScheduleCounts = { 'target-achieved': 0, 'on-schedule': 0, 'behind-schedule': 0 };
  for (const status of statuses) counts[status] += 1;
  return counts;
}

/**
 * The pace the schedule rule sets through `year`: for each month, the hours expected once it has
 * ended, round(elapsed share x target) with the share counted up to the first day of the next
 * month (so December ends at the whole target).
 */
export function expectedHoursAtMonthEnds(targetHours: number, year: number): number[] {
  let daysSoFar = 0;
  return Array.from({ length: 12 }, (_, monthIndex) => {
    daysSoFar += daysInMonth(year, monthIndex + 1);
    return hoursExpectedByNow(targetHours, daysSoFar / daysInYear(year));
  });
}

/** Share of the target completed (not capped: 1.2 means 120%). A target of 0 or less counts as met. */
export function completedShare(hours: number, targetHours: number): number {
  return targetHours > 0 ? hours / targetHours : 1;
}

/** Personal, HR and SMT target cards: on track when completed share >= 80% of the elapsed share. */
export function isOnTrack(hours: number, targetHours: number, elapsedShare: number): boolean {
  return completedShare(hours, targetHours) >= ON_TRACK_SHARE_OF_ELAPSED * elapsedShare;
}

export type TrackLabel = 'On Track' | 'Behind Target';

/** The label of the My Dashboard stat tiles. */
export function trackLabel(hours: number, targetHours: number, elapsedShare: number): TrackLabel {
  return isOnTrack(hours, targetHours, elapsedShare) ? 'On Track' : 'Behind Target';
}

/** HR target card: hours still needed to be back on track (0 when on track), rounded up to whole hours. */
export function hoursToGetBackOnTrack(hours: number, targetHours: number, elapsedShare: number): number {
  const needed = ON_TRACK_SHARE_OF_ELAPSED * elapsedShare * targetHours - hours;
  return needed > 0 ? Math.ceil(needed - 1e-9) : 0;
}

/** Progress as a whole percentage for bars, capped at 100. */
export function progressPercent(hours: number, targetHours: number): number {
  return Math.min(100, Math.round(completedShare(hours, targetHours) * 100));
}

export type SmtTargetBadge = 'Complete' | 'On Track' | 'Needs Attention';

/** SMT organisational target card: Complete at 100%, On Track from 75%, else Needs Attention. */
export function smtTargetBadge(hours: number, targetHours: number): SmtTargetBadge {
  const percent = completedShare(hours, targetHours) * 100;
  if (percent >= 100) return 'Complete';
  return percent >= SMT_ON_TRACK_PERCENT ? 'On Track' : 'Needs Attention';
}
