import { HIGH_RATING_MIN, isEventOf, type EntryDetails } from '@tht/contracts';
import { sql } from 'kysely';
import { deleteRows, unnestRows, upsertRows, type ColumnTypes } from '../framework/batch-sql';
import type { ProjectedEvent, Projector } from '../framework/projector';
import type { ReadModelDb, ReadModelTransaction } from '../read-model-tables';

/**
 * What the HR dashboard needs of the organisation beyond the per-person totals of
 * `training-totals`: the top rated courses (entries rated 4 or more, grouped by training name) and
 * the latest innovative entries of a year, kept as entries are logged, edited and deleted, so no
 * request groups or sorts the organisation's entries.
 */

/** Every entry's part in the insights, kept so that an edit or deletion takes exactly that back out. */
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

async function migrate(db: ReadModelDb, schema: string): Promise<void> {
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

function insightOf(entry: EntryDetails & { entryId: number; userId: number }): OrgInsightEntryRow {
  return {
    entry_id: entry.entryId,
    user_id: entry.userId,
    year: Number(entry.date.slice(0, 4)),
    date: entry.date,
    training_name: entry.trainingName,
    rating: entry.rating,
    innovative: entry.beInnovative,
  };
}

const isHandled = isEventOf('EntryLogged', 'EntryEdited', 'EntryDeleted', 'UserDeleted');
type HandledEvent = ProjectedEvent<'EntryLogged' | 'EntryEdited' | 'EntryDeleted' | 'UserDeleted'>;

/** A high-rated entry's part in its course's figures, added (+1) or taken back (-1). */
interface CourseDelta {
  year: number;
  training_name: string;
  rating: number;
  sign: 1 | -1;
}

const COURSE_DELTA_TYPES: ColumnTypes<CourseDelta> = { year: 'int4', training_name: 'text', rating: 'int4', sign: 'int4' };

const isHighRated = (row: OrgInsightEntryRow) => row.rating >= HIGH_RATING_MIN;

/**
 * One batch, as in `training-totals`: the stored rows of the entries it edits or deletes are
 * loaded with one query, the events applied in order in memory, then each changed entry's old
 * part is taken out and its new one added, with one statement per table. Courses left with no
 * completions have no row, so the tables do not depend on how the log was cut into batches.
 */
class OrgInsightsBatch {
  /** The stored row of every entry the batch touches (null: none stored). */
  private readonly stored = new Map<number, OrgInsightEntryRow | null>();
  /** Its row after the batch's events so far (null: deleted or never logged). */
  private readonly current = new Map<number, OrgInsightEntryRow | null>();
  private readonly deletedUsers = new Set<number>();

  private constructor(
    private readonly trx: ReadModelTransaction,
    private readonly schema: string,
  ) {}

  static async load(trx: ReadModelTransaction, schema: string, events: readonly HandledEvent[]): Promise<OrgInsightsBatch> {
    const batch = new OrgInsightsBatch(trx, schema);
    const ids = events.flatMap((event) =>
      event.type === 'EntryEdited' || event.type === 'EntryDeleted' ? [event.data.entryId] : [],
    );
    if (ids.length === 0) return batch;
    for (const id of ids) batch.stored.set(id, null);
    const { rows } = await sql<OrgInsightEntryRow>`SELECT entry_id, user_id, year, date, training_name, rating, innovative
      FROM ${batch.table('org_insight_entries')} WHERE entry_id = ANY(${ids}::int4[])`.execute(trx);
    for (const row of rows) batch.stored.set(row.entry_id, row);
    for (const [id, row] of batch.stored) batch.current.set(id, row);
    return batch;
  }

  apply(event: HandledEvent): void {
    switch (event.type) {
      case 'EntryLogged':
        this.current.set(event.data.entryId, insightOf(event.data));
        return;
      case 'EntryEdited':
        // Like the entries read model, an edit of an entry it does not hold changes nothing.
        if (this.current.get(event.data.entryId)) this.current.set(event.data.entryId, insightOf(event.data));
        return;
      case 'EntryDeleted':
        this.current.set(event.data.entryId, null);
        return;
      case 'UserDeleted':
        // Entries go with their owner (as in the entries read model); ids are never reused.
        this.deletedUsers.add(event.data.userId);
        return;
    }
  }

  private table(name: keyof OrgInsightsTables) {
    return sql.table(`${this.schema}.${name}`);
  }

  async flush(): Promise<void> {
    await this.removeDeletedUsers();
    const deltas: CourseDelta[] = [];
    const removed: number[] = [];
    const kept: OrgInsightEntryRow[] = [];
    for (const [id, now] of this.current) {
      const before = this.stored.get(id);
      if (before === now || [before, now].some((row) => row && this.deletedUsers.has(row.user_id))) continue;
      if (before && isHighRated(before))
        deltas.push({ year: before.year, training_name: before.training_name, rating: before.rating, sign: -1 });
      if (now && isHighRated(now)) deltas.push({ year: now.year, training_name: now.training_name, rating: now.rating, sign: 1 });
      if (now) kept.push(now);
      else if (before) removed.push(id);
    }
    await deleteRows(this.trx, this.schema, 'org_insight_entries', 'entry_id', 'int4', removed);
    await upsertRows(this.trx, this.schema, 'org_insight_entries', kept, { types: ENTRY_COLUMN_TYPES, key: ['entry_id'] });
    await this.addToCourses(deltas);
  }

  /** A deleted user's stored entries leave, and their high ratings leave their courses. */
  private async removeDeletedUsers(): Promise<void> {
    if (this.deletedUsers.size === 0) return;
    const users = [...this.deletedUsers];
    const { rows } = await sql<CourseDelta>`SELECT year, training_name, rating, -1 AS sign FROM ${this.table('org_insight_entries')}
      WHERE user_id = ANY(${users}::int4[]) AND rating >= ${HIGH_RATING_MIN}`.execute(this.trx);
    await deleteRows(this.trx, this.schema, 'org_insight_entries', 'user_id', 'int4', users);
    await this.addToCourses(rows);
  }

  private async addToCourses(deltas: readonly CourseDelta[]): Promise<void> {
    if (deltas.length === 0) return;
    const rows = unnestRows(deltas, COURSE_DELTA_TYPES, 'd');
    await sql`INSERT INTO ${this.table('org_course_ratings')} AS c (year, training_name, completions, rating_sum)
      SELECT d.year, d.training_name, sum(d.sign), sum(d.sign * d.rating) FROM ${rows}
      GROUP BY d.year, d.training_name
      ON CONFLICT (year, training_name) DO UPDATE SET
        completions = c.completions + EXCLUDED.completions,
        rating_sum = c.rating_sum + EXCLUDED.rating_sum`.execute(this.trx);
    await sql`DELETE FROM ${this.table('org_course_ratings')} AS c
      USING (SELECT DISTINCT year, training_name FROM ${unnestRows(deltas, { year: 'int4', training_name: 'text' }, 'd')}) AS k
      WHERE c.year = k.year AND c.training_name = k.training_name AND c.completions = 0`.execute(this.trx);
  }
}

export const orgInsightsProjector: Projector = {
  name: 'org-insights',
  migrate,
  async project(trx, schema, events) {
    const relevant = events.filter(isHandled);
    if (relevant.length === 0) return;
    const batch = await OrgInsightsBatch.load(trx, schema, relevant);
    for (const event of relevant) batch.apply(event);
    await batch.flush();
  },
};
