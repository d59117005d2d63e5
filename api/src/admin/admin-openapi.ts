import {
  ACCOUNT_MESSAGES,
  ADMIN_MESSAGES as M,
  adminBulkEntriesResultSchema,
  adminRoutes,
  adminUsersPageSchema,
} from '@tht/contracts';
import { describeRoutes, type DescribeFeatureApi } from '../openapi/operations';

/** The prose of the admin panel's routes (`adminRoutes` in @tht/contracts). */
export const describeAdminApi: DescribeFeatureApi = (settings) =>
  describeRoutes(
    adminRoutes,
    {
      tag: {
        name: 'Admin',
        description: 'The admin panel: system overview, the user list, role sync and bulk entries for an employee',
      },
      schemas: { AdminUsersPage: adminUsersPageSchema, AdminBulkEntriesResult: adminBulkEntriesResultSchema },
      operations: {
        getAdminStats: {
          summary: 'The system overview',
          description: 'Counts of users, entries and departments, and the hours of every entry.',
          responses: { 200: 'The overview cards' },
        },
        listAdminUsers: {
          summary: 'One page of the user list',
          description:
            '50 users a page, sorted by last name, then first name. `search` matches first name, last name, ' +
            'full name or e-mail ignoring case; `role` keeps one role; `status` the active accounts (default), the ' +
            'deactivated ones (leavers, marked with `deactivatedAt`) or all. Each user comes with their direct reports. ' +
            '`GET /api/users` stays the whole pool of possible managers.',
          responses: { 200: 'The page and the total count' },
        },
        syncRoles: {
          summary: 'Align roles with the org chart',
          description:
            'An employee with a direct report becomes manager; a manager without one becomes employee; hr, smt and ' +
            'admin never change. A second call changes nothing (0 promoted, 0 demoted).',
          responses: { 200: 'How many were promoted and demoted' },
        },
        logAdminBulkEntries: {
          summary: 'Bulk entries for one employee',
          description:
            "The admin grid's rules: the types self-study, conference, webinar, workshop and certification besides " +
            'internal and external (kept as sent), Be Innovative also as 1/0, a single-digit rating. Names, manager ' +
            "and department default to the employee's. A row repeating a stored entry of the employee or an earlier " +
            'row (same date, same training name ignoring case and surrounding spaces) is skipped and counted in ' +
            '`duplicates`; invalid rows are listed in `errors` by index; `validateData` is accepted and ignored.',
          responses: { 200: 'What was created, refused and skipped' },
          errors: { 400: [M.noEmployeeSelected, M.adminTargetRefused], 404: [ACCOUNT_MESSAGES.userNotFound] },
        },
      },
    },
    settings,
  );
