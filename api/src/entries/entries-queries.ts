import { monthDateRange, yearDateRange, type EntryStats, type EntryView } from '@tht/contracts';
import { sql } from 'kysely';
import type pg from 'pg';
import { READ_MODEL_SCHEMA, type ReadModelDb } from 'projections';
import { AS_TEXT, rowChunks } from '../platform/row-chunks';
import { entryViewJson } from './entry-view-json';

const ENTRIES = `${READ_MODEL_SCHEMA}.entries`;
const USERS = `${READ_MODEL_SCHEMA}.users`;

/**
 * The columns of an `EntryView`, in its order. `employeeName` is the owner's current account name
 * (the entry's own names if the account is gone); times come as UTC timestamps without zone;
 * `evidenceCount` counts the entry's files (the evidence read model, one index probe per row);
 * `source` names the connected system that reported the entry (null when hand-logged).
 */
export const ENTRY_VIEW_COLUMNS = `e.id, e.user_id,
  coalesce(u.first_name || ' ' || u.last_name, e.first_name || ' ' || e.last_name),
  e.training_name, e.date, e.first_name, e.last_name, e.manager_name, e.department, e.hours, e.notes,
  e.rating, e.be_innovative, e.training_type, e.course_given_by, e.custom_fields, e.valid_until,
  e.created_at AT TIME ZONE 'UTC', e.updated_at AT TIME ZONE 'UTC',
  (SELECT count(*) FROM ${READ_MODEL_SCHEMA}.evidence ev WHERE ev.entry_id = e.id), e.source`;

const ENTRIES_WITH_OWNER = `${ENTRIES} e LEFT JOIN ${USERS} u ON u.id = e.user_id`;

/**
 * Lists are the hottest reads of the product. They run as named prepared statements (planned
 * once per connection) and return plain columns, which `entryViewJson` turns into the response
 * text: building JSON in PostgreSQL (json_build_object, json_agg) costs it several times more
 * CPU than the rows themselves.
 */
async function queryEntryRows(pool: pg.Pool, name: string, text: string, values: unknown[]): Promise<string[][]> {
  const result = await pool.query<string[]>({ name, text, values, rowMode: 'array', types: AS_TEXT });
  return result.rows;
}

/** The rows of a list query (`ENTRY_VIEW_COLUMNS`, in the order wanted) as a JSON array of entries (text). */
export async function entryListJson(pool: pg.Pool, name: string, text: string, values: unknown[]): Promise<string> {
  const rows = await queryEntryRows(pool, name, text, values);
  return `[${rows.map(entryViewJson).join(',')}]`;
}

export async function findEntry(pool: pg.Pool, id: number): Promise<EntryView | undefined> {
  const [row] = await queryEntryRows(
    pool,
    'entry-by-id',
    `SELECT ${ENTRY_VIEW_COLUMNS} FROM ${ENTRIES_WITH_OWNER} WHERE e.id = $1`,
    [id],
  );
  return row && (JSON.parse(entryViewJson(row)) as EntryView);
}

/** Whose an entry is (an entry never changes owner); undefined when there is no such entry. */
export async function findEntryOwner(db: ReadModelDb, id: number): Promise<number | undefined> {
  const row = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('entries')
    .select('user_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.user_id;
}

/** `WHERE` conditions on the entries of one person and/or one year, with their values. */
function entriesWhere(userId: number | undefined, year: number | undefined): { where: string; values: unknown[] } {
  const conditions: string[] = [];
  const values: unknown[] = [];
  if (userId !== undefined) {
    values.push(userId);
    conditions.push(`e.user_id = $${values.length}`);
  }
  if (year !== undefined) {
    const { from, to } = yearDateRange(year);
    values.push(from, to);
    conditions.push(`e.date >= $${values.length - 1} AND e.date <= $${values.length}`);
  }
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', values };
}

const listText = (where: string) =>
  `SELECT ${ENTRY_VIEW_COLUMNS} FROM ${ENTRIES_WITH_OWNER} ${where} ORDER BY e.date DESC, e.id DESC`;

/** One person's entries (of a year, if given), latest date first, as a JSON array (text). */
export async function personEntriesJson(pool: pg.Pool, userId: number, year: number | undefined): Promise<string> {
  const { where, values } = entriesWhere(userId, year);
  return entryListJson(pool, `entries-of-user${year === undefined ? '' : '-in-year'}`, listText(where), values);
}

/**
 * Everyone's entries (of a year, if given), latest date first, as the pieces of one JSON array,
 * read through a cursor a chunk at a time (`rowChunks`).
 */
export async function* everyonesEntriesJson(pool: pg.Pool, year: number | undefined): AsyncGenerator<string> {
  const { where, values } = entriesWhere(undefined, year);
  yield '[';
  let separator = '';
  for await (const rows of rowChunks(pool, listText(where), values)) {
    yield separator + rows.map(entryViewJson).join(',');
    separator = ',';
  }
  yield ']';
}

/** Hours and count of a person's entries (of a year, if given) and the hours dated in the month of `today`. */
export async function entryStats(pool: pg.Pool, userId: number, year: number | undefined, today: Date): Promise<EntryStats> {
  const month = monthDateRange(today);
  const values: unknown[] = [userId, month.from, month.to];
  if (year !== undefined) {
    const { from, to } = yearDateRange(year);
    values.push(from, to);
  }
  const { rows } = await pool.query<EntryStats>({
    name: year === undefined ? 'entry-stats' : 'entry-stats-in-year',
    text: `SELECT count(*)::int AS "completedTraining", coalesce(sum(hours), 0)::float8 AS "totalHours",
        coalesce(sum(hours) FILTER (WHERE date >= $2 AND date <= $3), 0)::float8 AS "thisMonth"
      FROM ${ENTRIES} WHERE user_id = $1${year === undefined ? '' : ' AND date >= $4 AND date <= $5'}`,
    values,
  });
  const { totalHours, completedTraining, thisMonth } = rows[0]!;
  return { totalHours, completedTraining, thisMonth };
}

/**
 * Years that have entries, plus `currentYear`, latest first. Walks the date index one year at a
 * time (a loose index scan), so it costs one index probe per year, not a pass over every entry.
 */
export async function availableYears(db: ReadModelDb, currentYear: number): Promise<number[]> {
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
