import type { DepartmentHours } from '@tht/contracts';

/** Departments a print shows by name; the rest are summed in one row, so the page stays one A4 sheet. */
export const PRINTED_DEPARTMENTS = 8;

/**
 * The departments as printed: the first `limit` (they come most hours first), then one row
 * 'Other departments (n)' with the rest's hours and people, when there are more.
 */
export function foldSmallDepartments(rows: readonly DepartmentHours[], limit = PRINTED_DEPARTMENTS): DepartmentHours[] {
  if (rows.length <= limit) return [...rows];
  const rest = rows.slice(limit);
  return [
    ...rows.slice(0, limit),
    {
      department: `Other departments (${rest.length})`,
      hours: rest.reduce((sum, row) => sum + row.hours, 0),
      employees: rest.reduce((sum, row) => sum + row.employees, 0),
    },
  ];
}
