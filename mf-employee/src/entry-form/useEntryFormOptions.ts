import useSWR from 'swr';
import type { Department, ManagerOption } from '@tht/contracts';

/** Departments (GET /api/departments) and managers (GET /api/managers) offered by the entry forms. */
export function useEntryFormOptions() {
  const departments = useSWR<Department[]>('/api/departments');
  const managers = useSWR<ManagerOption[]>('/api/managers');
  return {
    departmentNames: (departments.data ?? []).map((department) => department.name),
    managerNames: (managers.data ?? []).map((manager) => `${manager.firstName} ${manager.lastName}`),
  };
}
