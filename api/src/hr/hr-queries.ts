import {
  defaultBulkTargetHours,
  effectiveTargetHours,
  elapsedShareOfYear,
  ENTERPRISE_TOPIC_KEYWORDS,
  expectedHoursAtMonthEnds,
  fullName,
  HR_LIMITS,
  innovationRatePercent,
  organisationProgress,
  PEOPLE_PAGE_SIZE,
  peoplePageOf,
  previewText,
  rankTopics,
  yearDateRange,
  type DepartmentHours,
  type HrEmployee,
  type HrEmployeesPage,
  type HrEmployeesQuery,
  type HrStats,
  type HrTrends,
  type InnovativeHighlight,
  type RecentCourse,
  type TopCourse,
  type TopicCount,
} from '@tht/contracts';
import { sql } from 'kysely';
import type pg from 'pg';
import { READ_MODEL_SCHEMA, type ReadModelDb } from 'projections';
import { statementName } from '../as-of';
import type { AppContext } from '../platform/context';
import { pageWindow, peopleMatching } from '../users';

/**
 * The HR dashboard's figures of one year, every one from read models: the per-person totals and
 * topics of `training-totals`, the courses and innovative entries of `org-insights`, users and
 * targets. No query reads the organisation's entries: each reads one row per person, per topic or
 * per course of the year, or a few rows by index.
 */
const RM = READ_MODEL_SCHEMA;

interface YearlyTargetRow {
  target_hours: number;
  description: string | null;
}

async function yearlyTargetOf(pool: pg.Pool, year: number, schema = RM): Promise<YearlyTargetRow | null> {
  const { rows } = await pool.query<YearlyTargetRow>({
    name: statementName('hr-yearly-target', schema),
    text: `SELECT target_hours, description FROM ${schema}.yearly_targets WHERE year = $1 ORDER BY id LIMIT 1`,
    values: [year],
  });
  return rows[0] ?? null;
}

interface OrganisationTotalsRow {
  total_users: number;
  hours: number;
  entries: number;
  innovative: number;
  innovative_hours: number;
}

const organisationTotalsText = (schema: string) => `SELECT (SELECT count(*)::int FROM ${schema}.users) AS total_users,
    coalesce(sum(hours), 0)::float8 AS hours, coalesce(sum(entries), 0)::int AS entries,
    coalesce(sum(innovative), 0)::int AS innovative, coalesce(sum(innovative_hours), 0)::float8 AS innovative_hours
  FROM ${schema}.training_totals WHERE year = $1`;

interface HighlightRow {
  id: number;
  user_id: number;
  employee_name: string;
  training_name: string;
  date: string;
  hours: number;
  notes: string;
}

/** The latest innovative entries of the year (`org-insights` index), shown with the entries' current details. */
const recentInnovativeText = (schema: string) => `SELECT e.id, e.user_id,
    coalesce(u.first_name || ' ' || u.last_name, e.first_name || ' ' || e.last_name) AS employee_name,
    e.training_name, e.date, e.hours::float8 AS hours, e.notes
  FROM (SELECT entry_id FROM ${schema}.org_insight_entries WHERE year = $1 AND innovative
        ORDER BY date DESC, entry_id DESC LIMIT $2) i
  JOIN ${schema}.entries e ON e.id = i.entry_id
  LEFT JOIN ${schema}.users u ON u.id = e.user_id
  ORDER BY e.date DESC, e.id DESC`;

function highlightOf(row: HighlightRow): InnovativeHighlight {
  return {
    id: row.id,
    userId: row.user_id,
    employeeName: row.employee_name,
    trainingName: row.training_name,
    date: row.date,
    hours: row.hours,
    notesPreview: previewText(row.notes, HR_LIMITS.notesPreview),
  };
}

/**
 * GET /api/hr/stats: the organisation's totals of the year, the innovative summary and the target
 * card; from the live read models, or from those of `schema` (as of a date, `npm run replay`).
 */
export async function hrStats(pool: pg.Pool, year: number, today: Date, schema = RM): Promise<HrStats> {
  const [{ rows: totalsRows }, { rows: highlights }, yearly] = await Promise.all([
    pool.query<OrganisationTotalsRow>({
      name: statementName('hr-organisation-totals', schema),
      text: organisationTotalsText(schema),
      values: [year],
    }),
    pool.query<HighlightRow>({
      name: statementName('hr-recent-innovative', schema),
      text: recentInnovativeText(schema),
      values: [year, HR_LIMITS.recentInnovative],
    }),
    yearlyTargetOf(pool, year, schema),
  ]);
  const totals = totalsRows[0]!;
  const elapsedShare = elapsedShareOfYear(year, today);
  return {
    year,
    totalUsers: totals.total_users,
    totalHours: totals.hours,
    completedTraining: totals.entries,
    innovativeEntries: totals.innovative,
    innovativeHours: totals.innovative_hours,
    innovationRate: innovationRatePercent(totals.innovative, totals.entries),
    recentInnovative: highlights.map(highlightOf),
    elapsedShare,
    target: yearly
      ? organisationProgress(totals.hours, { targetHours: yearly.target_hours, description: yearly.description }, elapsedShare)
      : null,
  };
}

