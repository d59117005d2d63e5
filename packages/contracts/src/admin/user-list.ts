import { z } from 'zod';
import { peoplePageFields, peoplePageParameters } from '../accounts/people-pages';
import { userSchema, userSummarySchema } from '../accounts/responses';
import { queryParametersSchema } from '../query-parameters';

/** GET /api/admin/users?page=&search=&role=: a page of people (see `peoplePageParameters`). */
export const adminUsersQuerySchema = queryParametersSchema(peoplePageParameters);

/** A direct report as the expandable row shows it. */
export const directReportSchema = userSummarySchema;

/** One row of the admin user list: the full user record and their direct reports (sorted like the list). */
export const adminUserListItemSchema = userSchema.extend({ directReports: z.array(directReportSchema) });

/** One page of the admin user list, sorted by last name, then first name (then id). */
export const adminUsersPageSchema = z.strictObject({
  users: z.array(adminUserListItemSchema),
  ...peoplePageFields,
});

export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;
export type AdminUsersQueryInput = z.input<typeof adminUsersQuerySchema>;
export type DirectReport = z.infer<typeof directReportSchema>;
export type AdminUserListItem = z.infer<typeof adminUserListItemSchema>;
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;
