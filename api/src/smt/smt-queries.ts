import {
  ACTIVE_EMPLOYEE_MIN_ENTRIES,
  elapsedShareOfYear,
  ENTERPRISE_TOPIC_KEYWORDS,
  innovationRatePercent,
  previewText,
  rankTopics,
  SMT_LIMITS,
  smtTargetProgress,
  yearFigures,
  type DepartmentHours,
  type SmtHighlight,
  type SmtOverview,
  type SmtTopRatedEntry,
} from '@tht/contracts';
import type pg from 'pg';
import { READ_MODEL_SCHEMA } from 'projections';
import { statementName } from '../as-of';

/**
 * The SMT dashboard's figures of one year, all from read models, in three statements run side by
 * side: the per-person totals of `training-totals` (this year and the one before), the
 * organisation's aggregates (accounts, target, topics, departments), and the few entries shown by
 * name, found through the indexes of `org-insights` (latest innovative) and `smt-top-rated`
 * (best rated). None of them reads the organisation's entries.
 */
const RM = READ_MODEL_SCHEMA;

interface YearTotalsRow {
  year: number;
  active_employees: number;
  hours: number;
  entries: number;
  innovative: number;
  innovative_hours: number;
}

/** Years `$1` and `$1 - 1`: active employees (people with at least `$2` entries), hours and innovation. */
const yearTotalsText = (schema: string) => `WITH years(year) AS (VALUES ($1::int), ($1::int - 1))
  SELECT y.year, count(t.user_id) FILTER (WHERE t.entries >= $2)::int AS active_employees,
    coalesce(sum(t.hours), 0)::float8 AS hours, coalesce(sum(t.entries), 0)::int AS entries,
    coalesce(sum(t.innovative), 0)::int AS innovative, coalesce(sum(t.innovative_hours), 0)::float8 AS innovative_hours
  FROM years y LEFT JOIN ${schema}.training_totals t ON t.year = y.year
  GROUP BY y.year`;

interface OrganisationRow {
  total_accounts: number;
  target: { targetHours: number; description: string | null } | null;
  topic_counts: { topic: string; count: number }[];
  departments: DepartmentHours[];
}

/** Year `$1`: every account, the yearly target, entries per topic of `$2`, and hours by the department people are in now. */
const organisationText = (schema: string) => `SELECT (SELECT count(*)::int FROM ${schema}.users) AS total_accounts,
    (SELECT json_build_object('targetHours', target_hours, 'description', description)
       FROM ${schema}.yearly_targets WHERE year = $1 ORDER BY id LIMIT 1) AS target,
    (SELECT coalesce(json_agg(json_build_object('topic', s.topic, 'count', s.count)), '[]')
       FROM (SELECT topic, sum(entries)::int AS count FROM ${schema}.training_topics
             WHERE year = $1 AND topic = ANY($2::text[]) GROUP BY topic) s) AS topic_counts,
    (SELECT coalesce(json_agg(d ORDER BY d.hours DESC, d.department), '[]')
       FROM (SELECT u.department, sum(t.hours)::float8 AS hours, count(*)::int AS employees
             FROM ${schema}.training_totals t JOIN ${schema}.users u ON u.id = t.user_id
             WHERE t.year = $1 GROUP BY u.department) d) AS departments`;

/** One entry shown by name, in the answer's own field names, with the list it was found for and its notes. */
type NamedEntryRow = SmtTopRatedEntry & { list: 'innovative' | 'top-rated'; notes: string };

/**
 * Year `$1`: the `$2` latest innovative entries and the `$3` best rated (4 or more), each one short
 * index range, shown with the entries' current details and their owner's current name.
 */
const namedEntriesText = (schema: string) => `SELECT k.list, e.id, e.user_id AS "userId",
    coalesce(u.first_name || ' ' || u.last_name, e.first_name || ' ' || e.last_name) AS "employeeName",
    e.department, e.training_name AS "trainingName", e.course_given_by AS "courseGivenBy", e.date,
    e.hours::float8 AS hours, e.rating, e.notes
  FROM ((SELECT 'innovative' AS list, entry_id FROM ${schema}.org_insight_entries WHERE year = $1 AND innovative
         ORDER BY date DESC, entry_id DESC LIMIT $2)
        UNION ALL
        (SELECT 'top-rated', entry_id FROM ${schema}.smt_top_rated_entries WHERE year = $1
         ORDER BY rating DESC, date DESC, entry_id DESC LIMIT $3)) k
  JOIN ${schema}.entries e ON e.id = k.entry_id
  LEFT JOIN ${schema}.users u ON u.id = e.user_id`;

const latestFirst = (a: NamedEntryRow, b: NamedEntryRow) => b.date.localeCompare(a.date) || b.id - a.id;
const bestRatedFirst = (a: NamedEntryRow, b: NamedEntryRow) => b.rating - a.rating || latestFirst(a, b);

function highlightOf({ id, userId, employeeName, trainingName, date, hours, notes }: NamedEntryRow): SmtHighlight {
  return { id, userId, employeeName, trainingName, date, hours, notesPreview: previewText(notes, SMT_LIMITS.notesPreview) };
}

function topRatedOf({ list: _list, notes: _notes, ...entry }: NamedEntryRow): SmtTopRatedEntry {
  return entry;
}

/**
 * GET /api/smt/overview: everything the SMT dashboard shows for `year`, with the target card as of
 * `today`; from the live read models, or from those of `schema` (as of a date, `?asOf=`).
 */
export async function smtOverview(pool: pg.Pool, year: number, today: Date, schema = RM): Promise<SmtOverview> {
  const [{ rows: totals }, { rows: organisationRows }, { rows: named }] = await Promise.all([
    pool.query<YearTotalsRow>({
      name: statementName('smt-year-totals', schema),
      text: yearTotalsText(schema),
      values: [year, ACTIVE_EMPLOYEE_MIN_ENTRIES],
    }),
    pool.query<OrganisationRow>({
      name: statementName('smt-organisation', schema),
      text: organisationText(schema),
      values: [year, ENTERPRISE_TOPIC_KEYWORDS],
    }),
    pool.query<NamedEntryRow>({
      name: statementName('smt-named-entries', schema),
      text: namedEntriesText(schema),
      values: [year, SMT_LIMITS.latestHighlights, SMT_LIMITS.topRatedEntries],
    }),
  ]);
  const current = totals.find((row) => row.year === year)!;
  const previous = totals.find((row) => row.year === year - 1)!;
  const organisation = organisationRows[0]!;
  const elapsedShare = elapsedShareOfYear(year, today);
  return {
    year,
    ...yearFigures(current.hours, current.active_employees),
    totalAccounts: organisation.total_accounts,
    previousYear: { year: year - 1, ...yearFigures(previous.hours, previous.active_employees) },
    elapsedShare,
    target: organisation.target && smtTargetProgress(current.hours, organisation.target, elapsedShare),
    topics: rankTopics(
      new Map(organisation.topic_counts.map(({ topic, count }) => [topic, count])),
      ENTERPRISE_TOPIC_KEYWORDS,
      SMT_LIMITS.topics,
    ),
    innovation: {
      entries: current.innovative,
      hours: current.innovative_hours,
      rate: innovationRatePercent(current.innovative, current.entries),
      highlights: named
        .filter((row) => row.list === 'innovative')
        .sort(latestFirst)
        .map(highlightOf),
    },
    topRatedEntries: named
      .filter((row) => row.list === 'top-rated')
      .sort(bestRatedFirst)
      .map(topRatedOf),
    hoursByDepartment: organisation.departments,
  };
}
