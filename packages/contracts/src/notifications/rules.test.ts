import { describe, expect, it } from 'vitest';
import {
  certificateReminderDue,
  isBehindPace,
  isBelowTarget,
  isMonthlyReminderDay,
  isYearEndReminderDay,
  paceFigures,
  reminderDedupeKey,
  reminderPeriod,
  yearEndReminderDay,
} from './rules';

describe('who is behind pace on a day', () => {
  // 1 July 2026: 181 of 365 days gone; on track from 80% of that share of the target, 39.67 hours of 100.
  it('is whoever is under the on-track line of their target', () => {
    expect(isBehindPace(39, 100, '2026-07-01')).toBe(true);
    expect(isBehindPace(40, 100, '2026-07-01')).toBe(false);
    expect(isBehindPace(20, 50, '2026-07-01')).toBe(false);
  });

  it('is nobody on 1 January, and whoever is short of the whole target once the year is past', () => {
    expect(isBehindPace(0, 100, '2026-01-01')).toBe(false);
    expect(isBehindPace(79, 100, '2026-12-31')).toBe(true);
  });

  it("gives the progress module's figures", () => {
    expect(paceFigures(10, 100, '2026-07-01')).toEqual({
      year: 2026,
      hours: 10,
      targetHours: 100,
      percent: 10,
      onTrack: false,
      label: 'Behind Target',
      hoursToGo: 90,
      hoursToGetBackOnTrack: 30,
      scheduleStatus: 'behind-schedule',
    });
  });
});

describe('the year-end window', () => {
  it('is 30 days before the fiscal year ends: 1 December', () => {
    expect(yearEndReminderDay(2026)).toBe('2026-12-01');
    expect(yearEndReminderDay(2028)).toBe('2028-12-01');
    expect(isYearEndReminderDay('2026-12-01')).toBe(true);
    expect(isYearEndReminderDay('2026-11-30')).toBe(false);
    expect(isYearEndReminderDay('2026-12-02')).toBe(false);
  });

  it('reminds those not at their target', () => {
    expect(isBelowTarget(99.75, 100)).toBe(true);
    expect(isBelowTarget(100, 100)).toBe(false);
  });

  it('has the monthly reminders on the 1st', () => {
    expect(isMonthlyReminderDay('2026-11-01')).toBe(true);
    expect(isMonthlyReminderDay('2026-11-10')).toBe(false);
  });
});

describe('certificate reminders', () => {
  it('are due 60, 30 and 7 days before the "Valid until" date, and on no other day', () => {
    expect(certificateReminderDue('2026-08-30', '2026-07-01')).toBe(60);
    expect(certificateReminderDue('2026-08-30', '2026-07-31')).toBe(30);
    expect(certificateReminderDue('2026-08-30', '2026-08-23')).toBe(7);
    for (const asOf of ['2026-06-30', '2026-07-02', '2026-08-22', '2026-08-24', '2026-08-30', '2026-09-01'])
      expect(certificateReminderDue('2026-08-30', asOf), asOf).toBeNull();
  });

  it('count across a leap day and a year end', () => {
    expect(certificateReminderDue('2028-03-01', '2028-01-01')).toBe(60);
    expect(certificateReminderDue('2027-01-05', '2026-12-29')).toBe(7);
  });
});

describe('periods and keys', () => {
  it('make one key per kind, period and person, so a rerun of a period queues nothing new', () => {
    expect(reminderPeriod('behind-pace', '2026-11-01')).toBe('2026-11');
    expect(reminderPeriod('team', '2026-11-17')).toBe('2026-11');
    expect(reminderPeriod('year-end', '2026-12-01')).toBe('2026');
    expect(reminderPeriod('certificate-expiring', '2026-12-01')).toBe('2026-12-01');
    expect(reminderDedupeKey('behind-pace', '2026-11', 7)).toBe('behind-pace:2026-11:7');
    expect(reminderDedupeKey('certificate-expiring', '2027-01-30', 7, 'entry-3-60d')).toBe(
      'certificate-expiring:2027-01-30:entry-3-60d:7',
    );
  });
});
