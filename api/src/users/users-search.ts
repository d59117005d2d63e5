import type { PeoplePageQuery } from '@tht/contracts';
import { sql, type RawBuilder } from 'kysely';
import { usersOfStatus } from './users-queries';

/** `text` as a LIKE pattern that matches it anywhere, its own wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The condition on the read model's `users` rows that a list of people's search, role and status
 * filters keep (every row of the status when search and role are empty): the search in the first name, the last name, "first last"
 * or the e-mail, ignoring case. For any query whose FROM has `users` under its own name.
 */
export function peopleMatching({ search, role, status }: Pick<PeoplePageQuery, 'search' | 'role' | 'status'>): RawBuilder<boolean> {
  const conditions = [usersOfStatus(status)];
  if (role !== undefined) conditions.push(sql`users.role = ${role}`);
  if (search !== '') {
    const pattern = containsPattern(search);
    conditions.push(sql`(users.first_name ILIKE ${pattern} OR users.last_name ILIKE ${pattern}
      OR users.first_name || ' ' || users.last_name ILIKE ${pattern} OR users.email ILIKE ${pattern})`);
  }
  return sql<boolean>`${sql.join(conditions, sql` AND `)}`;
}

/** LIMIT and OFFSET of page `page` (from 1) of `pageSize` rows. */
export const pageWindow = (page: number, pageSize: number) => ({ limit: pageSize, offset: (page - 1) * pageSize });