/** What a person's target of the year falls back to, and the default of a bulk assignment. */
interface YearTargets {
  allEmployees: number;
  sharedTargetHours: number;
  bulkTargetHours: number;
}

async function yearTargets(pool: pg.Pool, year: number): Promise<YearTargets> {
  const [{ rows: counts }, { rows: ownTargets }, yearly] = await Promise.all([
    pool.query<{ all_employees: number }>({
      name: 'hr-all-employees',
      // Leavers take no share of the yearly target.
      text: `SELECT count(*)::int AS all_employees FROM ${RM}.users WHERE deactivated_at IS NULL`,
    }),
    pool.query<{ target_hours: number }>({
      name: 'hr-own-targets',
      text: `SELECT target_hours FROM ${RM}.user_targets WHERE year = $1`,
      values: [year],
    }),
    yearlyTargetOf(pool, year),
  ]);
  const sources = { yearlyTargetHours: yearly?.target_hours ?? null, totalUsers: counts[0]!.all_employees };
  return {
    allEmployees: sources.totalUsers,
    sharedTargetHours: effectiveTargetHours({ userTargetHours: null, ...sources }),
    bulkTargetHours: defaultBulkTargetHours(
      ownTargets.map((row) => row.target_hours),
      sources,
    ),
  };
}

/** The accounts the employee table's search and role filter keep, with their totals and own target of `year`. */
function matchingEmployees(db: ReadModelDb, year: number, filter: Pick<HrEmployeesQuery, 'search' | 'role' | 'status'>) {
  return db
    .withSchema(RM)
    .selectFrom('users')
    .leftJoin('training_totals as t', (join) => join.onRef('t.user_id', '=', 'users.id').on('t.year', '=', year))
    .leftJoin('user_targets as ut', (join) => join.onRef('ut.user_id', '=', 'users.id').on('ut.year', '=', year))
    .where(peopleMatching(filter));
}

/** ORDER BY of the employee table: the sorted column, then (or only, for `name`) last name, first name, id. */
function employeeOrder({ sort, order }: Pick<HrEmployeesQuery, 'sort' | 'order'>, sharedTargetHours: number) {
  const direction = sql.raw(order === 'desc' ? 'DESC' : 'ASC');
  const byName = sql`users.last_name, users.first_name, users.id`;
  const column = {
    name: null,
    role: sql`users.role`,
    totalHours: sql`coalesce(t.hours, 0)`,
    completedTraining: sql`coalesce(t.entries, 0)`,
    targetHours: sql`CASE WHEN ut.target_hours > 0 THEN ut.target_hours ELSE ${sharedTargetHours} END`,
  }[sort];
  if (column === null) return sql`users.last_name ${direction}, users.first_name ${direction}, users.id ${direction}`;
  return sql`${column} ${direction}, ${byName}`;
}

/** The latest courses of the year of each of `userIds` (through the entries' (user, date) index). */
async function recentCoursesOf(pool: pg.Pool, year: number, userIds: readonly number[]): Promise<Map<number, RecentCourse[]>> {
  const { from, to } = yearDateRange(year);
  const { rows } = await pool.query<{ user_id: number; training_name: string; date: string }>({
    name: 'hr-recent-courses',
    text: `SELECT p.id AS user_id, r.training_name, r.date FROM unnest($1::int4[]) AS p(id)
      CROSS JOIN LATERAL (SELECT e.training_name, e.date FROM ${RM}.entries e
        WHERE e.user_id = p.id AND e.date >= $2 AND e.date <= $3 ORDER BY e.date DESC, e.id DESC LIMIT $4) r`,
    values: [userIds, from, to, HR_LIMITS.recentCourses],
  });
  const courses = new Map<number, RecentCourse[]>();
  for (const row of rows)
    courses.set(row.user_id, [...(courses.get(row.user_id) ?? []), { trainingName: row.training_name, date: row.date }]);
  return courses;
}

type EmployeeQuery = Pick<HrEmployeesQuery, 'search' | 'role' | 'status' | 'sort' | 'order'> & {
  window?: { limit: number; offset: number };
};

/** The employee table's rows of `year` for a search, filter, order and (optionally) page window. */
async function employeeRows(ctx: AppContext, year: number, query: EmployeeQuery, targets: YearTargets): Promise<HrEmployee[]> {
  let rows = matchingEmployees(ctx.db, year, query)
    .select((eb) => [
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.role',
      'users.department',
      'users.deactivated_at',
      sql<number>`coalesce(t.hours, 0)::float8`.as('hours'),
      eb.fn.coalesce('t.entries', sql<number>`0`).as('entries'),
      'ut.target_hours as own_target',
    ])
    .orderBy(employeeOrder(query, targets.sharedTargetHours));
  if (query.window) rows = rows.limit(query.window.limit).offset(query.window.offset);
  const found = await rows.execute();
  const courses = await recentCoursesOf(
    ctx.pool,
    year,
    found.map((row) => row.id),
  );
  return found.map((row) => ({
    id: row.id,
    name: fullName({ firstName: row.first_name, lastName: row.last_name }),
    email: row.email,
    role: row.role,
    department: row.department,
    totalHours: row.hours,
    completedTraining: row.entries,
    targetHours: row.own_target !== null && row.own_target > 0 ? row.own_target : targets.sharedTargetHours,
    hasOwnTarget: row.own_target !== null,
    recentCourses: courses.get(row.id) ?? [],
    ...(row.deactivated_at === null ? {} : { deactivatedAt: new Date(row.deactivated_at).toISOString() }),
  }));
}

