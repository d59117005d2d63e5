import { isEventOf, type EntryDetails } from '@tht/contracts';
import type { QueryExecutorProvider } from 'kysely';
import type { ColumnTypes } from '../framework/batch-sql';
import { BatchRows, type TableReads, type TableSpec } from '../framework/batch-rows';
import type { ProjectedEvent } from '../framework/projector';
import { readRows, writeChanges } from '../framework/row-changes-sql';

/**
 * For projectors that keep aggregates of training entries (sums per person and year, counts per
 * course...): what each entry contributes, kept in the projector's own table keyed by `entry_id`,
 * so that an edit or a deletion (whose event does not carry the entry's previous state) takes
 * exactly that back out. A batch loads the stored contributions of the entries it edits or
 * deletes with one query, applies its events in order in memory, writes the table, and hands the
 * projector each changed entry's old contribution (sign -1) and new one (sign +1) to fold into
 * its aggregates. A deleted user's entries go with them (as in the entries read model).
 */
export interface EntryContribution {
  entry_id: number;
  user_id: number;
}

export type Signed<Row> = Row & { sign: 1 | -1 };

export const ENTRY_CONTRIBUTION_EVENT_TYPES = ['EntryLogged', 'EntryEdited', 'EntryDeleted', 'UserDeleted'] as const;

export type EntryContributionEvent = ProjectedEvent<(typeof ENTRY_CONTRIBUTION_EVENT_TYPES)[number]>;

export const isEntryContributionEvent = isEventOf(...ENTRY_CONTRIBUTION_EVENT_TYPES);

export type LoggedEntry = EntryDetails & { entryId: number; userId: number };

export interface EntryContributionTable<Row extends EntryContribution> {
  /** The projector's table of contributions (primary key `entry_id`, an index on `user_id`). */
  table: string;
  columns: ColumnTypes<Row>;
  contributionOf(entry: LoggedEntry): Row;
}

export interface ContributionChanges<Row> {
  /** Old contributions taken out (-1) and new ones added (+1), users deleted in the batch left out. */
  deltas: Signed<Row>[];
  /** Users deleted in the batch: the projector removes their aggregates. */
  deletedUsers: number[];
}

/**
 * The contributions of one batch for a projector that writes its aggregates itself: the same
 * reading, applying and deltas as a reducer's (below), the contributions table written at `flush`.
 */
export class EntryContributions<Row extends EntryContribution> {
  private readonly deletedUsers = new Set<number>();

  private constructor(
    private readonly trx: QueryExecutorProvider,
    private readonly schema: string,
    private readonly kind: EntryContributionTable<Row>,
    private readonly rows: BatchRows<Row>,
  ) {}

  static async load<Row extends EntryContribution>(
    trx: QueryExecutorProvider,
    schema: string,
    kind: EntryContributionTable<Row>,
    events: readonly EntryContributionEvent[],
  ): Promise<EntryContributions<Row>> {
    const rows = new BatchRows(kind.table, tableSpecOf(kind));
    const reads = contributionReads<Row>(events);
    rows.read(await readRows(trx, schema, kind.table, tableSpecOf(kind), reads), reads.keys);
    return new EntryContributions(trx, schema, kind, rows);
  }

  apply(event: EntryContributionEvent): void {
    applyToContributions(this.rows, this.kind, event);
    if (event.type === 'UserDeleted') this.deletedUsers.add(event.data.userId);
  }

  /** Writes the contributions table; returns what changed for the aggregates. */
  async flush(): Promise<ContributionChanges<Row>> {
    await writeChanges(this.trx, this.schema, this.kind.table, tableSpecOf(this.kind), this.rows.changes());
    return { deltas: contributionDeltas(this.rows, this.deletedUsers), deletedUsers: [...this.deletedUsers] };
  }
}

/** The contributions table as the reducer framework writes it. */
export const tableSpecOf = <Row extends EntryContribution>(kind: EntryContributionTable<Row>): TableSpec<Row> => ({
  columns: kind.columns,
  key: ['entry_id'],
});

/*
 * The same for reducer projectors (framework/reducer.ts): the batch reads the stored contributions
 * of the entries it edits or deletes, applies its events to them in memory, and folds each changed
 * entry's old (-1) and new (+1) contribution into its aggregates.
 */

/** The stored contributions a batch needs: of the entries it edits or deletes. */
export function contributionReads<Row extends EntryContribution>(events: readonly EntryContributionEvent[]): TableReads<Row> {
  return {
    keys: events.flatMap((event) =>
      event.type === 'EntryEdited' || event.type === 'EntryDeleted' ? [{ entry_id: event.data.entryId } as Partial<Row>] : [],
    ),
  };
}

/** An entry event applied to the contributions the batch holds. */
export function applyToContributions<Row extends EntryContribution>(
  rows: BatchRows<Row>,
  kind: EntryContributionTable<Row>,
  event: EntryContributionEvent,
): void {
  switch (event.type) {
    case 'EntryLogged':
      rows.insert(kind.contributionOf(event.data));
      return;
    case 'EntryEdited':
      // Like the entries read model, an edit of an entry it does not hold changes nothing.
      if (rows.get({ entry_id: event.data.entryId } as Partial<Row>)) rows.update(kind.contributionOf(event.data));
      return;
    case 'EntryDeleted':
      rows.delete({ entry_id: event.data.entryId } as Partial<Row>);
      return;
    case 'UserDeleted':
      // Ids are never reused: nothing of this user follows.
      rows.deleteWhere('user_id', [event.data.userId]);
      return;
  }
}

/** Each changed entry's old contribution taken out (-1) and new one added (+1); those of `deletedUsers` left out. */
export function contributionDeltas<Row extends EntryContribution>(
  rows: BatchRows<Row>,
  deletedUsers: ReadonlySet<number>,
): Signed<Row>[] {
  const deltas: Signed<Row>[] = [];
  for (const { before, now } of rows.changedRows()) {
    if (before && !deletedUsers.has(before.user_id)) deltas.push({ ...before, sign: -1 });
    if (now && !deletedUsers.has(now.user_id)) deltas.push({ ...now, sign: 1 });
  }
  return deltas;
}
