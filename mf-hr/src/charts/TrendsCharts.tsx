import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import styled, { useTheme } from 'styled-components';
import type { DepartmentHours } from '@tht/contracts';
import type { TrendRow } from './trendRows';

const ChartBox = styled.div`
  height: 280px;
  margin-bottom: ${({ theme }) => theme.spacing(4)};
`;

/**
 * The organisation's months (bars for each month's hours, a solid line with dots for the running
 * total, a dashed line for the target's pace: told apart by shape, not colour alone) and its hours
 * by department. Loaded by this remote only, when the chart shows.
 */
export default function TrendsCharts({
  rows,
  departments,
}: {
  rows: readonly TrendRow[];
  departments: readonly DepartmentHours[];
}) {
  const theme = useTheme();
  return (
    <>
      <ChartBox>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid stroke={theme.colors.border} strokeDasharray="2 4" />
            <XAxis dataKey="month" stroke={theme.colors.mutedText} />
            <YAxis stroke={theme.colors.mutedText} allowDecimals={false} />
            <Tooltip />
            <Legend />
            <Bar
              dataKey="hours"
              name="Hours in the month"
              fill={theme.colors.primary}
              legendType="rect"
              isAnimationActive={false}
            />
            <Line
              dataKey="cumulative"
              name="Hours so far"
              stroke={theme.colors.text}
              strokeWidth={2}
              dot={{ r: 3 }}
              legendType="circle"
              isAnimationActive={false}
            />
            <Line
              dataKey="pace"
              name="Target pace"
              stroke={theme.colors.warning}
              strokeWidth={2}
              strokeDasharray="6 4"
              dot={false}
              legendType="plainline"
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </ChartBox>
      <ChartBox>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={departments} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 16 }}>
            <CartesianGrid stroke={theme.colors.border} strokeDasharray="2 4" />
            <XAxis type="number" stroke={theme.colors.mutedText} allowDecimals={false} />
            <YAxis type="category" dataKey="department" width={120} stroke={theme.colors.mutedText} />
            <Tooltip />
            <Bar dataKey="hours" name="Hours by department" fill={theme.colors.success} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartBox>
    </>
  );
}
