import { expectedHoursAtMonthEnds } from '@tht/contracts';
import { MonthlyHoursChart, monthlyHoursRows } from '@tht/ui/charts';

type TeamHoursProps = { hoursByMonth: readonly number[]; targetHours: number; year: number };

/**
 * The team's hours per month with its running total against the pace its target sets (the
 * schedule rule's expected hours at each month's end).
 */
export function TeamHours({ hoursByMonth, targetHours, year }: TeamHoursProps) {
  return (
    <MonthlyHoursChart
      rows={monthlyHoursRows(hoursByMonth, expectedHoursAtMonthEnds(targetHours, year), year)}
      caption={`Team hours per month in ${year}, with the hours so far and the hours the team target expects by each month's end`}
      paceLabel="Expected by month end"
    />
  );
}
