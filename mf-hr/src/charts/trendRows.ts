export interface TrendRow {
  /** 'Jan' */
  month: string;
  /** 'January' */
  monthName: string;
  hours: number;
  /** Hours from 1 January to the month's end; null for months still to come. */
  cumulative: number | null;
  /** Hours the yearly target expects by the month's end; null without a target. */
  pace: number | null;
}

const MONTHS = Array.from({ length: 12 }, (_, index) => index);
const monthLabel = (monthIndex: number, month: 'short' | 'long') =>
  new Date(2000, monthIndex, 1).toLocaleDateString('en-GB', { month });

/**
 * One row per month: the organisation's hours, the running total (up to this month in the
 * current year; none in a future year) and the target's pace.
 */
export function trendRows(
  hoursByMonth: readonly number[],
  targetPace: readonly number[] | null,
  year: number,
  today = new Date(),
): TrendRow[] {
  const lastMonthSoFar = year < today.getFullYear() ? 11 : year > today.getFullYear() ? -1 : today.getMonth();
  let total = 0;
  return MONTHS.map((monthIndex) => {
    const hours = hoursByMonth[monthIndex] ?? 0;
    total += hours;
    return {
      month: monthLabel(monthIndex, 'short'),
      monthName: monthLabel(monthIndex, 'long'),
      hours,
      cumulative: monthIndex <= lastMonthSoFar ? total : null,
      pace: targetPace?.[monthIndex] ?? null,
    };
  });
}
