import { changePercent, SMT_MESSAGES as M } from '@tht/contracts';

/** How a figure compares with the year before: '+25% vs 2024 (16)', 'No change vs 2024 (16)' or 'No figures for 2024'. */
export function comparisonText(current: number, previous: number, previousYear: number): string {
  const change = changePercent(current, previous);
  if (change === null) return M.noComparison(previousYear);
  const direction = change > 0 ? `+${change}%` : change < 0 ? `${change}%` : 'No change';
  return `${direction} ${M.comparedWith(previousYear)} (${previous})`;
}
