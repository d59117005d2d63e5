import { z } from 'zod';
import { userSchema, userSummarySchema } from '../accounts/responses';
import { ROLES } from '../accounts/roles';
import { NAME_MAX_LENGTH, EMAIL_MAX_LENGTH } from '../accounts/rules';
import { queryParametersSchema } from '../query-parameters';
import { safeString } from '../safe-text';

/** SPEC section 9: the admin user list shows 50 users per page. */
export const ADMIN_USERS_PAGE_SIZE = 50;
const SEARCH_MAX_LENGTH = Math.max(EMAIL_MAX_LENGTH, 2 * NAME_MAX_LENGTH + 1);

export const ADMIN_USER_LIST_MESSAGES = {
  invalidPage: 'page must be a whole number of at least 1',
  invalidRole: `role must be one of ${ROLES.join(', ')} (or empty for every role)`,
  searchTooLong: `search must be at most ${SEARCH_MAX_LENGTH} characters`,
} as const;

const blankAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/**
 * GET /api/admin/users?page=&search=&role=: `page` from 1 (default 1), `search` matched against
 * first name, last name, "first last" and e-mail ignoring case, `role` one of the five (empty: all).
 */
export const adminUsersQuerySchema = queryParametersSchema({
  page: z.preprocess(
    blankAsUndefined,
    z.coerce
      .number({ error: ADMIN_USER_LIST_MESSAGES.invalidPage })
      .int(ADMIN_USER_LIST_MESSAGES.invalidPage)
      .min(1, ADMIN_USER_LIST_MESSAGES.invalidPage)
      .max(1_000_000, ADMIN_USER_LIST_MESSAGES.invalidPage)
      .default(1),
  ),
  search: z.preprocess((value) => value ?? '', safeString().trim().max(SEARCH_MAX_LENGTH, ADMIN_USER_LIST_MESSAGES.searchTooLong)),
  role: z.preprocess(blankAsUndefined, z.enum(ROLES, { error: ADMIN_USER_LIST_MESSAGES.invalidRole }).optional()),
});

/** A direct report as the expandable row shows it. */
export const directReportSchema = userSummarySchema;

/** One row of the admin user list: the full user record and their direct reports (sorted like the list). */
export const adminUserListItemSchema = userSchema.extend({ directReports: z.array(directReportSchema) });

/** One page of the admin user list, sorted by last name, then first name (then id). */
export const adminUsersPageSchema = z.strictObject({
  users: z.array(adminUserListItemSchema),
  /** Users matching the search and role filter, on every page. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** At least 1, so "page 1 of 1" reads right for an empty result. */
  totalPages: z.number(),
});

export function totalPagesOf(total: number, pageSize = ADMIN_USERS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;
export type AdminUsersQueryInput = z.input<typeof adminUsersQuerySchema>;
export type DirectReport = z.infer<typeof directReportSchema>;
export type AdminUserListItem = z.infer<typeof adminUserListItemSchema>;
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;
