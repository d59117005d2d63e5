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

export const PEOPLE_PAGE_MESSAGES = {
  invalidPage: 'page must be a whole number of at least 1',
  invalidRole: `role must be one of ${ROLES.join(', ')} (or empty for every role)`,
  searchTooLong: `search must be at most ${SEARCH_MAX_LENGTH} characters`,
} as const;

const M = PEOPLE_PAGE_MESSAGES;

/**
 * The query parameters every list of people takes: `page` from 1 (default 1), `search` matched
 * against first name, last name, "first last" and e-mail ignoring case, `role` one of the five
 * (empty: every role).
 */
export const peoplePageParameters = {
  page: z.preprocess(
    blankAsUndefined,
    z.coerce.number({ error: M.invalidPage }).int(M.invalidPage).min(1, M.invalidPage).max(1_000_000, M.invalidPage).default(1),
  ),
  search: z.preprocess((value) => value ?? '', safeString().trim().max(SEARCH_MAX_LENGTH, M.searchTooLong)),
  role: z.preprocess(blankAsUndefined, z.enum(ROLES, { error: M.invalidRole }).optional()),
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

export type PeoplePageQuery = { page: number; search: string; role?: (typeof ROLES)[number] };
