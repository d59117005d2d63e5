import { HIGH_RATING_MIN } from '@tht/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import { unnestRows, type ColumnTypes } from '../framework/batch-sql';
import {
  EntryContributions,
  isEntryContributionEvent,
  type EntryContributionEvent,
  type EntryContributionTable,
  type Signed,
} from '../entry-contributions/entry-contributions';
import type { Projector } from '../framework/projector';

/**
 * What the HR dashboard needs of the organisation beyond the per-person totals of
 * `training-totals`: the top rated courses (entries rated 4 or more, grouped by training name) and
 * the latest innovative entries of a year, kept as entries are logged, edited and deleted, so no
 * request groups or sorts the organisation's entries.
 */

/** Every entry's part in the insights, kept so that an edit or deletion takes exactly that back out (see EntryContributions). */
export interface OrgInsightEntryRow {
  entry_id: number;
  user_id: number;
  year: number;
  /** YYYY-MM-DD */
  date: string;
  training_name: string;
  rating: number;
  innovative: boolean;
}

/** Per year and training name, its entries rated 4 or more: how many and the sum of their ratings. */
export interface OrgCourseRatingRow {
  year: number;
  training_name: string;
  completions: number;
  rating_sum: number;
}

export interface OrgInsightsTables {
  org_insight_entries: OrgInsightEntryRow;
  org_course_ratings: OrgCourseRatingRow;
}

const ENTRY_COLUMN_TYPES: ColumnTypes<OrgInsightEntryRow> = {
  entry_id: 'int4',
  user_id: 'int4',
  year: 'int4',
  date: 'text',
  training_name: 'text',
  rating: 'int2',
  innovative: 'bool',
};

async function migrate(db: Kysely<OrgInsightsTables>, schema: string): Promise<void> {
  const entries = sql.table(`${schema}.org_insight_entries`);
  await sql`CREATE TABLE IF NOT EXISTS ${entries} (
    entry_id integer PRIMARY KEY,
    user_id integer NOT NULL,
    year integer NOT NULL,
    date text COLLATE "C" NOT NULL,
    training_name text NOT NULL,
    rating smallint NOT NULL,
    innovative boolean NOT NULL
  )`.execute(db);
  // The latest innovative entries of a year: one short index range, newest first.
  await sql`CREATE INDEX IF NOT EXISTS org_insight_entries_innovative_idx ON ${entries} (year, date DESC, entry_id DESC) WHERE innovative`.execute(
    db,
  );
  // A deleted user's entries, in one statement.
  await sql`CREATE INDEX IF NOT EXISTS org_insight_entries_user_idx ON ${entries} (user_id)`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(`${schema}.org_course_ratings`)} (
    year integer NOT NULL,
    training_name text NOT NULL,
    completions integer NOT NULL,
    rating_sum integer NOT NULL,
    PRIMARY KEY (year, training_name)
  )`.execute(db);
}

/** Each entry's part in the insights (see entry-contributions/entry-contributions.ts). */
const INSIGHTS: EntryContributionTable<OrgInsightEntryRow> = {
  table: 'org_insight_entries',
  columns: ENTRY_COLUMN_TYPES,
  contributionOf: (entry) => ({
    entry_id: entry.entryId,
    user_id: entry.userId,
    year: Number(entry.date.slice(0, 4)),
    date: entry.date,
    training_name: entry.trainingName,
    rating: entry.rating,
    innovative: entry.beInnovative,
  }),
};

/** A high-rated entry's part in its course's figures, added (+1) or taken back (-1). */
type CourseDelta = Pick<Signed<OrgInsightEntryRow>, 'year' | 'training_name' | 'rating' | 'sign'>;

const COURSE_TYPES: ColumnTypes<OrgCourseRatingRow> = {
  year: 'int4',
  training_name: 'text',
  completions: 'int4',
  rating_sum: 'int4',
};

const courses = (schema: string) => sql.table(`${schema}.org_course_ratings`);

/** The deltas summed per course in memory: one row per course the batch changes (none when they cancel out). */
function foldCourses(deltas: readonly CourseDelta[]): OrgCourseRatingRow[] {
  const sums = new Map<string, OrgCourseRatingRow>();
  for (const { year, training_name, rating, sign } of deltas) {
    const key = JSON.stringify([year, training_name]);
    const sum = sums.get(key) ?? { year, training_name, completions: 0, rating_sum: 0 };
    sum.completions += sign;
    sum.rating_sum += sign * rating;
    sums.set(key, sum);
  }
  return [...sums.values()].filter((sum) => sum.completions !== 0 || sum.rating_sum !== 0);
}

/** The high ratings of users deleted in the batch, as stored before it: they leave their courses. */
async function ratingsOfDeletedUsers(
  trx: Transaction<OrgInsightsTables>,
  schema: string,
  events: readonly EntryContributionEvent[],
): Promise<CourseDelta[]> {
  const users = events.flatMap((event) => (event.type === 'UserDeleted' ? [event.data.userId] : []));
  if (users.length === 0) return [];
  const { rows } =
    await sql<CourseDelta>`SELECT year, training_name, rating, -1 AS sign FROM ${sql.table(`${schema}.org_insight_entries`)}
    WHERE user_id = ANY(${users}::int4[]) AND rating >= ${HIGH_RATING_MIN}`.execute(trx);
  return rows;
}

/** Adds the deltas to the courses' completions and rating sums; a course left with none has no row (only one whose count fell can be). */
async function addToCourses(trx: Transaction<OrgInsightsTables>, schema: string, deltas: readonly CourseDelta[]): Promise<void> {
  const changes = foldCourses(deltas);
  if (changes.length === 0) return;
  await sql`INSERT INTO ${courses(schema)} AS c (year, training_name, completions, rating_sum)
    SELECT d.year, d.training_name, d.completions, d.rating_sum FROM ${unnestRows(changes, COURSE_TYPES, 'd')}
    ON CONFLICT (year, training_name) DO UPDATE SET
      completions = c.completions + EXCLUDED.completions,
      rating_sum = c.rating_sum + EXCLUDED.rating_sum`.execute(trx);
  const fallen = changes.filter((change) => change.completions < 0);
  if (fallen.length === 0) return;
  await sql`DELETE FROM ${courses(schema)} AS c USING ${unnestRows(fallen, { year: 'int4', training_name: 'text' }, 'k')}
    WHERE c.year = k.year AND c.training_name = k.training_name AND c.completions = 0`.execute(trx);
}

export const orgInsightsProjector: Projector<OrgInsightsTables> = {
  name: 'org-insights',
  migrate,
  async project(trx, schema, events) {
    const relevant = events.filter(isEntryContributionEvent);
    if (relevant.length === 0) return;
    // Read before the contributions of deleted users go with `flush`.
    const leaving = await ratingsOfDeletedUsers(trx, schema, relevant);
    const contributions = await EntryContributions.load(trx, schema, INSIGHTS, relevant);
    for (const event of relevant) contributions.apply(event);
    const { deltas } = await contributions.flush();
    await addToCourses(trx, schema, [...leaving, ...deltas.filter((delta) => delta.rating >= HIGH_RATING_MIN)]);
  },
};
