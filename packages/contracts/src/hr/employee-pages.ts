import { z } from 'zod';
import { peoplePageFields, peoplePageParameters } from '../accounts/people-pages';
import { entriesQuerySchema } from '../entries/schemas';
import { blankAsUndefined, queryParametersSchema } from '../query-parameters';
import { hrEmployeeSchema } from './responses';

/** The employee table's sortable columns, as the server orders by them (ties: by last, then first name). */
export const HR_EMPLOYEE_SORTS = ['name', 'role', 'totalHours', 'targetHours', 'completedTraining'] as const;
export type HrEmployeeSort = (typeof HR_EMPLOYEE_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const HR_EMPLOYEE_PAGE_MESSAGES = {
  invalidSort: `sort must be one of ${HR_EMPLOYEE_SORTS.join(', ')}`,
  invalidOrder: `order must be one of ${SORT_ORDERS.join(', ')}`,
} as const;

/**
 * GET /api/hr/employees: a page of the employee table (`page`, `search`, `role` as the admin user
 * list takes them), of `year` (the current year when absent), sorted by `sort` (`name`: last, then
 * first name) in `order` (ascending when absent).
 */
export const hrEmployeesQuerySchema = queryParametersSchema({
  year: entriesQuerySchema.shape.year,
  ...peoplePageParameters,
  sort: z.preprocess(blankAsUndefined, z.enum(HR_EMPLOYEE_SORTS, { error: HR_EMPLOYEE_PAGE_MESSAGES.invalidSort }).default('name')),
  order: z.preprocess(blankAsUndefined, z.enum(SORT_ORDERS, { error: HR_EMPLOYEE_PAGE_MESSAGES.invalidOrder }).default('asc')),
});

/** One page of the employee table. */
export const hrEmployeesPageSchema = z.strictObject({
  employees: z.array(hrEmployeeSchema),
  ...peoplePageFields,
  allEmployees: z.number().meta({ description: 'Every active account, whatever the search and filters' }),
  bulkTargetHours: z.number().meta({
    description:
      "The default of a bulk assignment for the year: the most common person's target, else the shared yearly target, else 100",
  }),
});

export type HrEmployeesQuery = z.output<typeof hrEmployeesQuerySchema>;
export type HrEmployeesPage = z.infer<typeof hrEmployeesPageSchema>;
