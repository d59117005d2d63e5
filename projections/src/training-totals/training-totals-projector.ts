import { HIGH_RATING_MIN, topicsOf } from '@tht/contracts';
import { sql, type RawBuilder } from 'kysely';
import { deleteRows, unnestRows, type ColumnTypes } from '../framework/batch-sql';
import {
  EntryContributions,
  isEntryContributionEvent,
  type EntryContributionTable,
  type LoggedEntry,
  type Signed,
} from '../framework/entry-contributions';
import type { Projector } from '../framework/projector';
import type { ReadModelDb, ReadModelTransaction } from '../read-model-tables';

/**
 * Per person and year, what the Manager and HR dashboards show, kept up to date as entries are
 * logged, edited and deleted, so no request sums a person's entries. Who manages whom is not
 * kept here: queries join `users` on its current `manager_id`, so a report who moves to another
 * manager moves with all their figures.
 */
export interface TrainingTotalsRow {
  user_id: number;
  year: number;
  /** numeric, read back as text ("12.5") */
  hours: string;
  entries: number;
  /** Entries rated 4 or more (SPEC section 9: 'high rated'). */
  high_rated: number;
  innovative: number;
  innovative_hours: string;
  /** Hours dated in each month, January first (12 numerics, read back as text). */
  hours_by_month: string[];
}

/** Entries of a person and year that mention a topic (each entry counts once per topic). */
export interface TrainingTopicRow {
  user_id: number;
  year: number;
  /** A keyword of `ALL_TOPIC_KEYWORDS`, as written there. */
  topic: string;
  entries: number;
}

/** What one entry adds to the totals (see framework/entry-contributions.ts). */
export interface TrainingTotalsEntryRow {
  entry_id: number;
  user_id: number;
  year: number;
  month: number;
  hours: string;
  high_rated: boolean;
  innovative: boolean;
  /** The topics matched when the entry was projected (a json array of keywords). */
  topics: string[];
}

export interface TrainingTotalsTables {
  training_totals: TrainingTotalsRow;
  training_topics: TrainingTopicRow;
  training_totals_entries: TrainingTotalsEntryRow;
}

const ENTRY_COLUMN_TYPES: ColumnTypes<TrainingTotalsEntryRow> = {
  entry_id: 'int4',
  user_id: 'int4',
  year: 'int4',
  month: 'int2',
  hours: 'numeric',
  high_rated: 'bool',
  innovative: 'bool',
  topics: 'jsonb',
};

/** A contribution added (+1) or taken back (-1). */
type Delta = Signed<TrainingTotalsEntryRow>;

const DELTA_COLUMN_TYPES: ColumnTypes<Delta> = { ...ENTRY_COLUMN_TYPES, sign: 'int4' };

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

async function migrate(db: ReadModelDb, schema: string): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(`${schema}.training_totals`)} (
    user_id integer NOT NULL,
    year integer NOT NULL,
    hours numeric NOT NULL,
    entries integer NOT NULL,
    high_rated integer NOT NULL,
    innovative integer NOT NULL,
    innovative_hours numeric NOT NULL,
    hours_by_month numeric[] NOT NULL,
    PRIMARY KEY (user_id, year)
  )`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(`${schema}.training_topics`)} (
    user_id integer NOT NULL,
    year integer NOT NULL,
    topic text NOT NULL,
    entries integer NOT NULL,
    PRIMARY KEY (user_id, year, topic)
  )`.execute(db);
  const entries = sql.table(`${schema}.training_totals_entries`);
  await sql`CREATE TABLE IF NOT EXISTS ${entries} (
    entry_id integer PRIMARY KEY,
    user_id integer NOT NULL,
    year integer NOT NULL,
    month smallint NOT NULL,
    hours numeric NOT NULL,
    high_rated boolean NOT NULL,
    innovative boolean NOT NULL,
    topics jsonb NOT NULL
  )`.execute(db);
  // A deleted user's contributions go in one statement.
  await sql`CREATE INDEX IF NOT EXISTS training_totals_entries_user_idx ON ${entries} (user_id)`.execute(db);
}

const CONTRIBUTIONS: EntryContributionTable<TrainingTotalsEntryRow> = {
  table: 'training_totals_entries',
  columns: ENTRY_COLUMN_TYPES,
  contributionOf: (entry: LoggedEntry) => ({
    entry_id: entry.entryId,
    user_id: entry.userId,
    year: Number(entry.date.slice(0, 4)),
    month: Number(entry.date.slice(5, 7)),
    hours: entry.hours,
    high_rated: entry.rating >= HIGH_RATING_MIN,
    innovative: entry.beInnovative,
    topics: topicsOf(entry),
  }),
};

