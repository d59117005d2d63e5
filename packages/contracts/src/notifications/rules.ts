import { toIsoDate } from '../entries/dates';
import {
  elapsedShareOfYear,
  hoursToGetBackOnTrack,
  isOnTrack,
  progressPercent,
  scheduleStatus,
  trackLabel,
  type ScheduleStatus,
  type TrackLabel,
} from '../progress/schedule';
import type { NotificationKind } from './kinds';

/**
 * Who is reminded of what, and when (issue #31, decision 043). Days are calendar days written
 * `YYYY-MM-DD` (the server's UTC day); the fiscal year is the calendar year, as the targets' is
 * (decision 014). The figures are the progress module's, from the shared schedule rules.
 */

/** Days before a certificate's "Valid until" on which its holder is reminded. */
export const CERTIFICATE_REMINDER_DAYS = [60, 30, 7] as const;
/** Days before the fiscal year's last day on which the year-end reminder goes. */
export const YEAR_END_REMINDER_DAYS = 30;

const MS_PER_DAY = 86_400_000;

const utcDay = (day: string) => Date.parse(`${day}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The year of a day. */
export const yearOf = (day: string) => Number(day.slice(0, 4));
/** The month of a day, `YYYY-MM`: the period of the monthly reminders. */
export const monthOf = (day: string) => day.slice(0, 7);
/** The UTC calendar day of an instant. */
export const dayOf = (instant: Date) => isoDay(instant.getTime());
/** `day` moved by `days` (negative: earlier). */
export const addDays = (day: string, days: number) => isoDay(utcDay(day) + days * MS_PER_DAY);
/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round((utcDay(to) - utcDay(from)) / MS_PER_DAY);

/** The local-time date the schedule rules read (`elapsedShareOfYear` counts the calendar day). */
const calendarDate = (day: string) => new Date(yearOf(day), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

/** The last day of fiscal year `year`. */
export const fiscalYearEnd = (year: number) => toIsoDate(year, 12, 31);
/** The day the year-end reminder of `year` goes: 30 days before its last day (1 December). */
export const yearEndReminderDay = (year: number) => addDays(fiscalYearEnd(year), -YEAR_END_REMINDER_DAYS);
/** Whether the monthly reminders are due on `day` (the 1st). */
export const isMonthlyReminderDay = (day: string) => day.endsWith('-01');
/** Whether `day` is the year-end reminder's day of its year. */
export const isYearEndReminderDay = (day: string) => day === yearEndReminderDay(yearOf(day));

/** A person's progress of the year of `asOf`, as the My Dashboard progress module shows it. */
export interface PaceFigures {
  year: number;
  hours: number;
  targetHours: number;
  /** Whole percentage of the target, capped at 100. */
  percent: number;
  onTrack: boolean;
  label: TrackLabel;
  /** Hours still to log to reach the target (0 once reached). */
  hoursToGo: number;
  /** Hours needed now to be back on the on-track line (0 when on track). */
  hoursToGetBackOnTrack: number;
  /** The manager view's status (Target Achieved, On Schedule, Behind Schedule). */
  scheduleStatus: ScheduleStatus;
}

export function paceFigures(hours: number, targetHours: number, asOf: string): PaceFigures {
  const year = yearOf(asOf);
  const elapsedShare = elapsedShareOfYear(year, calendarDate(asOf));
  return {
    year,
    hours,
    targetHours,
    percent: progressPercent(hours, targetHours),
    onTrack: isOnTrack(hours, targetHours, elapsedShare),
    label: trackLabel(hours, targetHours, elapsedShare),
    hoursToGo: Math.max(0, targetHours - hours),
    hoursToGetBackOnTrack: hoursToGetBackOnTrack(hours, targetHours, elapsedShare),
    scheduleStatus: scheduleStatus(hours, targetHours, elapsedShare),
  };
}

/** "Behind pace": the person's hours are behind the on-track line of their target on `asOf`. */
export const isBehindPace = (hours: number, targetHours: number, asOf: string) => !paceFigures(hours, targetHours, asOf).onTrack;

/** "Year end": the person has not reached their target. */
export const isBelowTarget = (hours: number, targetHours: number) => hours < targetHours;

/** The reminder a certificate valid until `validUntil` is due on `asOf` (60, 30 or 7 days before), else null. */
export function certificateReminderDue(validUntil: string, asOf: string): (typeof CERTIFICATE_REMINDER_DAYS)[number] | null {
  const daysLeft = daysBetween(asOf, validUntil);
  return CERTIFICATE_REMINDER_DAYS.find((days) => days === daysLeft) ?? null;
}

/** The period a run of `kind` on `asOf` covers: a month, a fiscal year or a day. */
export function reminderPeriod(kind: NotificationKind, asOf: string): string {
  switch (kind) {
    case 'behind-pace':
    case 'team':
      return monthOf(asOf);
    case 'year-end':
      return String(yearOf(asOf));
    case 'certificate-expiring':
      return asOf;
  }
}

/**
 * The outbox's key of one reminder: kind, period and person (and, for a certificate, which one and
 * how many days before), so a run repeated for the same period queues nothing twice.
 */
export function reminderDedupeKey(kind: NotificationKind, period: string, userId: number, detail?: string): string {
  return [kind, period, detail, userId].filter((part) => part !== undefined).join(':');
}
