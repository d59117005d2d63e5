import {
  elapsedShareOfYear,
  ENTERPRISE_TOPIC_KEYWORDS,
  expectedHoursAtMonthEnds,
  fullName,
  HR_LIMITS,
  innovationRatePercent,
  organisationProgress,
  previewText,
  rankTopics,
  yearDateRange,
  type DepartmentHours,
  type HrEmployee,
  type HrStats,
  type HrTrends,
  type InnovativeHighlight,
  type Role,
  type TopCourse,
  type TopicCount,
} from '@tht/contracts';
import type pg from 'pg';
import { READ_MODEL_SCHEMA } from 'projections';
import { statementName } from '../as-of/as-of-statements';
import { targetHoursOf, targetSourcesSql, type TargetSourceColumns } from '../targets/targets-queries';

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

interface EmployeeRow extends TargetSourceColumns {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  department: string;
  hours: number;
  entries: number;
  recent_names: string[];
  recent_dates: string[];
}

/**
 * Every account with their totals and own target of the year `$1`, the yearly target and head
 * count the fallback target needs, and their latest entries of the year (dates `$2`-`$3`), found
 * through the entries' (user, date) index.
 */
const EMPLOYEE_TARGETS = targetSourcesSql('$1');
const EMPLOYEES_TEXT = `SELECT u.id, u.first_name, u.last_name, u.email, u.role, u.department,
    coalesce(t.hours, 0)::float8 AS hours, coalesce(t.entries, 0) AS entries, ${EMPLOYEE_TARGETS.columns},
    coalesce(recent.names, '{}') AS recent_names, coalesce(recent.dates, '{}') AS recent_dates
  FROM ${RM}.users u
  LEFT JOIN ${RM}.training_totals t ON t.user_id = u.id AND t.year = $1
  ${EMPLOYEE_TARGETS.join}
  LEFT JOIN LATERAL (
    SELECT array_agg(r.training_name ORDER BY r.date DESC, r.id DESC) AS names, array_agg(r.date ORDER BY r.date DESC, r.id DESC) AS dates
    FROM (SELECT e.id, e.training_name, e.date FROM ${RM}.entries e
          WHERE t.entries > 0 AND e.user_id = u.id AND e.date >= $2 AND e.date <= $3
          ORDER BY e.date DESC, e.id DESC LIMIT $4) r
  ) recent ON true
  ORDER BY u.last_name, u.first_name, u.id`;

function employeeOf(row: EmployeeRow): HrEmployee {
  return {
    id: row.id,
    name: fullName({ firstName: row.first_name, lastName: row.last_name }),
    email: row.email,
    role: row.role,
    department: row.department,
    totalHours: row.hours,
    completedTraining: row.entries,
    targetHours: targetHoursOf(row),
    hasOwnTarget: row.own_target !== null,
    recentCourses: row.recent_names.map((trainingName, index) => ({ trainingName, date: row.recent_dates[index]! })),
  };
}

/** GET /api/hr/users: every account with their figures and target of the year, by last then first name. */
export async function hrEmployees(pool: pg.Pool, year: number): Promise<HrEmployee[]> {
  const { from, to } = yearDateRange(year);
  const { rows } = await pool.query<EmployeeRow>({
    name: 'hr-employees',
    text: EMPLOYEES_TEXT,
    values: [year, from, to, HR_LIMITS.recentCourses],
  });
  return rows.map(employeeOf);
}

/**
 * GET /api/hr/top-courses (SPEC section 9): entries rated 4 or more in the year, grouped by training
 * name, best average first, then most completions (then by name, so ties read the same each time).
 * Only ratings of 4 or more are counted, so every average is at least 4.
 */
export async function topCourses(pool: pg.Pool, year: number): Promise<TopCourse[]> {
  const { rows } = await pool.query<{ training_name: string; completions: number; rating_sum: number }>({
    name: 'hr-top-courses',
    text: `SELECT training_name, completions, rating_sum FROM ${RM}.org_course_ratings WHERE year = $1
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
export async function popularTopics(pool: pg.Pool, year: number): Promise<TopicCount[]> {
  const { rows } = await pool.query<{ topic: string; entries: number }>({
    name: 'hr-topics',
    text: `SELECT topic, sum(entries)::int AS entries FROM ${RM}.training_topics WHERE year = $1 AND topic = ANY($2::text[]) GROUP BY topic`,
    values: [year, ENTERPRISE_TOPIC_KEYWORDS],
  });
  return rankTopics(new Map(rows.map((row) => [row.topic, row.entries])), ENTERPRISE_TOPIC_KEYWORDS, HR_LIMITS.topics);
}

/** GET /api/hr/trends: the organisation's hours per month against the target's pace, and hours by department. */
export async function hrTrends(pool: pg.Pool, year: number): Promise<HrTrends> {
  const [{ rows: months }, { rows: departments }, yearly] = await Promise.all([
    pool.query<{ month: number; hours: number }>({
      name: 'hr-hours-by-month',
      text: `SELECT m.month::int AS month, sum(m.hours)::float8 AS hours
        FROM ${RM}.training_totals t CROSS JOIN unnest(t.hours_by_month) WITH ORDINALITY AS m(hours, month)
        WHERE t.year = $1 GROUP BY m.month`,
      values: [year],
    }),
    pool.query<{ department: string; hours: number; employees: number }>({
      name: 'hr-hours-by-department',
      text: `SELECT u.department, sum(t.hours)::float8 AS hours, count(*)::int AS employees
        FROM ${RM}.training_totals t JOIN ${RM}.users u ON u.id = t.user_id
        WHERE t.year = $1 GROUP BY u.department ORDER BY hours DESC, u.department`,
      values: [year],
    }),
    yearlyTargetOf(pool, year),
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