/**
 * The totals and topic counts of one batch: each changed entry's old contribution is taken out
 * and its new one added, with one statement per table. Sums are PostgreSQL numerics with trailing
 * zeros trimmed, and rows that drop to no entries are removed, so the tables do not depend on how
 * the log was cut into batches (a rebuild equals the live state).
 */
class TotalsWriter {
  constructor(
    private readonly trx: ReadModelTransaction,
    private readonly schema: string,
  ) {}

  async write(deltas: readonly Delta[], deletedUsers: readonly number[]): Promise<void> {
    for (const table of ['training_totals', 'training_topics'])
      await deleteRows(this.trx, this.schema, table, 'user_id', 'int4', deletedUsers);
    if (deltas.length === 0) return;
    await this.addToTotals(deltas);
    await this.addToTopics(deltas);
  }

  private table(name: string) {
    return sql.table(`${this.schema}.${name}`);
  }

  private async addToTotals(deltas: readonly Delta[]): Promise<void> {
    const signedHours = sql`d.sign * d.hours`;
    // Trailing zeros trimmed: 1.50 + 0.25 - 0.25 reads 1.5, whichever way the log was batched.
    const hoursOf = (filter?: RawBuilder<unknown>) =>
      filter ? sql`trim_scale(coalesce(sum(${signedHours}) FILTER (WHERE ${filter}), 0))` : sql`trim_scale(sum(${signedHours}))`;
    const months = sql.join(MONTHS.map((month) => hoursOf(sql`d.month = ${sql.lit(month)}`)));
    await sql`INSERT INTO ${this.table('training_totals')} AS t
        (user_id, year, hours, entries, high_rated, innovative, innovative_hours, hours_by_month)
      SELECT d.user_id, d.year, ${hoursOf()}, sum(d.sign), coalesce(sum(d.sign) FILTER (WHERE d.high_rated), 0),
        coalesce(sum(d.sign) FILTER (WHERE d.innovative), 0), ${hoursOf(sql`d.innovative`)}, ARRAY[${months}]
      FROM ${unnestRows(deltas, DELTA_COLUMN_TYPES, 'd')}
      GROUP BY d.user_id, d.year
      ON CONFLICT (user_id, year) DO UPDATE SET
        hours = trim_scale(t.hours + EXCLUDED.hours),
        entries = t.entries + EXCLUDED.entries,
        high_rated = t.high_rated + EXCLUDED.high_rated,
        innovative = t.innovative + EXCLUDED.innovative,
        innovative_hours = trim_scale(t.innovative_hours + EXCLUDED.innovative_hours),
        hours_by_month = ARRAY(SELECT trim_scale(t.hours_by_month[m] + EXCLUDED.hours_by_month[m]) FROM generate_series(1, 12) AS m ORDER BY m)`.execute(
      this.trx,
    );
    await this.deleteEmptyRows('training_totals', deltas);
  }

  /** A person-year (or its topic) left with no entries has no row. */
  private async deleteEmptyRows(table: 'training_totals' | 'training_topics', deltas: readonly Delta[]): Promise<void> {
    await sql`DELETE FROM ${this.table(table)} AS t
      USING (SELECT DISTINCT user_id, year FROM ${unnestRows(deltas, { user_id: 'int4', year: 'int4' }, 'd')}) AS k
      WHERE t.user_id = k.user_id AND t.year = k.year AND t.entries = 0`.execute(this.trx);
  }

  private async addToTopics(deltas: readonly Delta[]): Promise<void> {
    const mentions = deltas.filter((delta) => delta.topics.length > 0);
    if (mentions.length === 0) return;
    const rows = unnestRows(mentions, { user_id: 'int4', year: 'int4', topics: 'jsonb', sign: 'int4' }, 'd');
    await sql`INSERT INTO ${this.table('training_topics')} AS t (user_id, year, topic, entries)
      SELECT d.user_id, d.year, topic.value, sum(d.sign) FROM ${rows} CROSS JOIN jsonb_array_elements_text(d.topics) AS topic
      GROUP BY d.user_id, d.year, topic.value
      ON CONFLICT (user_id, year, topic) DO UPDATE SET entries = t.entries + EXCLUDED.entries`.execute(this.trx);
    await this.deleteEmptyRows('training_topics', mentions);
  }
}

export const trainingTotalsProjector: Projector = {
  name: 'training-totals',
  migrate,
  async project(trx, schema, events) {
    const relevant = events.filter(isEntryContributionEvent);
    if (relevant.length === 0) return;
    const contributions = await EntryContributions.load(trx, schema, CONTRIBUTIONS, relevant);
    for (const event of relevant) contributions.apply(event);
    const { deltas, deletedUsers } = await contributions.flush();
    await new TotalsWriter(trx, schema).write(deltas, deletedUsers);
  },
};
