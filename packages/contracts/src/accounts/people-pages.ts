import { z } from 'zod';
import { blankAsUndefined } from '../query-parameters';
import { safeString } from '../safe-text';
import { ROLES } from './roles';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from './rules';

/**
 * Lists of people served a page at a time, searched and filtered on the server: the admin user
 * list and HR's employee table, 50 a page.
 */
export const PEOPLE_PAGE_SIZE = 50;
const SEARCH_MAX_LENGTH = Math.max(EMAIL_MAX_LENGTH, 2 * NAME_MAX_LENGTH + 1);

/**
 * Whose accounts a list of people shows: the `active` ones (the default, as before leavers could be
 * switched off), the `deactivated` leavers, or `all`.
 */
export const USER_STATUSES = ['active', 'deactivated', 'all'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** The status filter's choices, as the admin user list and HR's employee table name them. */
export const USER_STATUS_LABELS: Readonly<Record<UserStatus, string>> = {
  active: 'Active',
  deactivated: 'Deactivated',
  all: 'All',
};

export const PEOPLE_PAGE_MESSAGES = {
  invalidStatus: `status must be one of ${USER_STATUSES.join(', ')} (active when absent)`,
  invalidPage: 'page must be a whole number of at least 1',
  invalidRole: `role must be one of ${ROLES.join(', ')} (or empty for every role)`,
  searchTooLong: `search must be at most ${SEARCH_MAX_LENGTH} characters`,
} as const;

const M = PEOPLE_PAGE_MESSAGES;

/** The `status` a list's address carries: none for the default, the active accounts. */
export const statusParameterOf = (status: UserStatus): UserStatus | undefined => (status === 'active' ? undefined : status);

/** `?status=`: active (when absent or empty), deactivated or all. */
export const userStatusParameter = z.preprocess(
  blankAsUndefined,
  z.enum(USER_STATUSES, { error: M.invalidStatus }).default('active'),
);

/**
 * The query parameters every list of people takes: `page` from 1 (default 1), `search` matched
 * against first name, last name, "first last" and e-mail ignoring case, `role` one of the five
 * (empty: every role), `status` (see `USER_STATUSES`).
 */
export const peoplePageParameters = {
  page: z.preprocess(
    blankAsUndefined,
    z.coerce.number({ error: M.invalidPage }).int(M.invalidPage).min(1, M.invalidPage).max(1_000_000, M.invalidPage).default(1),
  ),
  search: z.preprocess((value) => value ?? '', safeString().trim().max(SEARCH_MAX_LENGTH, M.searchTooLong)),
  role: z.preprocess(blankAsUndefined, z.enum(ROLES, { error: M.invalidRole }).optional()),
  status: userStatusParameter,
};

/** What a page of people says besides its rows. */
export const peoplePageFields = {
  /** People matching the search and role filter, on every page. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** At least 1, so "page 1 of 1" reads right for an empty result. */
  totalPages: z.number(),
};

export function totalPagesOf(total: number, pageSize = PEOPLE_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page fields of page `page` of `total` people. */
export function peoplePageOf(page: number, total: number): z.infer<z.ZodObject<typeof peoplePageFields>> {
  return { total, page, pageSize: PEOPLE_PAGE_SIZE, totalPages: totalPagesOf(total) };
}

export type PeoplePageQuery = { page: number; search: string; role?: (typeof ROLES)[number]; status: UserStatus };
