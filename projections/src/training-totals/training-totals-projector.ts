import { HIGH_RATING_MIN, isEventOf, topicsOf, type EntryDetails } from '@tht/contracts';
import { sql, type RawBuilder } from 'kysely';
import { deleteRows, unnestRows, upsertRows, type ColumnTypes } from '../framework/batch-sql';
import type { ProjectedEvent, Projector } from '../framework/projector';
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

/**
 * What one entry adds to the totals, kept so that an edit or a deletion (whose event does not
 * carry the entry's previous state) takes exactly that back out.
 */
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
type Delta = TrainingTotalsEntryRow & { sign: 1 | -1 };

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

function contributionOf(entry: EntryDetails & { entryId: number; userId: number }): TrainingTotalsEntryRow {
  return {
    entry_id: entry.entryId,
    user_id: entry.userId,
    year: Number(entry.date.slice(0, 4)),
    month: Number(entry.date.slice(5, 7)),
    hours: entry.hours,
    high_rated: entry.rating >= HIGH_RATING_MIN,
    innovative: entry.beInnovative,
    topics: topicsOf(entry),
  };
}

const HANDLED_TYPES = ['EntryLogged', 'EntryEdited', 'EntryDeleted', 'UserDeleted'] as const;

type HandledEvent = ProjectedEvent<(typeof HANDLED_TYPES)[number]>;

const isHandled = isEventOf(...HANDLED_TYPES);

/**
 * One batch: the stored contributions of the entries it edits or deletes are loaded with one
 * query; the events are applied in order in memory; then each changed entry's old contribution
 * is taken out and its new one added, with one statement per table. Sums are PostgreSQL numerics
 * with trailing zeros trimmed, and rows that drop to no entries are removed, so the tables do not
 * depend on how the log was cut into batches (a rebuild equals the live state).
 */
class TrainingTotalsBatch {
  /** The stored contribution of every entry the batch touches (null: none stored). */
  private readonly stored = new Map<number, TrainingTotalsEntryRow | null>();
  /** Its contribution after the batch's events so far (null: deleted or never logged). */
  private readonly current = new Map<number, TrainingTotalsEntryRow | null>();
  private readonly deletedUsers = new Set<number>();

  private constructor(
    private readonly trx: ReadModelTransaction,
    private readonly schema: string,
  ) {}

  static async load(trx: ReadModelTransaction, schema: string, events: readonly HandledEvent[]): Promise<TrainingTotalsBatch> {
    const batch = new TrainingTotalsBatch(trx, schema);
    const ids = events.flatMap((event) => (event.type === 'EntryEdited' || event.type === 'EntryDeleted' ? [event.data.entryId] : []));
    if (ids.length === 0) return batch;
    for (const id of ids) batch.stored.set(id, null);
    const { rows } = await sql<TrainingTotalsEntryRow>`SELECT entry_id, user_id, year, month, hours::text AS hours, high_rated, innovative, topics
      FROM ${sql.table(`${schema}.training_totals_entries`)} WHERE entry_id = ANY(${ids}::int4[])`.execute(trx);
    for (const row of rows) batch.stored.set(row.entry_id, row);
    for (const [id, row] of batch.stored) batch.current.set(id, row);
    return batch;
  }

  apply(event: HandledEvent): void {
    switch (event.type) {
      case 'EntryLogged':
        this.current.set(event.data.entryId, contributionOf(event.data));
        return;
      case 'EntryEdited':
        // Like the entries read model, an edit of an entry it does not hold changes nothing.
        if (this.current.get(event.data.entryId)) this.current.set(event.data.entryId, contributionOf(event.data));
        return;
      case 'EntryDeleted':
        this.current.set(event.data.entryId, null);
        return;
      case 'UserDeleted':
        // Ids are never reused: nothing of this user follows. Their stored rows go in `flush`.
        this.deletedUsers.add(event.data.userId);
        return;
    }
  }

  private belongsToDeletedUser(...rows: (TrainingTotalsEntryRow | null | undefined)[]): boolean {
    return rows.some((row) => row && this.deletedUsers.has(row.user_id));
  }

  async flush(): Promise<void> {
    for (const table of ['training_totals', 'training_topics', 'training_totals_entries']) {
      await deleteRows(this.trx, this.schema, table, 'user_id', 'int4', [...this.deletedUsers]);
    }
    const deltas: Delta[] = [];
    const removed: number[] = [];
    const kept: TrainingTotalsEntryRow[] = [];
    for (const [id, now] of this.current) {
      const before = this.stored.get(id);
      if (before === now || this.belongsToDeletedUser(before, now)) continue;
      if (before) deltas.push({ ...before, sign: -1 });
      if (now) {
        deltas.push({ ...now, sign: 1 });
        kept.push(now);
      } else if (before) removed.push(id);
    }
    if (deltas.length === 0) return;
    await deleteRows(this.trx, this.schema, 'training_totals_entries', 'entry_id', 'int4', removed);
    await upsertRows(this.trx, this.schema, 'training_totals_entries', kept, { types: ENTRY_COLUMN_TYPES, key: ['entry_id'] });
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
    const relevant = events.filter(isHandled);
    if (relevant.length === 0) return;
    const batch = await TrainingTotalsBatch.load(trx, schema, relevant);
    for (const event of relevant) batch.apply(event);
    await batch.flush();
  },
};
