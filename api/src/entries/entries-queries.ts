import { monthDateRange, yearDateRange, type EntryStats, type EntryView } from '@tht/contracts';
import { sql, type Kysely } from 'kysely';
import { READ_MODEL_SCHEMA, type EntryRow } from 'projections';

const entries = (db: Kysely<any>) => db.withSchema(READ_MODEL_SCHEMA).selectFrom('entries');

/** An entry row with its owner's current account name (the entry's own names if the account is gone). */
type EntryWithOwner = EntryRow & { employee_name: string };

const entriesWithOwner = (db: Kysely<any>) =>
  db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('entries as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .selectAll('e')
    .select(sql<string>`coalesce(u.first_name || ' ' || u.last_name, e.first_name || ' ' || e.last_name)`.as('employee_name'));

const iso = (value: Date | string) => new Date(value).toISOString();

export function toEntryView(row: EntryWithOwner): EntryView {
  return {
    id: row.id,
    userId: row.user_id,
    employeeName: row.employee_name,
    trainingName: row.training_name,
    date: row.date,
    firstName: row.first_name,
    lastName: row.last_name,
    managerName: row.manager_name,
    department: row.department,
    hours: String(row.hours),
    notes: row.notes,
    rating: row.rating,
    beInnovative: row.be_innovative,
    trainingType: row.training_type,
    courseGivenBy: row.course_given_by,
    customFields: row.custom_fields as EntryView['customFields'],
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export async function findEntry(db: Kysely<any>, id: number): Promise<EntryView | undefined> {
  const row = (await entriesWithOwner(db).where('e.id', '=', id).executeTakeFirst()) as EntryWithOwner | undefined;
  return row && toEntryView(row);
}

export interface EntriesFilter {
  /** One person's entries; everyone's when absent. */
  userId?: number;
  /** Entries dated in this year; every year when absent. */
  year?: number;
}

/** Entries, latest date first. */
export async function listEntries(db: Kysely<any>, { userId, year }: EntriesFilter): Promise<EntryView[]> {
  let query = entriesWithOwner(db);
  if (userId !== undefined) query = query.where('e.user_id', '=', userId);
  if (year !== undefined) {
    const { from, to } = yearDateRange(year);
    query = query.where('e.date', '>=', from).where('e.date', '<=', to);
  }
  const rows = (await query.orderBy('e.date', 'desc').orderBy('e.id', 'desc').execute()) as EntryWithOwner[];
  return rows.map(toEntryView);
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
