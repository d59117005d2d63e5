import {
  ACCOUNT_MESSAGES,
  ADMIN_MESSAGES as M,
  adminBulkEntriesRequestSchema,
  adminBulkEntriesResultSchema,
  adminStatsSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  syncRolesResultSchema,
} from '@tht/contracts';
import type { DescribeFeatureApi } from '../openapi/operations';

/** The routes of `admin-routes.ts`. */
export const describeAdminApi: DescribeFeatureApi = () => ({
  tag: {
    name: 'Admin',
    description: 'The admin panel: system overview, the user list, role sync and bulk entries for an employee',
  },
  schemas: { AdminUsersPage: adminUsersPageSchema, AdminBulkEntriesResult: adminBulkEntriesResultSchema },
  operations: [
    {
      method: 'get',
      path: '/api/admin-stats',
      operationId: 'getAdminStats',
      summary: 'The system overview',
      description: 'Counts of users, entries and departments, and the hours of every entry.',
      access: 'admin',
      responses: { 200: { description: 'The overview cards', schema: adminStatsSchema } },
    },
    {
      method: 'get',
      path: '/api/admin/users',
      operationId: 'listAdminUsers',
      summary: 'One page of the user list',
      description:
        '50 users a page, sorted by last name, then first name. `search` matches first name, last name, ' +
        'full name or e-mail ignoring case; `role` keeps one role. Each user comes with their direct reports. ' +
        '`GET /api/users` stays the whole pool of possible managers.',
      access: 'admin',
      query: adminUsersQuerySchema,
      responses: { 200: { description: 'The page and the total count', schema: adminUsersPageSchema } },
    },
    {
      method: 'post',
      path: '/api/sync-roles',
      operationId: 'syncRoles',
      summary: 'Align roles with the org chart',
      description:
        'An employee with a direct report becomes manager; a manager without one becomes employee; hr, smt and ' +
        'admin never change. A second call changes nothing (0 promoted, 0 demoted).',
      access: 'admin',
      responses: { 200: { description: 'How many were promoted and demoted', schema: syncRolesResultSchema } },
    },
    {
      method: 'post',
      path: '/api/admin/entries/bulk',
      operationId: 'logAdminBulkEntries',
      summary: 'Bulk entries for one employee',
      description:
        "The admin grid's rules: the types self-study, conference, webinar, workshop and certification besides " +
        'internal and external (kept as sent), Be Innovative also as 1/0, a single-digit rating. Names, manager ' +
        "and department default to the employee's. A row repeating a stored entry of the employee or an earlier " +
        'row (same date, same training name ignoring case and surrounding spaces) is skipped and counted in ' +
        '`duplicates`; invalid rows are listed in `errors` by index; `validateData` is accepted and ignored.',
      access: 'admin',
      body: adminBulkEntriesRequestSchema,
      responses: { 200: { description: 'What was created, refused and skipped', schema: adminBulkEntriesResultSchema } },
      errors: { 400: [M.noEmployeeSelected, M.adminTargetRefused], 404: [ACCOUNT_MESSAGES.userNotFound] },
    },
  ],
});
