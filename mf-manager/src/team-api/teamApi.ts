import { managerRoutes } from '@tht/contracts';
import { useRead } from '@tht/ui';

/** The team's figures of `year`, each report's target and status, months and topics. */
export function useTeamStats(managerId: number, year: number) {
  const { data, error } = useRead(managerRoutes.getManagerStats, { params: { managerId }, query: { year } });
  return { stats: data, error };
}

/** The direct reports. */
export function useTeamEmployees(managerId: number) {
  const { data, error } = useRead(managerRoutes.listManagerEmployees, { params: { managerId } });
  return { employees: data, error };
}

/** The direct reports' entries of `year`, latest first. */
export function useTeamEntries(managerId: number, year: number) {
  const { data, error } = useRead(managerRoutes.listManagerEntries, { params: { managerId }, query: { year } });
  return { entries: data, error };
}
