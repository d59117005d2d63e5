import { expectedHoursAtMonthEnds } from '@tht/contracts';

export interface MonthRow {
  /** 'Jan' */
  month: string;
  /** 'January' */
  monthName: string;
  /** Hours dated in the month. */
  hours: number;
  /** Hours from 1 January to the month's end; null for months still to come. */
  hoursSoFar: number | null;
  /** Hours the schedule rule expects by the month's end. */
  expected: number;
}

const monthLabel = (year: number, monthIndex: number, month: 'short' | 'long') =>
  new Date(year, monthIndex, 1).toLocaleDateString('en-GB', { month });

/**
 * One row per month of `year`: its hours, the running total (up to the current month, for the
 * current year) and the pace the schedule rule sets for the team's target.
 */
export function monthlyRows(
  hoursByMonth: readonly number[],
  targetHours: number,
  year: number,
  today: Date = new Date(),
): MonthRow[] {
  const expected = expectedHoursAtMonthEnds(targetHours, year);
  const lastMonthSoFar = year < today.getFullYear() ? 11 : year > today.getFullYear() ? -1 : today.getMonth();
  let total = 0;
  return expected.map((expectedHours, monthIndex) => {
    const hours = hoursByMonth[monthIndex] ?? 0;
    total += hours;
    return {
      month: monthLabel(year, monthIndex, 'short'),
      monthName: monthLabel(year, monthIndex, 'long'),
      hours,
      hoursSoFar: monthIndex <= lastMonthSoFar ? total : null,
      expected: expectedHours,
    };
  });
}
