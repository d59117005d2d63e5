import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from 'styled-components';
import type { DepartmentHours } from '@tht/contracts';

/** Horizontal bars of hours per department, in the order given. Loaded with recharts when it shows. */
export default function DepartmentHoursPlot({ rows }: { rows: readonly DepartmentHours[] }) {
  const theme = useTheme();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid stroke={theme.colors.border} strokeDasharray="2 4" horizontal={false} />
        <XAxis type="number" stroke={theme.colors.mutedText} allowDecimals={false} />
        <YAxis type="category" dataKey="department" width={120} stroke={theme.colors.mutedText} />
        <Tooltip />
        <Bar dataKey="hours" name="Hours" fill={theme.colors.primary} maxBarSize={28} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
