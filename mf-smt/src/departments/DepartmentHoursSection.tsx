import { useState } from 'react';
import { SMT_MESSAGES as M, type DepartmentHours, type SmtOverview } from '@tht/contracts';
import { Button, DashboardSection, EmptyText } from '@tht/ui';
import { DepartmentHoursChart, DepartmentHoursTable } from '@tht/ui/charts';
import { foldSmallDepartments } from './departmentRows';

function DepartmentFigures({ year, rows }: { year: number; rows: readonly DepartmentHours[] }) {
  const [asTable, setAsTable] = useState(false);
  const caption = M.departmentsTableCaption(year);
  return (
    <>
      <div data-print="hide">
        <Button $variant="ghost" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
          {M.showAsTable}
        </Button>
        {asTable ? <DepartmentHoursTable rows={rows} caption={caption} /> : <DepartmentHoursChart rows={rows} caption={caption} />}
      </div>
      <div data-print="only" aria-hidden="true">
        <DepartmentHoursTable rows={foldSmallDepartments(rows)} caption={caption} />
      </div>
    </>
  );
}

type DepartmentHoursSectionProps = { year: number; overview: SmtOverview | undefined; error: Error | undefined };

/** Hours by department (an addition of ours): a chart, or a table at the press of a button; a short table when printed. */
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
