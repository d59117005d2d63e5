import { entryDuplicateKey } from '@tht/contracts';
import { EventLoopTurns } from '@tht/eventstore';
import type { SourceRow, SourceRows, SourceSheet } from '../import-tables';
import { flatCopy } from '../text-chunks';
import type { PlannedEntry } from './planned-records';

/** What the check makes of an entry row: the entry it becomes, or why it cannot. */
export type CheckedEntry = { entry: PlannedEntry } | { error: string };

export type EntryCheck = (row: SourceRow) => CheckedEntry;

/** Where a file's entry rows are, and how they are checked once the first row is read. */
export interface EntryRows {
  sheet: SourceSheet;
  /** The check of the rows (from the header's columns, say); whether the first row is an entry too. */
  checkFrom: (first: SourceRow) => { check: EntryCheck; firstIsEntry: boolean };
}

/** Each entry row of `rows` with what its check makes of it (the first row decides the check, and may be a header). */
async function* checkedEntryRows(
  { checkFrom }: EntryRows,
  rows: SourceRows,
): AsyncGenerator<{ row: SourceRow; checked: CheckedEntry }> {
  let check: EntryCheck | null = null;
  for await (const row of rows) {
    if (check === null) {
      const first = checkFrom(row);
      check = first.check;
      if (!first.firstIsEntry) continue;
    }
    yield { row, checked: check(row) };
  }
}

const duplicateKeyOf = (entry: PlannedEntry) =>
  entryDuplicateKey({ userId: entry.owner, trainingName: entry.input.trainingName, date: entry.input.date });

/** Rows by their order among the entry rows (a sheet's continuation sheets number their rows afresh), a bit each. */
class RowIndexes {
  private bits = new Uint8Array(1024);

  add(row: number): void {
    if (row >> 3 >= this.bits.length) {
      const grown = new Uint8Array(Math.max(this.bits.length * 2, (row >> 3) + 1));
      grown.set(this.bits);
      this.bits = grown;
    }
    this.bits[row >> 3]! |= 1 << (row & 7);
  }

  has(row: number): boolean {
    return row >> 3 < this.bits.length && (this.bits[row >> 3]! & (1 << (row & 7))) !== 0;
  }
}

/** The export ids of the valid rows with one duplicate key: one (most keys), or several; NO_EXPORT_ID for a row without. */
type ExportIds = number | number[];
const NO_EXPORT_ID = -1;

/**
 * A file's entries, never all held at once: the check reads every row and keeps only what the
 * report and the duplicate check need (errors, counts, the rows that repeat an earlier row, and
 * each valid entry's duplicate key until the stored duplicates are known); writing reads the file
 * again, checks each row the same way and yields the valid entries that are no duplicates, in the
 * file's order.
 */
export class PlannedEntries {
  /** Entry rows read by the check (a header left out). */
  rows = 0;
  /** Whether the check found a first row (a header, say) in the entries' sheet. */
  found = false;
  private valid = 0;
  private duplicates = 0;
  /** The duplicate keys of the valid entries, each with its rows' export ids, until the stored duplicates are known. */
  private keys = new Map<string, ExportIds>();
  /** Valid rows that repeat an earlier valid row (its key, and its export id when the file has them). */
  private readonly repeats = new RowIndexes();
  private repeated = 0;
  private readonly ownerIds = new Set<number>();
  private readonly dates = new Set<string>();
  private stored: ReadonlySet<string> = new Set();

  constructor(private readonly source: EntryRows | null) {}

  /** The entries to write: the valid rows, less the duplicates once `skipDuplicates` has found them. */
  get count(): number {
    return this.valid - this.duplicates;
  }

  /** The check pass: reads `rows` (the source sheet's, counted) and reports each bad row to `fail`. */
  async check(rows: SourceRows, fail: (row: SourceRow, message: string) => void): Promise<void> {
    const source = this.source;
    if (!source) return;
    const noticed: EntryRows = {
      sheet: source.sheet,
      checkFrom: (first) => {
        this.found = true;
        return source.checkFrom(first);
      },
    };
    for await (const { row, checked } of checkedEntryRows(noticed, rows)) {
      const index = this.rows;
      this.rows += 1;
      if ('error' in checked) {
        fail(row, checked.error);
        continue;
      }
      this.valid += 1;
      if (this.repeatsAnEarlierRow(checked.entry)) {
        this.repeats.add(index);
        this.repeated += 1;
      }
      if (checked.entry.owner > 0) this.ownerIds.add(checked.entry.owner);
      this.dates.add(checked.entry.input.date);
    }
  }

  /**
   * Whether an earlier valid row has the entry's duplicate key and, in a file with the export's `id`
   * column, its id too: an export's entries of one person, training and day (two sessions, say)
   * are each imported, a row given twice is not. Notes the entry's key and id otherwise.
   */
  private repeatsAnEarlierRow(entry: PlannedEntry): boolean {
    const key = duplicateKeyOf(entry);
    const id = entry.sourceId ?? NO_EXPORT_ID;
    const ids = this.keys.get(key);
    if (ids === undefined) {
      this.keys.set(flatCopy(key), id); // a copy holds no piece of the file's text
      return false;
    }
    const seen = typeof ids === 'number' ? [ids] : ids;
    if (id === NO_EXPORT_ID || seen.includes(id)) return true;
    this.keys.set(key, [...seen, id]);
    return false;
  }

  /** The dates and existing owners of the valid entries: what the stored duplicates are looked up by. */
  duplicateLookup(): { ownerIds: number[]; dates: string[] } {
    return { ownerIds: [...this.ownerIds], dates: [...this.dates] };
  }

  /**
   * Counts the entries that repeat a stored entry (`storedKeys`) or an earlier row of the file, which
   * are then not written; returns how many there are.
   */
  async skipDuplicates(storedKeys: ReadonlySet<string>): Promise<number> {
    let duplicates = this.repeated;
    const turns = new EventLoopTurns();
    for (const [key, ids] of this.keys) {
      if (storedKeys.has(key)) duplicates += typeof ids === 'number' ? 1 : ids.length;
      await turns.take();
    }
    this.keys = new Map();
    this.stored = storedKeys;
    this.duplicates = duplicates;
    return duplicates;
  }

  /** Reads the file again: its valid entries that are no duplicates, in the file's order. */
  async *read(): AsyncGenerator<PlannedEntry> {
    if (!this.source) return;
    let index = -1;
    for await (const { checked } of checkedEntryRows(this.source, this.source.sheet.rows())) {
      index += 1;
      if ('error' in checked || this.repeats.has(index)) continue;
      if (this.stored.size > 0 && this.stored.has(duplicateKeyOf(checked.entry))) continue;
      yield checked.entry;
    }
  }
}
