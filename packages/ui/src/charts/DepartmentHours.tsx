import { lazy } from 'react';
import type { DepartmentHours } from '@tht/contracts';
import { VisuallyHidden } from '@tht/ui';
import { ChartFrame } from './ChartFrame';
import { FiguresTable } from './FiguresTable';

const DepartmentHoursPlot = lazy(() => import('./DepartmentHoursPlot'));

/** A bar's room in the chart, so that many departments still read. */
const chartHeight = (departments: number) => Math.max(160, 40 + departments * 32);

type DepartmentHoursProps = {
  rows: readonly DepartmentHours[];
  /** Names the table (its caption). */
  caption: string;
};

/** The hours by department as a table: department, hours and the people who trained. */
export function DepartmentHoursTable({ rows, caption }: DepartmentHoursProps) {
  return (
    <FiguresTable
      caption={caption}
      headings={['Department', 'Hours', 'People who trained']}
      rows={rows.map((row) => ({ name: row.department, figures: [row.hours, row.employees] }))}
    />
  );
}

/** The hours by department as horizontal bars for the eyes, with the same figures as a table for screen readers. */
export function DepartmentHoursChart(props: DepartmentHoursProps) {
  return (
    <>
      <ChartFrame height={chartHeight(props.rows.length)}>
        <DepartmentHoursPlot rows={props.rows} />
      </ChartFrame>
      <VisuallyHidden>
        <DepartmentHoursTable {...props} />
      </VisuallyHidden>
    </>
  );
}
