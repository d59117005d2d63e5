import { useState } from 'react';
import { HR_MESSAGES as M, type HrTrends } from '@tht/contracts';
import { Button, DashboardSection, EmptyText } from '@tht/ui';
import { DepartmentHoursChart, DepartmentHoursTable, MonthlyHoursChart, MonthlyHoursTable, monthlyHoursRows } from '@tht/ui/charts';
import { useHrTrends, type HrShown } from '../hr-api/hrApi';

const TARGET_PACE = 'Target pace';

function TrendFigures({ trends, asTable }: { trends: HrTrends; asTable: boolean }) {
  const months = {
    rows: monthlyHoursRows(trends.hoursByMonth, trends.targetPace, trends.year),
    caption: `Hours per month in ${trends.year}`,
    paceLabel: TARGET_PACE,
  };
  const departments = { rows: trends.hoursByDepartment, caption: `Hours by department in ${trends.year}` };
  return asTable ? (
    <>
      <MonthlyHoursTable {...months} />
      <DepartmentHoursTable {...departments} />
    </>
  ) : (
    <>
      <MonthlyHoursChart {...months} />
      <DepartmentHoursChart {...departments} />
    </>
  );
}

/**
 * An addition of ours: the organisation's hours per month against the yearly target's pace, and hours
 * by department, as charts or, at the press of a button, as tables.
 */
export function TrainingTrends(shown: HrShown) {
  const { year } = shown;
  const { trends, error } = useHrTrends(shown);
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
      {(loaded) =>
        loaded.hoursByMonth.every((hours) => hours === 0) ? (
          <EmptyText>{M.noRecords(year)}</EmptyText>
        ) : (
          <TrendFigures trends={loaded} asTable={asTable} />
        )
      }
    </DashboardSection>
  );
}