/** GET /api/hr/users: every active account with their figures and target of the year, by last then first name. */
export async function hrEmployees(ctx: AppContext, year: number): Promise<HrEmployee[]> {
  const everyone = { search: '', role: undefined, status: 'active', sort: 'name', order: 'asc' } as const;
  return employeeRows(ctx, year, everyone, await yearTargets(ctx.pool, year));
}

/** GET /api/hr/employees: one page of the employee table (50 a page), searched, filtered and sorted on the server. */
export async function hrEmployeesPage(ctx: AppContext, year: number, query: HrEmployeesQuery): Promise<HrEmployeesPage> {
  const targets = await yearTargets(ctx.pool, year);
  const [employees, count] = await Promise.all([
    employeeRows(ctx, year, { ...query, window: pageWindow(query.page, PEOPLE_PAGE_SIZE) }, targets),
    matchingEmployees(ctx.db, year, query)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    employees,
    ...peoplePageOf(query.page, Number(count.total)),
    allEmployees: targets.allEmployees,
    bulkTargetHours: targets.bulkTargetHours,
  };
}

/**
 * GET /api/hr/top-courses: entries rated 4 or more in the year, grouped by training
 * name, best average first, then most completions (then by name, so ties read the same each time).
 * Only ratings of 4 or more are counted, so every average is at least 4. From the live read models,
 * or from those of `schema` (as of a date), as are the topics and trends below.
 */
export async function topCourses(pool: pg.Pool, year: number, schema = RM): Promise<TopCourse[]> {
  const { rows } = await pool.query<{ training_name: string; completions: number; rating_sum: number }>({
    name: statementName('hr-top-courses', schema),
    text: `SELECT training_name, completions, rating_sum FROM ${schema}.org_course_ratings WHERE year = $1
      ORDER BY rating_sum::numeric / completions DESC, completions DESC, training_name LIMIT $2`,
    values: [year, HR_LIMITS.topCourses],
  });
  return rows.map((row) => ({
    trainingName: row.training_name,
    averageRating: Math.round((row.rating_sum / row.completions) * 100) / 100,
    completions: row.completions,
  }));
}

/** GET /api/hr/topics: the top topics of the enterprise keyword list, over everyone's entries of the year. */
export async function popularTopics(pool: pg.Pool, year: number, schema = RM): Promise<TopicCount[]> {
  const { rows } = await pool.query<{ topic: string; entries: number }>({
    name: statementName('hr-topics', schema),
    text: `SELECT topic, sum(entries)::int AS entries FROM ${schema}.training_topics WHERE year = $1 AND topic = ANY($2::text[]) GROUP BY topic`,
    values: [year, ENTERPRISE_TOPIC_KEYWORDS],
  });
  return rankTopics(new Map(rows.map((row) => [row.topic, row.entries])), ENTERPRISE_TOPIC_KEYWORDS, HR_LIMITS.topics);
}

/** GET /api/hr/trends: the organisation's hours per month against the target's pace, and hours by department. */
export async function hrTrends(pool: pg.Pool, year: number, schema = RM): Promise<HrTrends> {
  const [{ rows: months }, { rows: departments }, yearly] = await Promise.all([
    pool.query<{ month: number; hours: number }>({
      name: statementName('hr-hours-by-month', schema),
      text: `SELECT m.month::int AS month, sum(m.hours)::float8 AS hours
        FROM ${schema}.training_totals t CROSS JOIN unnest(t.hours_by_month) WITH ORDINALITY AS m(hours, month)
        WHERE t.year = $1 GROUP BY m.month`,
      values: [year],
    }),
    pool.query<{ department: string; hours: number; employees: number }>({
      name: statementName('hr-hours-by-department', schema),
      text: `SELECT u.department, sum(t.hours)::float8 AS hours, count(*)::int AS employees
        FROM ${schema}.training_totals t JOIN ${schema}.users u ON u.id = t.user_id
        WHERE t.year = $1 GROUP BY u.department ORDER BY hours DESC, u.department`,
      values: [year],
    }),
    yearlyTargetOf(pool, year, schema),
  ]);
  const hoursByMonth = Array.from({ length: 12 }, (_, index) => months.find((row) => row.month === index + 1)?.hours ?? 0);
  const hoursByDepartment: DepartmentHours[] = departments;
  return {
    year,
    hoursByMonth,
    targetPace: yearly ? expectedHoursAtMonthEnds(yearly.target_hours, year) : null,
    hoursByDepartment,
  };
}
