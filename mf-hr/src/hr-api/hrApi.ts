import {
  hrRoutes,
  targetsRoutes,
  type BulkTargetRequest,
  type HrEmployeeSort,
  type Role,
  type SortOrder,
  type UserStatus,
  type UserTargetCreateInput,
  type UserTargetUpdateInput,
  type YearlyTargetCreateInput,
  type YearlyTargetUpdateInput,
} from '@tht/contracts';
import { useAsOfRead, useRead, useWrite } from '@tht/ui';

/** What the dashboard shows: a year's figures, today's or as recorded by the end of a past day (`asOf`). */
export type HrShown = { year: number; asOf: string | null };

/**
 * Totals, the innovative summary and the organisation's target card; as of a day, `progress`
 * tells how far its replay is until they come.
 */
export function useHrStats({ year, asOf }: HrShown) {
  const { data, progress, error } = useAsOfRead(hrRoutes.getHrStats, year, asOf);
  return { stats: data, progress, error };
}

/** What a page of the employee table is asked for (`role` empty: every role; `status` absent: the active accounts). */
export type EmployeePageQuery = {
  page: number;
  search: string;
  role: Role | '';
  status?: UserStatus;
  sort: HrEmployeeSort;
  order: SortOrder;
};

/** One page of the employee table (50 a page), searched, filtered and sorted by the server. */
export function useHrEmployeePage(year: number, query: EmployeePageQuery) {
  const { data, error } = useRead(hrRoutes.listHrEmployees, { query: { year, ...query } }, { keepPreviousData: true });
  return { page: data, error };
}

/** At most 6 courses rated 4 or more. */
export function useTopCourses({ year, asOf }: HrShown) {
  const { data, error } = useAsOfRead(hrRoutes.listTopCourses, year, asOf);
  return { courses: data, error };
}

/** The top 8 topics. */
export function usePopularTopics({ year, asOf }: HrShown) {
  const { data, error } = useAsOfRead(hrRoutes.listHrTopics, year, asOf);
  return { topics: data, error };
}

/** Hours per month against the target's pace, and by department. */
export function useHrTrends({ year, asOf }: HrShown) {
  const { data, error } = useAsOfRead(hrRoutes.getHrTrends, year, asOf);
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
