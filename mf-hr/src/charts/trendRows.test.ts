import { describe, expect, it } from 'vitest';
import { trendRows } from './trendRows';

describe('trendRows', () => {
  const hours = [2, 5, 3.75, 0, 4, 3, 1, 2, 0, 0, 0, 0];

  it('gives each month its hours, the running total and the pace of the target', () => {
    const rows = trendRows(hours, [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120], 2025, new Date(2026, 0, 5));
    expect(rows[0]).toEqual({ month: 'Jan', monthName: 'January', hours: 2, cumulative: 2, pace: 10 });
    expect(rows[2]).toMatchObject({ hours: 3.75, cumulative: 10.75, pace: 30 });
    expect(rows[11]).toMatchObject({ monthName: 'December', cumulative: 20.75, pace: 120 });
  });

  it('stops the running total at the current month, and has no pace without a target', () => {
    const rows = trendRows(hours, null, 2025, new Date(2025, 2, 15));
    expect(rows.map((row) => row.cumulative)).toEqual([2, 7, 10.75, null, null, null, null, null, null, null, null, null]);
    expect(rows.every((row) => row.pace === null)).toBe(true);
    expect(trendRows(hours, null, 2027, new Date(2025, 2, 15)).every((row) => row.cumulative === null)).toBe(true);
  });
});
