import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { HR_MESSAGES as M, type HrTrends } from '@tht/contracts';
import { Button, DashboardSection, EmptyText, Spinner } from '@tht/ui';
import { useHrTrends } from '../hr-api/hrApi';
import { trendRows, type TrendRow } from './trendRows';

// recharts is loaded by this remote only, and only once the chart shows.
const TrendsCharts = lazy(() => import('./TrendsCharts'));

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  margin-bottom: ${({ theme }) => theme.spacing(4)};
  & th, & td { text-align: left; padding: ${({ theme }) => theme.spacing(1)} ${({ theme }) => theme.spacing(2)}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  & caption { text-align: left; font-weight: 600; margin-bottom: ${({ theme }) => theme.spacing(2)}; }
`;

const orDash = (value: number | null) => (value === null ? '-' : value);

function TrendTables({ rows, trends }: { rows: readonly TrendRow[]; trends: HrTrends }) {
  return (
    <>
      <Table>
        <caption>Hours per month in {trends.year}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Hours</th>
            <th scope="col">Hours so far</th>
            <th scope="col">Target pace</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.month}>
              <th scope="row">{row.monthName}</th>
              <td>{row.hours}</td>
              <td>{orDash(row.cumulative)}</td>
              <td>{orDash(row.pace)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Table>
        <caption>Hours by department in {trends.year}</caption>
        <thead>
          <tr>
            <th scope="col">Department</th>
            <th scope="col">Hours</th>
            <th scope="col">People with entries</th>
          </tr>
        </thead>
        <tbody>
          {trends.hoursByDepartment.map((department) => (
            <tr key={department.department}>
              <th scope="row">{department.department}</th>
              <td>{department.hours}</td>
              <td>{department.employees}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}

/**
 * Beyond the SPEC: the organisation's hours per month against the yearly target's pace, and hours
 * by department, as charts or, at the press of a button, as tables.
 */
export function TrainingTrends({ year }: { year: number }) {
  const { trends, error } = useHrTrends(year);
  const [asTable, setAsTable] = useState(false);
  return (
    <DashboardSection
      title={M.trendsTitle}
      data={trends}
      error={error}
      loadingLabel={M.loading}
      what="the trends"
      actions={() => (
        <Button $variant="secondary" aria-pressed={asTable} onClick={() => setAsTable((shown) => !shown)}>
          {asTable ? M.showChart : M.showTable}
        </Button>
      )}
    >
      {(loaded) => {
        if (loaded.hoursByMonth.every((hours) => hours === 0)) return <EmptyText>{M.noRecords(year)}</EmptyText>;
        const rows = trendRows(loaded.hoursByMonth, loaded.targetPace, year);
        if (asTable) return <TrendTables rows={rows} trends={loaded} />;
        return (
          <Suspense fallback={<Spinner label="Loading chart..." />}>
            <TrendsCharts rows={rows} departments={loaded.hoursByDepartment} />
          </Suspense>
        );
      }}
    </DashboardSection>
  );
}
