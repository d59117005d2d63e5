import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { SMT_MESSAGES as M, type DepartmentHours, type SmtOverview } from '@tht/contracts';
import { Button, DashboardSection, EmptyText, Spinner } from '@tht/ui';
import { foldSmallDepartments } from './departmentRows';

// recharts is loaded by this remote only, and only once the chart shows.
const DepartmentChart = lazy(() => import('./DepartmentChart'));

const ChartBox = styled.div<{ $rows: number }>`
  height: ${({ $rows }) => Math.max(160, 40 + $rows * 32)}px;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  & caption { text-align: left; font-weight: 600; padding-bottom: ${({ theme }) => theme.spacing(2)}; }
  & th, & td { text-align: left; padding: ${({ theme }) => theme.spacing(1)} ${({ theme }) => theme.spacing(2)}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  & td:not(:first-child), & th:not(:first-child) { text-align: right; }
`;

type DepartmentTableProps = { year: number; rows: readonly DepartmentHours[]; className?: string };

/** The figures as a table: a readable alternative to the chart (and what screen readers get while it shows). */
function DepartmentTable({ year, rows, className }: DepartmentTableProps) {
  return (
    <Table className={className}>
      <caption>{M.departmentsTableCaption(year)}</caption>
      <thead>
        <tr>
          <th scope="col">Department</th>
          <th scope="col">Hours</th>
          <th scope="col">People who trained</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.department}>
            <th scope="row">{row.department}</th>
            <td>{row.hours}</td>
            <td>{row.employees}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function DepartmentFigures({ year, rows }: { year: number; rows: readonly DepartmentHours[] }) {
  const [asTable, setAsTable] = useState(false);
  return (
    <>
      <div data-print="hide">
        <Button $variant="ghost" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
          {M.showAsTable}
        </Button>
        {asTable ? (
          <DepartmentTable year={year} rows={rows} />
        ) : (
          <>
            <ChartBox $rows={rows.length} aria-hidden="true">
              <Suspense fallback={<Spinner label="Loading chart..." />}>
                <DepartmentChart rows={rows} />
              </Suspense>
            </ChartBox>
            <DepartmentTable year={year} rows={rows} className="visually-hidden" />
          </>
        )}
      </div>
      <div data-print="only" aria-hidden="true">
        <DepartmentTable year={year} rows={foldSmallDepartments(rows)} />
      </div>
    </>
  );
}

type DepartmentHoursSectionProps = { year: number; overview: SmtOverview | undefined; error: Error | undefined };

/** Hours by department (beyond the SPEC): a chart, or a table at the press of a button; a short table when printed. */
export function DepartmentHoursSection({ year, overview, error }: DepartmentHoursSectionProps) {
  return (
    <DashboardSection
      title={M.departmentsTitle}
      data={overview?.hoursByDepartment}
      error={error}
      loadingLabel={M.loading}
      what="the departments"
    >
      {(rows) =>
        rows.length === 0 ? <EmptyText>{M.noDepartments(year)}</EmptyText> : <DepartmentFigures year={year} rows={rows} />
      }
    </DashboardSection>
  );
}
