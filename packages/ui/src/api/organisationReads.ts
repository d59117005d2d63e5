import { accountsRoutes, departmentsRoutes, targetsRoutes, usersRoutes } from '@tht/contracts';
import { useRead } from './routeCalls';

/** Every department, sorted by name (the admin's list, and every form's choice). */
export function useDepartments() {
  const { data, error } = useRead(departmentsRoutes.listDepartments, {});
  return { departments: data, error };
}

/** Everyone, sorted by last name (colleagues to pick a manager from, employees to import for). */
export function useUserDirectory() {
  const { data, error } = useRead(usersRoutes.listUsers, {});
  return { users: data, error };
}

/** The people who may be chosen as a manager. */
export function useManagerOptions() {
  const { data, error } = useRead(accountsRoutes.listManagers, {});
  return { managers: data, error };
}

/** The fiscal years, which are the yearly targets, latest first. */
export function useFiscalYears() {
  const { data, error } = useRead(targetsRoutes.listFiscalYears, {});
  return { fiscalYears: data, error };
}
