import { describe, expect, it } from 'vitest';
import { monthlyHoursRows } from './monthlyHoursRows';

describe('monthlyHoursRows', () => {
  const hours = [2, 5, 3.75, 0, 4, 3, 1, 2, 0, 0, 0, 0];
  const pace = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120];

  it("gives each month of a past year its hours, the running total and the target's pace", () => {
    const rows = monthlyHoursRows(hours, pace, 2025, new Date(2026, 0, 5));
    expect(rows[0]).toEqual({ month: 'Jan', monthName: 'January', hours: 2, hoursSoFar: 2, pace: 10 });
    expect(rows[2]).toMatchObject({ month: 'Mar', monthName: 'March', hours: 3.75, hoursSoFar: 10.75, pace: 30 });
    expect(rows[11]).toMatchObject({ month: 'Dec', monthName: 'December', hoursSoFar: 20.75, pace: 120 });
  });

  it('stops the running total at the current month and runs none in a future year', () => {
    const rows = monthlyHoursRows(hours, pace, 2025, new Date(2025, 2, 15));
    expect(rows.map((row) => row.hoursSoFar)).toEqual([2, 7, 10.75, null, null, null, null, null, null, null, null, null]);
    expect(rows[3]).toMatchObject({ hours: 0, pace: 40 });
    expect(monthlyHoursRows(hours, pace, 2027, new Date(2025, 2, 15)).every((row) => row.hoursSoFar === null)).toBe(true);
  });

  it('has no pace without a target, and no hours for months the figures leave out', () => {
    const rows = monthlyHoursRows([1, 2], null, 2024, new Date(2025, 0, 1));
    expect(rows.every((row) => row.pace === null)).toBe(true);
    expect(rows.map((row) => row.hours)).toEqual([1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(rows.at(-1)!.hoursSoFar).toBe(3);
  });
});
