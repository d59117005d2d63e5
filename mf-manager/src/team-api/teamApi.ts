import useSWR from 'swr';
import type { EntryView, ManagerStats, UserSummary } from '@tht/contracts';

/** The cache keys of the three manager reads (all under '/api/manager/', refreshed after entry changes). */
export const teamStatsKey = (managerId: number, year: number) => `/api/manager/${managerId}/stats?year=${year}`;
export const teamEmployeesKey = (managerId: number) => `/api/manager/${managerId}/employees`;
export const teamEntriesKey = (managerId: number, year: number) => `/api/manager/${managerId}/entries?year=${year}`;

/** GET /api/manager/{managerId}/stats?year=: the team's figures, each report's target and status, months and topics. */
export function useTeamStats(managerId: number, year: number) {
  const { data, error } = useSWR<ManagerStats, Error>(teamStatsKey(managerId, year));
  return { stats: data, error };
}

/** GET /api/manager/{managerId}/employees: the direct reports. */
export function useTeamEmployees(managerId: number) {
  const { data, error } = useSWR<UserSummary[], Error>(teamEmployeesKey(managerId));
  return { employees: data, error };
}

/** GET /api/manager/{managerId}/entries?year=: the direct reports' entries of the year, latest first. */
export function useTeamEntries(managerId: number, year: number) {
  const { data, error } = useSWR<EntryView[], Error>(teamEntriesKey(managerId, year));
  return { entries: data, error };
}
