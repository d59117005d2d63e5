import type { ColumnTypes } from './batch-sql';

/** A table as a reducer projector declares it (see reducer.ts): its columns' types and its primary key. */
export interface TableSpec<Row> {
  readonly columns: ColumnTypes<Row>;
  readonly key: readonly (keyof Row & string)[];
  /** For tables of sums that rows are `add`ed to: the columns added, and the count whose row goes when it is 0. */
  readonly sums?: { readonly columns: readonly (keyof Row & string)[]; readonly emptyWhenZero: keyof Row & string };
}

/** What a reducer asks to read of one table: rows by primary key, and/or every row whose `where.column` is one of its values. */
export interface TableReads<Row> {
  keys?: readonly Partial<Row>[];
  where?: { column: keyof Row & string; values: readonly unknown[] };
}

/** Stored rows of a table deleted by the value of a column (e.g. every row of a deleted user). */
export interface DeletedWhere<Row> {
  column: keyof Row & string;
  values: unknown[];
}

/**
 * What a batch does to one table, every row at most once whatever its events did to it, in the
 * order the framework writes them: `deletedWhere` first, then `deleted` (by key), `inserted` (rows
 * known not to exist), `updated` (rows known to exist), `upserted` (rows that may exist).
 */
export interface TableChanges<Row> {
  deletedWhere: DeletedWhere<Row>[];
  /** The key columns of each row deleted. */
  deleted: Partial<Row>[];
  inserted: Row[];
  updated: Row[];
  upserted: Row[];
  /** Sums added to the stored rows of their keys (a row created if none), last; rows whose count is then 0 deleted. */
  added: Row[];
}

/** Whether the row of a key was stored before the batch: read and found, read and missing, or not known. */
type Stored = 'present' | 'absent' | 'unknown';

interface Slot<Row> {
  /** The key's columns (of the row, or as the reducer named it). */
  key: Partial<Row>;
  stored: Stored;
  /** The stored row, when read. */
  before: Row | null;
  /** The row after the batch's changes so far (null: none). */
  now: Row | null;
}

/**
 * One table's rows as a batch of a reducer projector sees and changes them, in memory: the rows
 * the framework read for it, overlaid with the changes the reducer made so far. Changes to the same
 * row coalesce (`changes()` gives each row's net change), so a row logged, edited and deleted in
 * one batch costs no statement at all.
 */
export class BatchRows<Row> {
  private readonly slots = new Map<string, Slot<Row>>();
  private readonly deletions: DeletedWhere<Row>[] = [];
  private readonly additions = new Map<string, Row>();

  constructor(
    readonly table: string,
    private readonly spec: TableSpec<Row>,
  ) {}

  private keyOf(row: Partial<Row>): string {
    const { key } = this.spec;
    return key.length === 1 ? String(row[key[0]!]) : key.map((column) => String(row[column])).join('\u001f');
  }

