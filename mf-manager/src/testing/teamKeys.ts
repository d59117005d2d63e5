import { managerRoutes } from '@tht/contracts';
import { readKey } from '@tht/ui';

/** The cache keys of the three team reads (`team-api/teamApi.ts`), all under '/api/manager/'. */
export const teamStatsKey = (managerId: number, year: number) =>
  readKey(managerRoutes.getManagerStats, { params: { managerId }, query: { year } });
export const teamEmployeesKey = (managerId: number) => readKey(managerRoutes.listManagerEmployees, { params: { managerId } });
export const teamEntriesKey = (managerId: number, year: number) =>
  readKey(managerRoutes.listManagerEntries, { params: { managerId }, query: { year } });
