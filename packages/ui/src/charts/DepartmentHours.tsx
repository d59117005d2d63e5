import { lazy } from 'react';
import type { DepartmentHours } from '@tht/contracts';
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
export function DepartmentHoursTable({ rows, caption, className }: DepartmentHoursProps & { className?: string }) {
  return (
    <FiguresTable className={className}>
      <caption>{caption}</caption>
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
    </FiguresTable>
  );
}

/** The hours by department as horizontal bars for the eyes, with the same figures as a table for screen readers. */
export function DepartmentHoursChart(props: DepartmentHoursProps) {
  return (
    <>
      <ChartFrame height={chartHeight(props.rows.length)}>
        <DepartmentHoursPlot rows={props.rows} />
      </ChartFrame>
      <DepartmentHoursTable {...props} className="visually-hidden" />
    </>
  );
}
