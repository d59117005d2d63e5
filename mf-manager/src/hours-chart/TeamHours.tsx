import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { Spinner } from '@tht/ui';
import { monthlyRows } from './monthlyRows';

// recharts is loaded by this remote only, and only once the chart shows.
const TeamHoursChart = lazy(() => import('./TeamHoursChart'));

const ChartBox = styled.div`
  height: 280px;
`;

type TeamHoursProps = { hoursByMonth: readonly number[]; targetHours: number; year: number };

/**
 * The team's hours per month with its running total against the pace its target sets. The chart
 * is for the eyes (its lines differ by shape as well as colour); the same figures are in a table
 * for screen readers.
 */
export function TeamHours({ hoursByMonth, targetHours, year }: TeamHoursProps) {
  const rows = monthlyRows(hoursByMonth, targetHours, year);
  return (
    <>
      <ChartBox aria-hidden="true">
        <Suspense fallback={<Spinner label="Loading chart..." />}>
          <TeamHoursChart rows={rows} />
        </Suspense>
      </ChartBox>
      <table className="visually-hidden">
        <caption>
          Team hours per month in {year}, with the hours so far and the hours the team target expects by each month&apos;s end
        </caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Hours</th>
            <th scope="col">Hours so far</th>
            <th scope="col">Expected by month end</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.month}>
              <th scope="row">{row.monthName}</th>
              <td>{row.hours}</td>
              <td>{row.hoursSoFar ?? '-'}</td>
              <td>{row.expected}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
