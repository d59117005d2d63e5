import {
  entryDuplicateKey,
  PEOPLE_PAGE_SIZE,
  peoplePageOf,
  type AdminStats,
  type AdminUsersPage,
  type AdminUsersQuery,
  type RoleSyncCandidate,
} from '@tht/contracts';
import type pg from 'pg';
import { READ_MODEL_SCHEMA, type ReadModelDb, type UserRow } from 'projections';
import { rowChunks } from '../platform/row-chunks';
import { peopleMatching, pageWindow, toUser, toUserSummary } from '../users';

const RM = READ_MODEL_SCHEMA;

/** GET /api/admin-stats: every account, entry, hour and department there is. */
export async function adminStats(pool: pg.Pool): Promise<AdminStats> {
  const { rows } = await pool.query<AdminStats>({
    name: 'admin-stats',
    text: `SELECT (SELECT count(*)::int FROM ${RM}.users) AS "totalUsers",
        (SELECT count(*)::int FROM ${RM}.entries) AS "totalEntries",
        (SELECT coalesce(sum(hours), 0)::float8 FROM ${RM}.entries) AS "totalHours",
        (SELECT count(*)::int FROM ${RM}.departments) AS "totalDepartments"`,
  });
  return rows[0]!;
}

const users = (db: ReadModelDb) => db.withSchema(RM).selectFrom('users');

/** The users the admin list shows for a search and role filter (all of them when both are empty). */
const matchingUsers = (db: ReadModelDb, query: AdminUsersQuery) => users(db).where(peopleMatching(query));

async function directReportsOf(db: ReadModelDb, managerIds: readonly number[]): Promise<Map<number, UserRow[]>> {
  const reports = new Map<number, UserRow[]>(managerIds.map((id) => [id, []]));
  if (managerIds.length === 0) return reports;
  const rows = await users(db)
    .selectAll()
    .where('manager_id', 'in', managerIds)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .execute();
  for (const row of rows) reports.get(row.manager_id!)?.push(row);
  return reports;
}

/** One page of the admin user list (50 a page, by last name, then first name), each user with their direct reports. */
export async function adminUsersPage(db: ReadModelDb, query: AdminUsersQuery): Promise<AdminUsersPage> {
  const { limit, offset } = pageWindow(query.page, PEOPLE_PAGE_SIZE);
  const [rows, count] = await Promise.all([
    matchingUsers(db, query)
      .selectAll()
      .orderBy('last_name')
      .orderBy('first_name')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute(),
    matchingUsers(db, query)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  const reports = await directReportsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    users: rows.map((row) => ({ ...toUser(row), directReports: (reports.get(row.id) ?? []).map(toUserSummary) })),
    ...peoplePageOf(query.page, Number(count.total)),
  };
}

/** Employees and managers with whether anyone reports to them: the users a role sync may change. */
export async function roleSyncCandidates(db: ReadModelDb): Promise<RoleSyncCandidate[]> {
  const rows = await users(db)
    .select((eb) => [
      'id',
      'role',
      eb
        .exists(eb.selectFrom('users as report').select('report.id').whereRef('report.manager_id', '=', 'users.id'))
        .as('hasDirectReports'),
    ])
    .where('role', 'in', ['employee', 'manager'])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, role: row.role, hasDirectReports: Boolean(row.hasDirectReports) }));
}

/**
 * The duplicate keys (`entryDuplicateKey`) of the stored entries of `userIds` dated on one of
 * `dates`: what a new entry of those people on those dates must not repeat.
 */
export async function storedDuplicateKeys(
  pool: pg.Pool,
  userIds: readonly number[],
  dates: readonly string[],
): Promise<Set<string>> {
  const keys = new Set<string>();
  if (userIds.length === 0 || dates.length === 0) return keys;
  // An import's check may find hundreds of thousands: read a chunk at a time, other requests served between.
  const text = `SELECT user_id, training_name, date FROM ${RM}.entries WHERE user_id = ANY($1::int4[]) AND date = ANY($2::text[])`;
  for await (const rows of rowChunks(pool, text, [userIds, dates])) {
    for (const [userId, trainingName, date] of rows)
      keys.add(entryDuplicateKey({ userId: Number(userId), trainingName: trainingName!, date: date! }));
  }
  return keys;
}
