import { defineRoutes } from '../routes/api-route';
import { ENTRY_FIGURES, PEOPLE } from '../routes/read-families';
import { adminBulkEntriesRequestSchema, adminBulkEntriesResultSchema } from './admin-bulk';
import { syncRolesResultSchema } from './role-sync';
import { adminStatsSchema } from './stats';
import { adminUsersPageSchema, adminUsersQuerySchema } from './user-list';

/** The admin panel's own routes: the overview, the user list, role sync and bulk entries for an employee. */
export const adminRoutes = defineRoutes({
  getAdminStats: {
    method: 'get',
    path: '/api/admin-stats',
    access: 'admin',
    responses: { 200: { schema: adminStatsSchema } },
  },
  listAdminUsers: {
    method: 'get',
    path: '/api/admin/users',
    access: 'admin',
    query: adminUsersQuerySchema,
    responses: { 200: { schema: adminUsersPageSchema } },
  },
  syncRoles: {
    method: 'post',
    path: '/api/sync-roles',
    access: 'admin',
    responses: { 200: { schema: syncRolesResultSchema } },
    refreshes: PEOPLE,
  },
  logAdminBulkEntries: {
    method: 'post',
    path: '/api/admin/entries/bulk',
    access: 'admin',
    body: adminBulkEntriesRequestSchema,
    responses: { 200: { schema: adminBulkEntriesResultSchema } },
    refreshes: ENTRY_FIGURES,
  },
});
