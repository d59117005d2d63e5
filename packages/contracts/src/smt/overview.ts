import { organisationProgress } from '../hr/dashboard';
import { completedShare, smtTargetBadge } from '../progress/schedule';
import { TOPIC_LIMITS } from '../topics/topics';
import type { SmtTarget, SmtYearFigures } from './responses';

/** Limits of the SMT dashboard. */
export const SMT_LIMITS = {
  topics: TOPIC_LIMITS.smt,
  latestHighlights: 3,
  notesPreview: 80,
  topRatedEntries: 6,
} as const;

/** Avg Hours per Employee: the year's hours over its active employees, to one decimal (0 without any). */
export function averageHoursPerEmployee(totalHours: number, activeEmployees: number): number {
  return activeEmployees > 0 ? Math.round((totalHours / activeEmployees) * 10) / 10 : 0;
}

/** A year's three headline figures from its hours and active employees. */
export function yearFigures(totalHours: number, activeEmployees: number): SmtYearFigures {
  return { activeEmployees, totalHours, averageHoursPerEmployee: averageHoursPerEmployee(totalHours, activeEmployees) };
}

/**
 * Change from the previous year's figure in whole percent, halves rounded away from zero (a fall
 * reads like a rise of the same size); null when there is nothing to compare with.
 */
export function changePercent(current: number, previous: number): number | null {
  if (previous <= 0) return null;
  const change = ((current - previous) / previous) * 100;
  return Math.sign(change) * Math.round(Math.abs(change)) || 0;
}

/**
 * Share of the target completed as the card prints it: one decimal, rounded down, so a label
 * never shows a threshold the badge does not grant (74.96% reads 74.9%, not 75.0%). Not capped.
 */
export function completedPercentLabel(hours: number, targetHours: number): number {
  return Math.floor(completedShare(hours, targetHours) * 1000 + 1e-9) / 10;
}

/** The SMT target card: the HR card's progress and on-track check, the completed share and the badge. */
export function smtTargetProgress(
  hours: number,
  target: { targetHours: number; description: string | null },
  elapsedShare: number,
): SmtTarget {
  return {
    ...organisationProgress(hours, target, elapsedShare),
    completedPercent: completedPercentLabel(hours, target.targetHours),
    badge: smtTargetBadge(hours, target.targetHours),
  };
}
