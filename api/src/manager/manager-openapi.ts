import {
  ACCOUNT_MESSAGES,
  MANAGER_MESSAGES as M,
  managerEmployeesSchema,
  managerEntriesSchema,
  managerIdSchema,
  managerStatsSchema,
  managerYearQuerySchema,
} from '@tht/contracts';
import type { ApiOperation, DescribeFeatureApi } from '../openapi/operations';

const WHO_MAY_READ =
  'The manager themself when manager-like (role manager, or someone with direct reports); HR, SMT and admins for any manager. ' +
  'The team is who reports to the manager now: someone who moved to another manager leaves it with all their entries.';

function teamRead(
  operation: Pick<ApiOperation, 'path' | 'operationId' | 'summary' | 'description' | 'query' | 'responses'>,
): ApiOperation {
  return {
    method: 'get',
    access: 'signed-in',
    params: { managerId: managerIdSchema },
    errors: { 403: [M.teamAccessDenied], 404: [ACCOUNT_MESSAGES.userNotFound] },
    ...operation,
    description: `${operation.description ?? ''}${operation.description ? ' ' : ''}${WHO_MAY_READ}`,
  };
}

/** The routes of `manager-routes.ts`. */
export const describeManagerApi: DescribeFeatureApi = () => ({
  tag: { name: 'Manager', description: "A manager's team of direct reports: figures, people and entries" },
  schemas: { ManagerStats: managerStatsSchema },
  operations: [
    teamRead({
      path: '/api/manager/{managerId}/stats',
      operationId: 'getManagerStats',
      summary: "The team's figures of a year",
      description:
        '`year` defaults to the current year. Each report comes with their target and schedule status, ' +
        'the team with its hours per month and top topics.',
      query: managerYearQuerySchema,
      responses: { 200: { description: 'The team in the year', schema: managerStatsSchema } },
    }),
    teamRead({
      path: '/api/manager/{managerId}/employees',
      operationId: 'listManagerEmployees',
      summary: 'The direct reports',
      responses: { 200: { description: 'By last then first name', schema: managerEmployeesSchema } },
    }),
    teamRead({
      path: '/api/manager/{managerId}/entries',
      operationId: 'listManagerEntries',
      summary: "The direct reports' entries",
      description: '`year` limits to one year; without it every year.',
      query: managerYearQuerySchema,
      responses: { 200: { description: 'Latest date first', schema: managerEntriesSchema } },
    }),
  ],
});
