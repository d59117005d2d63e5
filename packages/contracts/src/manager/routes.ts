import { defineRoutes } from '../routes/api-route';
import { managerEmployeesSchema, managerEntriesSchema, managerStatsSchema } from './responses';
import { managerIdSchema, managerYearQuerySchema } from './schemas';

const MANAGER_ID = { managerId: managerIdSchema };

/** The Manager View's reads: a manager's direct reports, their entries and the team's figures. */
export const managerRoutes = defineRoutes({
  getManagerStats: {
    method: 'get',
    path: '/api/manager/{managerId}/stats',
    access: 'signed-in',
    params: MANAGER_ID,
    query: managerYearQuerySchema,
    responses: { 200: { schema: managerStatsSchema } },
  },
  listManagerEmployees: {
    method: 'get',
    path: '/api/manager/{managerId}/employees',
    access: 'signed-in',
    params: MANAGER_ID,
    responses: { 200: { schema: managerEmployeesSchema } },
  },
  listManagerEntries: {
    method: 'get',
    path: '/api/manager/{managerId}/entries',
    access: 'signed-in',
    params: MANAGER_ID,
    query: managerYearQuerySchema,
    responses: { 200: { schema: managerEntriesSchema } },
  },
});
