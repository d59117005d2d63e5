import { useDepartments, useManagerOptions } from '@tht/ui';

/** Departments (GET /api/departments) and managers (GET /api/managers) offered by the entry forms. */
export function useEntryFormOptions() {
  const { departments = [] } = useDepartments();
  const { managers = [] } = useManagerOptions();
  return {
    departmentNames: departments.map((department) => department.name),
    managerNames: managers.map((manager) => `${manager.firstName} ${manager.lastName}`),
  };
}
