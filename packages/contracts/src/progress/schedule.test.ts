import { describe, expect, it } from 'vitest';
import {
  countScheduleStatuses,
  elapsedShareOfYear,
  expectedHoursAtMonthEnds,
  hoursExpectedByNow,
  hoursToGetBackOnTrack,
  isOnSchedule,
  isOnTrack,
  progressPercent,
  scheduleStatus,
  smtTargetBadge,
  trackLabel,
} from './schedule';

describe('elapsedShareOfYear', () => {
  it('is 0 on 1 January and counts whole days since then', () => {
    expect(elapsedShareOfYear(2025, new Date(2025, 0, 1, 23, 59))).toBe(0);
    expect(elapsedShareOfYear(2025, new Date(2025, 0, 2))).toBeCloseTo(1 / 365);
    expect(elapsedShareOfYear(2025, new Date(2025, 6, 2, 12))).toBeCloseTo(182 / 365);
  });

  it('uses 366 days in leap years and counts 29 February', () => {
    expect(elapsedShareOfYear(2024, new Date(2024, 1, 29))).toBeCloseTo(59 / 366);
    expect(elapsedShareOfYear(2024, new Date(2024, 2, 1))).toBeCloseTo(60 / 366);
    expect(elapsedShareOfYear(2025, new Date(2025, 2, 1))).toBeCloseTo(59 / 365);
  });

  it('is 364/365 on 31 December of a common year and 365/366 in a leap year', () => {
    expect(elapsedShareOfYear(2025, new Date(2025, 11, 31, 23))).toBeCloseTo(364 / 365);
    expect(elapsedShareOfYear(2024, new Date(2024, 11, 31))).toBeCloseTo(365 / 366);
  });

  it('is 1 for past years and 0 for future ones', () => {
    expect(elapsedShareOfYear(2024, new Date(2025, 5, 1))).toBe(1);
    expect(elapsedShareOfYear(2026, new Date(2025, 5, 1))).toBe(0);
  });
});

describe('schedule (manager view)', () => {
  it('expects round(share x target) hours', () => {
    expect(hoursExpectedByNow(100, 0.505)).toBe(51);
    expect(hoursExpectedByNow(100, 0.504)).toBe(50);
  });

  it('is on schedule from the rounded expected hours', () => {
    expect(isOnSchedule(50, 100, 0.504)).toBe(true);
    expect(isOnSchedule(49.75, 100, 0.504)).toBe(false);
    expect(isOnSchedule(0, 100, 0)).toBe(true);
  });

  it('sorts people into achieved, on schedule and behind', () => {
    expect(scheduleStatus(100, 100, 0.1)).toBe('target-achieved');
    expect(scheduleStatus(120, 100, 1)).toBe('target-achieved');
    expect(scheduleStatus(60, 100, 0.5)).toBe('on-schedule');
    expect(scheduleStatus(40, 100, 0.5)).toBe('behind-schedule');
  });
});

describe('schedule counts and pace (manager view)', () => {
  it('counts each status', () => {
    expect(countScheduleStatuses(['on-schedule', 'behind-schedule', 'on-schedule'])).toEqual({
      'target-achieved': 0,
      'on-schedule': 2,
      'behind-schedule': 1,
    });
  });

  it('expects round(share x target) at the end of each month, the whole target after December', () => {
    expect(expectedHoursAtMonthEnds(365, 2025)).toEqual([31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365]);
    expect(expectedHoursAtMonthEnds(100, 2025)).toEqual([8, 16, 25, 33, 41, 50, 58, 67, 75, 83, 92, 100]);
    // Leap year: February has 29 days.
    expect(expectedHoursAtMonthEnds(366, 2024).slice(0, 3)).toEqual([31, 60, 91]);
  });

  it('meets the schedule rule on the first day of the next month', () => {
    const pace = expectedHoursAtMonthEnds(120, 2025);
    expect(hoursExpectedByNow(120, elapsedShareOfYear(2025, new Date(2025, 6, 1)))).toBe(pace[5]);
  });
});

describe('on track (personal, HR and SMT cards)', () => {
  it('needs 80% of the elapsed share', () => {
    expect(isOnTrack(40, 100, 0.5)).toBe(true);
    expect(isOnTrack(39.75, 100, 0.5)).toBe(false);
    expect(isOnTrack(0, 100, 0)).toBe(true);
    expect(trackLabel(40, 100, 0.5)).toBe('On Track');
    expect(trackLabel(10, 100, 0.5)).toBe('Behind Target');
  });

  it('tells HR how many hours bring someone back on track', () => {
    expect(hoursToGetBackOnTrack(30, 100, 0.5)).toBe(10);
    expect(hoursToGetBackOnTrack(30.5, 100, 0.5)).toBe(10);
    expect(hoursToGetBackOnTrack(50, 100, 0.5)).toBe(0);
  });

  it('caps progress bars at 100%', () => {
    expect(progressPercent(150, 100)).toBe(100);
    expect(progressPercent(33, 100)).toBe(33);
  });
});

describe('smtTargetBadge', () => {
  it('reads Complete at 100%, On Track from 75%, else Needs Attention', () => {
    expect(smtTargetBadge(1000, 1000)).toBe('Complete');
    expect(smtTargetBadge(1200, 1000)).toBe('Complete');
    expect(smtTargetBadge(750, 1000)).toBe('On Track');
    expect(smtTargetBadge(749, 1000)).toBe('Needs Attention');
  });

  it('meets its boundaries exactly with quarter hours: 74.9% and 75% of a 100-hour target', () => {
    expect(smtTargetBadge(74.9, 100)).toBe('Needs Attention');
    expect(smtTargetBadge(74.75, 99.75)).toBe('Needs Attention');
    expect(smtTargetBadge(75, 100)).toBe('On Track');
    expect(smtTargetBadge(5.25, 7)).toBe('On Track');
    expect(smtTargetBadge(99.75, 100)).toBe('On Track');
    expect(smtTargetBadge(0, 0)).toBe('Complete');
  });
});
