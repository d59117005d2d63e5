import { lazy } from 'react';
import { VisuallyHidden } from '@tht/ui';
import { ChartFrame } from './ChartFrame';
import { FiguresTable } from './FiguresTable';
import type { MonthlyHoursRow } from './monthlyHoursRows';

const MonthlyHoursPlot = lazy(() => import('./MonthlyHoursPlot'));

const MONTHLY_CHART_HEIGHT = 280;

type MonthlyHoursProps = {
  rows: readonly MonthlyHoursRow[];
  /** Names the table (its caption). */
  caption: string;
  /** Names the target's pace: the dashed line and its column. */
  paceLabel: string;
};

const orDash = (value: number | null) => (value === null ? '-' : value);

/** The hours per month as a table: month, hours, hours so far and the target's pace. */
export function MonthlyHoursTable({ rows, caption, paceLabel }: MonthlyHoursProps) {
  return (
    <FiguresTable
      caption={caption}
      headings={['Month', 'Hours', 'Hours so far', paceLabel]}
      rows={rows.map((row) => ({ name: row.monthName, figures: [row.hours, orDash(row.hoursSoFar), orDash(row.pace)] }))}
    />
  );
}

/** The hours per month as a chart for the eyes, with the same figures as a table for screen readers. */
export function MonthlyHoursChart(props: MonthlyHoursProps) {
  return (
    <>
      <ChartFrame height={MONTHLY_CHART_HEIGHT}>
        <MonthlyHoursPlot rows={props.rows} paceLabel={props.paceLabel} />
      </ChartFrame>
      <VisuallyHidden>
        <MonthlyHoursTable {...props} />
      </VisuallyHidden>
    </>
  );
}
