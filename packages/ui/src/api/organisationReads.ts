import useSWR from 'swr';
import type { Department, FiscalYear, ManagerOption, UserSummary } from '@tht/contracts';
import { READS } from './writeRefreshes';

/** GET /api/departments: every department, sorted by name (the admin's list, and every form's choice). */
export function useDepartments() {
  const { data, error } = useSWR<Department[], Error>(READS.departments);
  return { departments: data, error };
}

/** GET /api/users: everyone, sorted by last name (colleagues to pick a manager from, employees to import for). */
export function useUserDirectory() {
  const { data, error } = useSWR<UserSummary[], Error>(READS.users);
  return { users: data, error };
}

/** GET /api/managers: the people who may be chosen as a manager. */
export function useManagerOptions() {
  const { data, error } = useSWR<ManagerOption[], Error>(READS.managers);
  return { managers: data, error };
}

/** GET /api/fiscal-years: the fiscal years, which are the yearly targets, latest first. */
export function useFiscalYears() {
  const { data, error } = useSWR<FiscalYear[], Error>(READS.fiscalYears);
  return { fiscalYears: data, error };
}