  /** Of `keys`, those the batch has neither read nor written: the ones to read. */
  unread(keys: readonly Partial<Row>[]): Partial<Row>[] {
    const seen = new Set<string>();
    return keys.filter((row) => {
      const key = this.keyOf(row);
      if (this.slots.has(key) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  /**
   * The framework hands over what it read: the stored `rows` found for `keys` (the others are
   * missing) or by a column. A row the batch already holds stays as the batch left it.
   */
  read(rows: readonly Row[], keys: readonly Partial<Row>[] = []): void {
    for (const row of rows) {
      const key = this.keyOf(row);
      if (!this.slots.has(key)) this.slots.set(key, { key: row, stored: 'present', before: row, now: row });
    }
    for (const key of keys) {
      if (!this.slots.has(this.keyOf(key))) this.slots.set(this.keyOf(key), { key, stored: 'absent', before: null, now: null });
    }
  }

  /** The row of `key` now (null: none). Only rows read or written by the batch can be asked for. */
  get(key: Partial<Row>): Row | null {
    const slot = this.slots.get(this.keyOf(key));
    if (!slot) throw new Error(`${this.table}: row ${this.keyOf(key)} was not read for this batch`);
    return slot.now;
  }

  /** Every row the batch holds now (read or written). */
  *rows(): IterableIterator<Row> {
    for (const slot of this.slots.values()) if (slot.now) yield slot.now;
  }

  /** A row that does not exist (before the batch, nor now). */
  insert(row: Row): void {
    const key = this.keyOf(row);
    const slot = this.slots.get(key);
    if (slot?.now) throw new Error(`${this.table}: row ${key} inserted twice`);
    if (slot) slot.now = row;
    else this.slots.set(key, { key: row, stored: 'absent', before: null, now: row });
  }

  /** A row that exists: read, or known to the reducer to be stored. */
  update(row: Row): void {
    const key = this.keyOf(row);
    const slot = this.slots.get(key);
    if (slot && !slot.now) throw new Error(`${this.table}: row ${key} updated but it does not exist`);
    if (slot) slot.now = row;
    else this.slots.set(key, { key: row, stored: 'present', before: null, now: row });
  }

  /** A row that may exist. */
  upsert(row: Row): void {
    const slot = this.slots.get(this.keyOf(row));
    if (slot) slot.now = row;
    else this.slots.set(this.keyOf(row), { key: row, stored: 'unknown', before: null, now: row });
  }

  /** The row of `key`, if any. */
  delete(key: Partial<Row>): void {
    const slot = this.slots.get(this.keyOf(key));
    if (slot) slot.now = null;
    else this.slots.set(this.keyOf(key), { key, stored: 'unknown', before: null, now: null });
  }

  /**
   * Adds the `sums` columns of `row` to the stored row of its key, unread (the reducer sums a
   * batch's changes per key first: once per key, never to a row it read or wrote).
   */
  add(row: Row): void {
    const key = this.keyOf(row);
    if (!this.spec.sums) throw new Error(`${this.table}: rows added to without sums declared`);
    if (this.slots.has(key) || this.additions.has(key))
      throw new Error(`${this.table}: row ${key} added to twice, or read and added to`);
    this.additions.set(key, row);
  }

  /** Every row whose `column` is one of `values`, stored or written by the batch so far. */
  deleteWhere(column: keyof Row & string, values: readonly unknown[]): void {
    if (values.length === 0) return;
    const matching = new Set(values);
    this.deletions.push({ column, values: [...values] });
    for (const [key, row] of this.additions) if (matching.has(row[column])) this.additions.delete(key);
    for (const slot of this.slots.values()) {
      // The DELETE runs before the batch's other statements: a stored row it removes is gone.
      if (slot.before && matching.has(slot.before[column])) {
        slot.stored = 'absent';
        slot.before = null;
      }
      if (slot.now && matching.has(slot.now[column])) slot.now = null;
    }
  }

  /** Every row the batch changed: as stored (null: none, or not read) and now (null: deleted). */
  *changedRows(): IterableIterator<{ before: Row | null; now: Row | null }> {
    for (const slot of this.slots.values()) if (slot.before !== slot.now) yield { before: slot.before, now: slot.now };
  }

  /** Each row's net change. */
  changes(): TableChanges<Row> {
    const changes: TableChanges<Row> = {
      deletedWhere: this.deletions,
      deleted: [],
      inserted: [],
      updated: [],
      upserted: [],
      added: [...this.additions.values()],
    };
    for (const slot of this.slots.values()) {
      if (!slot.now) {
        if (slot.stored !== 'absent') changes.deleted.push(this.keyColumns(slot.key));
      } else if (slot.stored === 'absent') changes.inserted.push(slot.now);
      else if (slot.stored === 'unknown') changes.upserted.push(slot.now);
      else if (!slot.before || !this.sameRow(slot.before, slot.now)) changes.updated.push(slot.now);
    }
    return changes;
  }

  private keyColumns(row: Partial<Row>): Partial<Row> {
    const key: Partial<Row> = {};
    for (const column of this.spec.key) key[column] = row[column];
    return key;
  }

  private sameRow(a: Row, b: Row): boolean {
    return (Object.keys(this.spec.columns) as (keyof Row)[]).every(
      (column) => a[column] === b[column] || JSON.stringify(a[column]) === JSON.stringify(b[column]),
    );
  }
}
