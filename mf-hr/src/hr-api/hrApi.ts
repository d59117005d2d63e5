import useSWR from 'swr';
import type {
  BulkTargetRequest,
  BulkTargetResult,
  HrEmployeeSort,
  HrEmployeesPage,
  HrStats,
  Role,
  SortOrder,
  HrTrends,
  TopCourse,
  TopicCount,
  UserTarget,
  UserTargetCreateInput,
  UserTargetUpdateInput,
  YearlyTarget,
  YearlyTargetCreateInput,
  YearlyTargetUpdateInput,
} from '@tht/contracts';
import { apiRequest, asOfKey, useAsOfRead, useWrite } from '@tht/ui';

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

const createYearlyTarget = (target: YearlyTargetCreateInput) => apiRequest<YearlyTarget>('POST', '/api/yearly-targets', target);
const updateYearlyTarget = ({ year, ...change }: YearlyTargetUpdateInput & { year: number }) =>
  apiRequest<YearlyTarget>('PUT', `/api/yearly-targets/${year}`, change);
const assignTargets = (request: BulkTargetRequest) => apiRequest<BulkTargetResult>('POST', '/api/user-targets/bulk', request);
const createUserTarget = (target: UserTargetCreateInput) => apiRequest<UserTarget>('POST', '/api/user-targets', target);
const updateUserTarget = ({ userId, year, ...change }: UserTargetUpdateInput & { userId: number; year: number }) =>
  apiRequest<UserTarget>('PUT', `/api/user-targets/${userId}/${year}`, change);

/** POST /api/yearly-targets: a year's organisation-wide target (also its fiscal year). */
export const useCreateYearlyTarget = () => useWrite('POST /api/yearly-targets', createYearlyTarget);

/** PUT /api/yearly-targets/{year}. */
export const useUpdateYearlyTarget = () => useWrite('PUT /api/yearly-targets/{year}', updateYearlyTarget);

/** POST /api/user-targets/bulk: one target for the listed people, or for everyone. */
export const useAssignTargets = () => useWrite('POST /api/user-targets/bulk', assignTargets);

/** POST /api/user-targets: a person's first target of a year. */
export const useCreateUserTarget = () => useWrite('POST /api/user-targets', createUserTarget);

/** PUT /api/user-targets/{userId}/{year}: change a person's target. */
export const useUpdateUserTarget = () => useWrite('PUT /api/user-targets/{userId}/{year}', updateUserTarget);
