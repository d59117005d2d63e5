import { monthDateRange, yearDateRange, type EntryStats, type EntryView } from '@tht/contracts';
import { sql, type Kysely } from 'kysely';
import { READ_MODEL_SCHEMA } from 'projections';

const entries = (db: Kysely<any>) => db.withSchema(READ_MODEL_SCHEMA).selectFrom('entries');

/**
 * An entry as the API returns it (`EntryView`), built by PostgreSQL: lists go out as the JSON text
 * the database produced, with no row parsing or re-serialising in between. `employeeName` is the
 * owner's current account name (the entry's own names if the account is gone).
 */
const entryJson = sql`json_build_object(
  'id', e.id,
  'userId', e.user_id,
  'employeeName', coalesce(u.first_name || ' ' || u.last_name, e.first_name || ' ' || e.last_name),
  'trainingName', e.training_name,
  'date', e.date,
  'firstName', e.first_name,
  'lastName', e.last_name,
  'managerName', e.manager_name,
  'department', e.department,
  'hours', e.hours::text,
  'notes', e.notes,
  'rating', e.rating,
  'beInnovative', e.be_innovative,
  'trainingType', e.training_type,
  'courseGivenBy', e.course_given_by,
  'customFields', e.custom_fields,
  'createdAt', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'updatedAt', to_char(e.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
)`;

const entriesWithOwner = (db: Kysely<any>) =>
  db.withSchema(READ_MODEL_SCHEMA).selectFrom('entries as e').leftJoin('users as u', 'u.id', 'e.user_id');

export async function findEntry(db: Kysely<any>, id: number): Promise<EntryView | undefined> {
  const row = await entriesWithOwner(db)
    .select(entryJson.as('entry'))
    .where('e.id', '=', id)
    .executeTakeFirst();
  return (row as { entry: EntryView } | undefined)?.entry;
}

export interface EntriesFilter {
  /** One person's entries; everyone's when absent. */
  userId?: number;
  /** Entries dated in this year; every year when absent. */
  year?: number;
}

/** Entries, latest date first, as a JSON array (text). */
export async function entriesJson(db: Kysely<any>, { userId, year }: EntriesFilter): Promise<string> {
  let query = entriesWithOwner(db).select(
    sql<string>`coalesce(json_agg(${entryJson} ORDER BY e.date DESC, e.id DESC), '[]')::text`.as('entries'),
  );
  if (userId !== undefined) query = query.where('e.user_id', '=', userId);
  if (year !== undefined) {
    const { from, to } = yearDateRange(year);
    query = query.where('e.date', '>=', from).where('e.date', '<=', to);
  }
  const row = (await query.executeTakeFirstOrThrow()) as { entries: string };
  return row.entries;
}

/** Hours and count of a person's entries (of a year, if given) and the hours dated in the month of `today`. */
export async function entryStats(db: Kysely<any>, userId: number, year: number | undefined, today: Date): Promise<EntryStats> {
  const month = monthDateRange(today);
  let query = entries(db)
    .select([
      sql<number>`count(*)::int`.as('completedTraining'),
      sql<number>`coalesce(sum(hours), 0)::float8`.as('totalHours'),
      sql<number>`coalesce(sum(hours) FILTER (WHERE date >= ${month.from} AND date <= ${month.to}), 0)::float8`.as('thisMonth'),
    ])
    .where('user_id', '=', userId);
  if (year !== undefined) {
    const { from, to } = yearDateRange(year);
    query = query.where('date', '>=', from).where('date', '<=', to);
  }
  const row = (await query.executeTakeFirstOrThrow()) as EntryStats;
  return { totalHours: row.totalHours, completedTraining: row.completedTraining, thisMonth: row.thisMonth };
}

/**
 * Years that have entries, plus `currentYear`, latest first. Walks the date index one year at a
 * time (a loose index scan), so it costs one index probe per year, not a pass over every entry.
 */
export async function availableYears(db: Kysely<any>, currentYear: number): Promise<number[]> {
  const table = sql.table(`${READ_MODEL_SCHEMA}.entries`);
  const { rows } = await sql<{ year: number }>`
    WITH RECURSIVE years(year) AS (
      SELECT (SELECT left(max(date), 4)::int FROM ${table})
      UNION ALL
      SELECT (SELECT left(max(date), 4)::int FROM ${table} WHERE date < lpad(years.year::text, 4, '0') || '-01-01')
      FROM years WHERE years.year IS NOT NULL
    )
    SELECT year FROM years WHERE year IS NOT NULL`.execute(db);
  const years = new Set([currentYear, ...rows.map((row) => row.year)]);
  return [...years].sort((a, b) => b - a);
}
