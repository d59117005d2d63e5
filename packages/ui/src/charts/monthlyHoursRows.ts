export interface MonthlyHoursRow {
  /** 'Jan' */
  month: string;
  /** 'January' */
  monthName: string;
  /** Hours dated in the month. */
  hours: number;
  /** Hours from 1 January to the month's end; null for months still to come. */
  hoursSoFar: number | null;
  /** Hours the target expects by the month's end; null without a target. */
  pace: number | null;
}

const MONTHS = Array.from({ length: 12 }, (_, index) => index);
const monthLabel = (monthIndex: number, month: 'short' | 'long') =>
  new Date(2000, monthIndex, 1).toLocaleDateString('en-GB', { month });

/**
 * One row per month of `year`: its hours, the running total (up to the current month in the
 * current year, through December in a past year, none in a future year) and the target's pace.
 */
export function monthlyHoursRows(
  hoursByMonth: readonly number[],
  pace: readonly number[] | null,
  year: number,
  today = new Date(),
): MonthlyHoursRow[] {
  const lastMonthSoFar = year < today.getFullYear() ? 11 : year > today.getFullYear() ? -1 : today.getMonth();
  let total = 0;
  return MONTHS.map((monthIndex) => {
    const hours = hoursByMonth[monthIndex] ?? 0;
    total += hours;
    return {
      month: monthLabel(monthIndex, 'short'),
      monthName: monthLabel(monthIndex, 'long'),
      hours,
      hoursSoFar: monthIndex <= lastMonthSoFar ? total : null,
      pace: pace?.[monthIndex] ?? null,
    };
  });
}
