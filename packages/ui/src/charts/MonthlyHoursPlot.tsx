import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from 'styled-components';
import type { MonthlyHoursRow } from './monthlyHoursRows';

/**
 * Bars for each month's hours, a solid line with dots for the running total and a dashed line for
 * the target's pace: told apart by shape, not by colour alone. Loaded with recharts when it shows.
 */
export default function MonthlyHoursPlot({ rows, paceLabel }: { rows: readonly MonthlyHoursRow[]; paceLabel: string }) {
  const theme = useTheme();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke={theme.colors.border} strokeDasharray="2 4" />
        <XAxis dataKey="month" stroke={theme.colors.mutedText} />
        <YAxis stroke={theme.colors.mutedText} allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Bar dataKey="hours" name="Hours in the month" fill={theme.colors.primary} legendType="rect" isAnimationActive={false} />
        <Line
          dataKey="hoursSoFar"
          name="Hours so far"
          stroke={theme.colors.text}
          strokeWidth={2}
          dot={{ r: 3 }}
          legendType="circle"
          isAnimationActive={false}
        />
        <Line
          dataKey="pace"
          name={paceLabel}
          stroke={theme.colors.warning}
          strokeWidth={2}
          strokeDasharray="6 4"
          dot={false}
          legendType="plainline"
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
