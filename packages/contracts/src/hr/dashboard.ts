import { hoursToGetBackOnTrack, isOnTrack, progressPercent } from '../progress/schedule';
import { TOPIC_LIMITS } from '../topics/topics';
import type { OrganisationTarget } from './responses';

/** Limits of the HR dashboard. */
export const HR_LIMITS = {
  recentInnovative: 5,
  notesPreview: 100,
  topCourses: 6,
  topics: TOPIC_LIMITS.hr,
  recentCourses: 2,
} as const;

/** The first `length` characters of `text`, with '...' when it was longer. */
export function previewText(text: string, length: number): string {
  const trimmed = text.trim();
  return trimmed.length > length ? `${trimmed.slice(0, length).trimEnd()}...` : trimmed;
}

/** Innovation rate: innovative entries divided by all entries, as a whole percent. */
export function innovationRatePercent(innovativeEntries: number, entries: number): number {
  return entries > 0 ? Math.round((innovativeEntries / entries) * 100) : 0;
}

/** The HR target card's figures: progress, the on-track rule and the hours needed to be back on track. */
export function organisationProgress(
  hours: number,
  target: { targetHours: number; description: string | null },
  elapsedShare: number,
): OrganisationTarget {
  return {
    targetHours: target.targetHours,
    description: target.description,
    progressPercent: progressPercent(hours, target.targetHours),
    onTrack: isOnTrack(hours, target.targetHours, elapsedShare),
    hoursToGetBackOnTrack: hoursToGetBackOnTrack(hours, target.targetHours, elapsedShare),
  };
}

/** The employee table's role filter: all, employee, manager, hr. */
export const HR_ROLE_FILTERS = ['all', 'employee', 'manager', 'hr'] as const;
export type HrRoleFilter = (typeof HR_ROLE_FILTERS)[number];

export const HR_ROLE_FILTER_LABELS: Readonly<Record<HrRoleFilter, string>> = {
  all: 'All roles',
  employee: 'Employee',
  manager: 'Manager',
  hr: 'HR',
};
