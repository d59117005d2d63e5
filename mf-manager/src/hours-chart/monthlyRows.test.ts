import { describe, expect, it } from 'vitest';
import { monthlyRows } from './monthlyRows';

describe('monthlyRows', () => {
  const hours = [2, 0, 5.25, 0, 0, 0, 0, 0, 0, 0, 0, 1];

  it('runs the total through the past months only, beside the pace of the target', () => {
    const rows = monthlyRows(hours, 365, 2025, new Date(2025, 2, 10));
    expect(rows.slice(0, 4)).toEqual([
      { month: 'Jan', monthName: 'January', hours: 2, hoursSoFar: 2, expected: 31 },
      { month: 'Feb', monthName: 'February', hours: 0, hoursSoFar: 2, expected: 59 },
      { month: 'Mar', monthName: 'March', hours: 5.25, hoursSoFar: 7.25, expected: 90 },
      { month: 'Apr', monthName: 'April', hours: 0, hoursSoFar: null, expected: 120 },
    ]);
    expect(rows[11]).toMatchObject({ month: 'Dec', hours: 1, hoursSoFar: null, expected: 365 });
  });

  it('runs through every month of a past year and none of a future one', () => {
    expect(
      monthlyRows(hours, 100, 2024, new Date(2025, 0, 1))
        .map((row) => row.hoursSoFar)
        .at(-1),
    ).toBe(8.25);
    expect(monthlyRows(hours, 100, 2026, new Date(2025, 0, 1)).every((row) => row.hoursSoFar === null)).toBe(true);
  });
});
