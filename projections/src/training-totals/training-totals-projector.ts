import { ERASED_TEXT, HIGH_RATING_MIN, isEventOf, topicsOf } from '@tht/contracts';
import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from '../framework/batch-sql';
import type { BatchRows } from '../framework/batch-rows';
import { DecimalSum } from '../framework/decimal-sum';
import {
  applyToContributions,
  contributionDeltas,
  contributionReads,
  ENTRY_CONTRIBUTION_EVENT_TYPES,
  isEntryContributionEvent,
  tableSpecOf,
  type EntryContributionTable,
  type LoggedEntry,
  type Signed,
} from '../entry-contributions/entry-contributions';
import type { ProjectedEvent } from '../framework/projector';
import { reducerProjector, type BatchState, type ReducerProjector } from '../framework/reducer';

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
  /** Entries rated 4 or more ('high rated'). */
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

/** What one entry adds to the totals (see entry-contributions/entry-contributions.ts). */
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
  /** The topics its training name alone matches: the entry's once its owner is erased (their notes unreadable). */
  name_topics: string[];
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
  name_topics: 'jsonb',
};

/** A contribution added (+1) or taken back (-1). */
type Delta = Signed<TrainingTotalsEntryRow>;

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

async function migrate(db: Kysely<TrainingTotalsTables>, schema: string): Promise<void> {
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
    topics jsonb NOT NULL,
    name_topics jsonb NOT NULL
  )`.execute(db);
  // A deleted user's contributions go in one statement.
  await sql`CREATE INDEX IF NOT EXISTS training_totals_entries_user_idx ON ${entries} (user_id)`.execute(db);
}

/**
 * Topics by an entry's training name and notes: a replay matches the same few texts hundreds of
 * thousands of times. Only short texts are kept (notes may be 5,000 characters), so what is held
 * stays small whatever the entries say.
 */
const topicsByText = new Map<string, string[]>();
const TOPICS_KNOWN_MAX = 10_000;
const TOPIC_TEXT_KEPT_MAX = 256;

function topicsOfEntry(entry: LoggedEntry): string[] {
  const text = `${entry.trainingName}\n${entry.notes ?? ''}`;
  if (text.length > TOPIC_TEXT_KEPT_MAX) return topicsOf(entry);
  let topics = topicsByText.get(text);
  if (!topics) {
    topics = topicsOf(entry);
    if (topicsByText.size >= TOPICS_KNOWN_MAX) topicsByText.clear();
    topicsByText.set(text, topics);
  }
  return topics;
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
    topics: topicsOfEntry(entry),
    name_topics: topicsOfEntry({ ...entry, notes: ERASED_TEXT }),
  }),
};

/** What a batch adds to one person-year's totals (see `foldTotals`). */
interface TotalsChange {
  user_id: number;
  year: number;
  hours: DecimalSum;
  entries: number;
  high_rated: number;
  innovative: number;
  innovative_hours: DecimalSum;
  hours_by_month: DecimalSum[];
}

const TOTALS_COLUMN_TYPES: ColumnTypes<TrainingTotalsRow> = {
  user_id: 'int4',
  year: 'int4',
  hours: 'numeric',
  entries: 'int4',
  high_rated: 'int4',
  innovative: 'int4',
  innovative_hours: 'numeric',
  hours_by_month: 'numeric[]',
};

const TOPIC_COLUMN_TYPES: ColumnTypes<TrainingTopicRow> = { user_id: 'int4', year: 'int4', topic: 'text', entries: 'int4' };

/** The deltas summed per person and year, in memory: one change per key. */
function foldTotals(deltas: readonly Delta[]): TotalsChange[] {
  const changes = new Map<string, TotalsChange>();
  for (const delta of deltas) {
    const key = `${delta.user_id} ${delta.year}`;
    let change = changes.get(key);
    if (!change) {
      change = {
        user_id: delta.user_id,
        year: delta.year,
        hours: new DecimalSum(),
        entries: 0,
        high_rated: 0,
        innovative: 0,
        innovative_hours: new DecimalSum(),
        hours_by_month: MONTHS.map(() => new DecimalSum()),
      };
      changes.set(key, change);
    }
    change.hours.add(delta.hours, delta.sign);
    change.entries += delta.sign;
    change.hours_by_month[delta.month - 1]!.add(delta.hours, delta.sign);
    if (delta.high_rated) change.high_rated += delta.sign;
    if (delta.innovative) {
      change.innovative += delta.sign;
      change.innovative_hours.add(delta.hours, delta.sign);
    }
  }
  return [...changes.values()];
}

/** An edit that moves nothing between months, ratings or hours changes no total. */
const changesNothing = (change: TotalsChange) =>
  change.entries === 0 &&
  change.high_rated === 0 &&
  change.innovative === 0 &&
  change.hours.isZero() &&
  change.innovative_hours.isZero() &&
  change.hours_by_month.every((hours) => hours.isZero());

/** The net change of every person-year-topic count (an entry counts once per topic it mentions); zeros left out. */
function foldTopics(deltas: readonly Delta[]): TrainingTopicRow[] {
  const counts = new Map<string, TrainingTopicRow>();
  for (const delta of deltas) {
    for (const topic of delta.topics) {
      const key = `${delta.user_id} ${delta.year} ${topic}`;
      const row = counts.get(key) ?? { user_id: delta.user_id, year: delta.year, topic, entries: 0 };
      row.entries += delta.sign;
      counts.set(key, row);
    }
  }
  return [...counts.values()].filter((row) => row.entries !== 0);
}

/** What a batch adds to a person-year's row. */
const totalsAdded = (change: TotalsChange): TrainingTotalsRow => ({
  ...change,
  hours: change.hours.toString(),
  innovative_hours: change.innovative_hours.toString(),
  hours_by_month: change.hours_by_month.map(String),
});

const isTotalsEvent = isEventOf(...ENTRY_CONTRIBUTION_EVENT_TYPES, 'PersonErased');

/**
 * An erased person's entries count the topics a rebuild finds in them (decision 038): their
 * training names', not their notes' (unreadable). Hours, ratings and the rest stay as they are.
 */
function eraseTopicsOf(entries: BatchRows<TrainingTotalsEntryRow>, userId: number): void {
  for (const row of [...entries.rows()])
    if (row.user_id === userId && JSON.stringify(row.topics) !== JSON.stringify(row.name_topics))
      entries.update({ ...row, topics: row.name_topics });
}

/**
 * The totals and topic counts of a batch: its entry events change the entries' contributions
 * (read by id when edited or deleted; every one of a person erased), each changed entry's old
 * contribution is taken out and its new one added, summed per person-year (and topic) in memory
 * (exact decimals), and added to the person-years' rows unread, once per key (`add`: measured
 * cheaper than reading them, decision 055). Sums are trimmed of trailing zeros and rows that drop
 * to no entries are removed, so the tables do not depend on how the log was cut into batches (a
 * rebuild equals the live state).
 */
function* reduce(events: readonly ProjectedEvent[], rows: BatchState<TrainingTotalsTables>) {
  const relevant = events.filter(isTotalsEvent);
  if (relevant.length === 0) return;
  const erased = relevant.flatMap((event) => (event.type === 'PersonErased' ? [event.data.userId] : []));
  yield {
    training_totals_entries: {
      ...contributionReads<TrainingTotalsEntryRow>(relevant.filter(isEntryContributionEvent)),
      where: { column: 'user_id' as const, values: erased },
    },
  };
  const deletedUsers = new Set<number>();
  for (const event of relevant) {
    if (event.type === 'PersonErased') eraseTopicsOf(rows.training_totals_entries, event.data.userId);
    else applyToContributions(rows.training_totals_entries, CONTRIBUTIONS, event);
    if (event.type === 'UserDeleted') deletedUsers.add(event.data.userId);
  }
  for (const table of ['training_totals', 'training_topics'] as const) rows[table].deleteWhere('user_id', [...deletedUsers]);
  const deltas = contributionDeltas(rows.training_totals_entries, deletedUsers);
  for (const change of foldTotals(deltas)) if (!changesNothing(change)) rows.training_totals.add(totalsAdded(change));
  for (const count of foldTopics(deltas)) rows.training_topics.add(count);
}

export const trainingTotalsReducer: ReducerProjector<TrainingTotalsTables> = {
  name: 'training-totals',
  // 2: name_topics (an erased person's entries count the topics of their training names alone).
  // 3: written by the reducer framework (decision 055): the same rows, rebuilt once to prove it.
  version: 3,
  tables: {
    training_totals_entries: tableSpecOf(CONTRIBUTIONS),
    training_totals: {
      columns: TOTALS_COLUMN_TYPES,
      key: ['user_id', 'year'],
      sums: {
        columns: ['hours', 'entries', 'high_rated', 'innovative', 'innovative_hours', 'hours_by_month'],
        emptyWhenZero: 'entries',
      },
    },
    training_topics: {
      columns: TOPIC_COLUMN_TYPES,
      key: ['user_id', 'year', 'topic'],
      sums: { columns: ['entries'], emptyWhenZero: 'entries' },
    },
  },
  migrate,
  reduce,
};

export const trainingTotalsProjector = reducerProjector(trainingTotalsReducer);
