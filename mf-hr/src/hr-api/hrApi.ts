import useSWR from 'swr';
import {
  targetsRoutes,
  type BulkTargetRequest,
  type HrEmployeeSort,
  type HrEmployeesPage,
  type HrStats,
  type Role,
  type SortOrder,
  type HrTrends,
  type TopCourse,
  type TopicCount,
  type UserTargetCreateInput,
  type UserTargetUpdateInput,
  type YearlyTargetCreateInput,
  type YearlyTargetUpdateInput,
} from '@tht/contracts';
import { asOfKey, useAsOfRead, useWrite } from '@tht/ui';

/** What the dashboard shows: a year's figures, today's or as recorded by the end of a past day (`asOf`). */
export type HrShown = { year: number; asOf: string | null };

/**
 * GET /api/hr/stats?year=[&asOf=]: totals, the innovative summary and the organisation's target
 * card; as of a day, `progress` tells how far its replay is until they come.
 */
export function useHrStats({ year, asOf }: HrShown) {
  const { data, progress, error } = useAsOfRead<HrStats>(asOfKey('/api/hr/stats', year, asOf));
  return { stats: data, progress, error };
}

/** What a page of the employee table is asked for (`role` empty: every role). */
export type EmployeePageQuery = { page: number; search: string; role: Role | ''; sort: HrEmployeeSort; order: SortOrder };

export function hrEmployeesKey(year: number, { page, search, role, sort, order }: EmployeePageQuery): string {
  return `/api/hr/employees?${new URLSearchParams({ year: String(year), page: String(page), search, role, sort, order })}`;
}

/** GET /api/hr/employees: one page of the employee table (50 a page), searched, filtered and sorted by the server. */
export function useHrEmployeePage(year: number, query: EmployeePageQuery) {
  const { data, error } = useSWR<HrEmployeesPage, Error>(hrEmployeesKey(year, query), { keepPreviousData: true });
  return { page: data, error };
}

/** GET /api/hr/top-courses?year=[&asOf=]: at most 6 courses rated 4 or more. */
export function useTopCourses({ year, asOf }: HrShown) {
  const { data, error } = useAsOfRead<TopCourse[]>(asOfKey('/api/hr/top-courses', year, asOf));
  return { courses: data, error };
}

/** GET /api/hr/topics?year=[&asOf=]: the top 8 topics. */
export function usePopularTopics({ year, asOf }: HrShown) {
  const { data, error } = useAsOfRead<TopicCount[]>(asOfKey('/api/hr/topics', year, asOf));
  return { topics: data, error };
}

/** GET /api/hr/trends?year=[&asOf=]: hours per month against the target's pace, and by department. */
export function useHrTrends({ year, asOf }: HrShown) {
  const { data, error } = useAsOfRead<HrTrends>(asOfKey('/api/hr/trends', year, asOf));
  return { trends: data, error };
}

/** A year's organisation-wide target (also its fiscal year). */
export const useCreateYearlyTarget = () =>
  useWrite(targetsRoutes.createYearlyTarget, (target: YearlyTargetCreateInput) => ({ body: target }));

export const useUpdateYearlyTarget = () =>
  useWrite(targetsRoutes.updateYearlyTarget, ({ year, ...change }: YearlyTargetUpdateInput & { year: number }) => ({
    params: { year },
    body: change,
  }));

/** One target for the listed people, or for everyone. */
export const useAssignTargets = () =>
  useWrite(targetsRoutes.assignUserTargetsInBulk, (request: BulkTargetRequest) => ({ body: request }));

/** A person's first target of a year. */
export const useCreateUserTarget = () =>
  useWrite(targetsRoutes.createUserTarget, (target: UserTargetCreateInput) => ({ body: target }));

/** Change a person's target. */
export const useUpdateUserTarget = () =>
  useWrite(
    targetsRoutes.updateUserTarget,
    ({ userId, year, ...change }: UserTargetUpdateInput & { userId: number; year: number }) => ({
      params: { userId, year },
      body: change,
    }),
  );
