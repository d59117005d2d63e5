import { HIGH_RATING_MIN, isEventOf, type EntryDetails } from '@tht/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import { deleteRows, insertRows, upsertRows, type ColumnTypes } from '../framework/batch-sql';
import type { ProjectedEvent, Projector } from '../framework/projector';

/**
 * The SMT dashboard's top courses by rating (it lists entries, not courses): every
 * entry rated 4 or more, indexed by year, rating and date, so the year's best six are one short
 * index range however many entries the organisation has. Only these entries are kept: an entry
 * re-rated below 4 leaves, one re-rated to 4 or more joins. The write side never edits a deleted
 * entry or an entry of a deleted user, so an edit always concerns an entry that exists.
 */
export interface SmtTopRatedEntryRow {
  entry_id: number;
  user_id: number;
  year: number;
  /** YYYY-MM-DD */
  date: string;
  rating: number;
}

export interface SmtTopRatedTables {
  smt_top_rated_entries: SmtTopRatedEntryRow;
}

const COLUMN_TYPES: ColumnTypes<SmtTopRatedEntryRow> = {
  entry_id: 'int4',
  user_id: 'int4',
  year: 'int4',
  date: 'text',
  rating: 'int2',
};

async function migrate(db: Kysely<SmtTopRatedTables>, schema: string): Promise<void> {
  const table = sql.table(`${schema}.smt_top_rated_entries`);
  await sql`CREATE TABLE IF NOT EXISTS ${table} (
    entry_id integer PRIMARY KEY,
    user_id integer NOT NULL,
    year integer NOT NULL,
    date text COLLATE "C" NOT NULL,
    rating smallint NOT NULL
  )`.execute(db);
  // The year's best: highest rating first, then the latest date (then the later entry).
  await sql`CREATE INDEX IF NOT EXISTS smt_top_rated_entries_rank_idx ON ${table} (year, rating DESC, date DESC, entry_id DESC)`.execute(
    db,
  );
  // A deleted user's entries, in one statement.
  await sql`CREATE INDEX IF NOT EXISTS smt_top_rated_entries_user_idx ON ${table} (user_id)`.execute(db);
}

/** The row an entry has in the table, or null when it is not rated highly enough to be there. */
function rowOf(entry: EntryDetails & { entryId: number; userId: number }): SmtTopRatedEntryRow | null {
  if (entry.rating < HIGH_RATING_MIN) return null;
  return {
    entry_id: entry.entryId,
    user_id: entry.userId,
    year: Number(entry.date.slice(0, 4)),
    date: entry.date,
    rating: entry.rating,
  };
}

const HANDLED_TYPES = ['EntryLogged', 'EntryEdited', 'EntryDeleted', 'UserDeleted'] as const;
const isHandled = isEventOf(...HANDLED_TYPES);
type HandledEvent = ProjectedEvent<(typeof HANDLED_TYPES)[number]>;

/**
 * One batch: each entry's latest row (or its absence) is kept in memory and written at the end
 * with one DELETE of the deleted users' rows, one DELETE of the stored entries that left, one
 * INSERT of the entries logged in the batch (ids are never reused: none has a row yet) and one
 * upsert of the others. No stored row is read: an entry's row depends on its latest event only.
 */
async function projectBatch(trx: Transaction<SmtTopRatedTables>, schema: string, events: readonly HandledEvent[]): Promise<void> {
  const latest = new Map<number, SmtTopRatedEntryRow | null>();
  /** Entries logged in the batch: none has a stored row. */
  const loggedHere = new Set<number>();
  const deletedUsers = new Set<number>();
  for (const event of events) {
    if (event.type === 'EntryLogged') loggedHere.add(event.data.entryId);
    if (event.type === 'UserDeleted') {
      deletedUsers.add(event.data.userId);
      for (const [entryId, row] of latest) if (row?.user_id === event.data.userId) latest.set(entryId, null);
    } else if (event.type === 'EntryDeleted') {
      latest.set(event.data.entryId, null);
    } else {
      latest.set(event.data.entryId, rowOf(event.data));
    }
  }
  const created: SmtTopRatedEntryRow[] = [];
  const changed: SmtTopRatedEntryRow[] = [];
  const left: number[] = [];
  for (const [entryId, row] of latest) {
    if (row) (loggedHere.has(entryId) ? created : changed).push(row);
    else if (!loggedHere.has(entryId)) left.push(entryId);
  }
  await deleteRows(trx, schema, 'smt_top_rated_entries', 'user_id', 'int4', [...deletedUsers]);
  await deleteRows(trx, schema, 'smt_top_rated_entries', 'entry_id', 'int4', left);
  await insertRows(trx, schema, 'smt_top_rated_entries', created, COLUMN_TYPES);
  await upsertRows(trx, schema, 'smt_top_rated_entries', changed, { types: COLUMN_TYPES, key: ['entry_id'] });
}

export const smtTopRatedProjector: Projector<SmtTopRatedTables> = {
  name: 'smt-top-rated',
  migrate,
  async project(trx, schema, events) {
    const relevant = events.filter(isHandled);
    if (relevant.length > 0) await projectBatch(trx, schema, relevant);
  },
};
