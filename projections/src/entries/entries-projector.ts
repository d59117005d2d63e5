import type { AccountEventData, EntryDetails, EntryEvent, FormFieldEventData } from '@tht/contracts';
import type { RecordedEvent } from '@tht/eventstore';
import { sql, type Kysely, type Transaction } from 'kysely';
import { deleteRows, unnestRows, upsertRows, type ColumnTypes } from '../framework/batch-sql';
import type { Projector } from '../framework/projector';

/** A row of `read_models.entries`. `hours` is numeric, read back as its text ("1.5"). */
export interface EntryRow {
  id: number;
  user_id: number;
  training_name: string;
  /** YYYY-MM-DD; ISO dates compare correctly as text (collation "C"). */
  date: string;
  first_name: string;
  last_name: string;
  manager_name: string;
  department: string;
  hours: string;
  notes: string;
  rating: number;
  be_innovative: boolean;
  training_type: string;
  course_given_by: string;
  custom_fields: Record<string, unknown>;
  created_at: Date | string;
  updated_at: Date | string;
}

type EditableRow = Omit<EntryRow, 'id' | 'user_id' | 'created_at'>;
/** What every row kept in memory has: the edited rows lack only `created_at`. */
type PendingRow = EditableRow & { id: number; user_id: number };

async function migrate(db: Kysely<any>, schema: string): Promise<void> {
  const entries = sql.table(`${schema}.entries`);
  await sql`CREATE TABLE IF NOT EXISTS ${entries} (
    id integer PRIMARY KEY,
    user_id integer NOT NULL,
    training_name text NOT NULL,
    date text COLLATE "C" NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    manager_name text NOT NULL,
    department text NOT NULL,
    hours numeric NOT NULL,
    notes text NOT NULL,
    rating smallint NOT NULL,
    be_innovative boolean NOT NULL,
    training_type text NOT NULL,
    course_given_by text NOT NULL,
    custom_fields jsonb NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  ) WITH (fillfactor = 90)`.execute(db);
  // One person's entries of a year (lists, stats): one index range. Few indexes keep a rebuild fast.
  await sql`CREATE INDEX IF NOT EXISTS entries_user_date_idx ON ${entries} (user_id, date, id)`.execute(db);
  // Everyone's entries of a year (HR, SMT) and the years that have entries.
  await sql`CREATE INDEX IF NOT EXISTS entries_date_idx ON ${entries} (date)`.execute(db);
}

function editableFields(details: EntryDetails, at: string): EditableRow {
  return {
    training_name: details.trainingName,
    date: details.date,
    first_name: details.firstName,
    last_name: details.lastName,
    manager_name: details.managerName,
    department: details.department,
    hours: details.hours,
    notes: details.notes,
    rating: details.rating,
    be_innovative: details.beInnovative,
    training_type: details.trainingType,
    course_given_by: details.courseGivenBy,
    custom_fields: details.customFields,
    updated_at: at,
  };
}

/**
 * The profile fields of a user that their entries follow: a new manager or department shows on
 * all their entries ('All your training entries have been updated automatically!').
 */
type ProfileChanges = Partial<Pick<EntryRow, 'manager_name' | 'department'>>;

function profileChangesOf({ changes }: AccountEventData['UserUpdated']): ProfileChanges {
  const row: ProfileChanges = {};
  if (changes.managerName !== undefined) row.manager_name = changes.managerName ?? '';
  if (changes.department !== undefined) row.department = changes.department;
  return row;
}

const COLUMN_TYPES: ColumnTypes<EntryRow> = {
  id: 'int4',
  user_id: 'int4',
  training_name: 'text',
  date: 'text',
  first_name: 'text',
  last_name: 'text',
  manager_name: 'text',
  department: 'text',
  hours: 'numeric',
  notes: 'text',
  rating: 'int2',
  be_innovative: 'bool',
  training_type: 'text',
  course_given_by: 'text',
  custom_fields: 'jsonb',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

/** Edited rows carry every column but the creation time; an edit rewrites all but the key and the owner. */
const { created_at: _created, ...PENDING_COLUMN_TYPES } = COLUMN_TYPES;
const EDITED_COLUMNS = Object.keys(PENDING_COLUMN_TYPES).filter((column) => column !== 'id' && column !== 'user_id');

/**
 * One batch of events applied to the entries table with a few statements: new and edited rows are
 * kept in memory and written at the end with one INSERT and one UPDATE over `unnest` arrays;
 * deletions are one DELETE. Changes that select rows by a condition (a user's new profile, a
 * deleted user, a renamed department or custom field) run as one statement when they occur and
 * are mirrored on the rows in memory, which are written last, so the result is the same as
 * applying every event in order.
 */
class EntriesBatch {
  private readonly inserted = new Map<number, EntryRow>();
  private readonly edited = new Map<number, PendingRow>();
  private readonly deleted = new Set<number>();

  constructor(
    private readonly trx: Transaction<any>,
    private readonly schema: string,
  ) {}

  private get table() {
    return sql.table(`${this.schema}.entries`);
  }

  /** Both in-memory row sets; a changed row is always a spread of its own previous value. */
  private get pending(): Map<number, PendingRow>[] {
    return [this.inserted, this.edited];
  }

  async apply(event: RecordedEvent): Promise<void> {
    const at = event.metadata.occurredAt;
    const entryEvent = event as RecordedEvent & EntryEvent;
    switch (entryEvent.type) {
      case 'EntryLogged': {
        const { entryId, userId, ...details } = entryEvent.data;
        this.inserted.set(entryId, { id: entryId, user_id: userId, created_at: at, ...editableFields(details, at) });
        return;
      }
      case 'EntryEdited': {
        const { entryId, userId, ...details } = entryEvent.data;
        const fields = editableFields(details, at);
        const inserted = this.inserted.get(entryId);
        if (inserted) this.inserted.set(entryId, { ...inserted, ...fields });
        else this.edited.set(entryId, { id: entryId, user_id: userId, ...fields });
        return;
      }
      case 'EntryDeleted': {
        const { entryId } = entryEvent.data;
        this.inserted.delete(entryId);
        this.edited.delete(entryId);
        this.deleted.add(entryId);
        return;
      }
    }
    switch (event.type) {
      case 'UserUpdated': {
        const data = event.data as AccountEventData['UserUpdated'];
        const changes = profileChangesOf(data);
        if (Object.keys(changes).length === 0) return;
        await this.updateWhere(sql`user_id = ${data.userId}`, (row) => row.user_id === data.userId, changes);
        return;
      }
      case 'UserDeleted': {
        // Entries go with their owner in the read model; the log keeps them.
        const { userId } = event.data as AccountEventData['UserDeleted'];
        await sql`DELETE FROM ${this.table} WHERE user_id = ${userId}`.execute(this.trx);
        this.forgetRowsOf(userId);
        return;
      }
      case 'DepartmentRenamed': {
        const { name, previousName } = event.data as AccountEventData['DepartmentRenamed'];
        await this.updateWhere(sql`department = ${previousName}`, (row) => row.department === previousName, { department: name });
        return;
      }
      case 'FormFieldEdited': {
        const { name, previousName } = event.data as FormFieldEventData['FormFieldEdited'];
        if (name !== previousName) await this.renameCustomField(previousName, name);
        return;
      }
      case 'FormFieldDeleted': {
        const { name } = event.data as FormFieldEventData['FormFieldDeleted'];
        await this.renameCustomField(name, null);
        return;
      }
    }
  }

  private forgetRowsOf(userId: number): void {
    for (const rows of this.pending) {
      for (const [id, row] of rows) if (row.user_id === userId) rows.delete(id);
    }
  }

  private async updateWhere(
    condition: ReturnType<typeof sql>,
    matches: (row: PendingRow) => boolean,
    changes: ProfileChanges,
  ): Promise<void> {
    const assignments = Object.entries(changes).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
    await sql`UPDATE ${this.table} SET ${sql.join(assignments)} WHERE ${condition}`.execute(this.trx);
    for (const rows of this.pending) {
      for (const [id, row] of rows) if (matches(row)) rows.set(id, { ...row, ...changes });
    }
  }

  /** Moves the values of custom field `from` to `to` (or drops them when `to` is null). */
  private async renameCustomField(from: string, to: string | null): Promise<void> {
    const moved = to === null ? sql`custom_fields - ${from}::text` : sql`(custom_fields - ${from}::text) || jsonb_build_object(${to}::text, custom_fields -> ${from}::text)`;
    await sql`UPDATE ${this.table} SET custom_fields = ${moved} WHERE custom_fields ? ${from}::text`.execute(this.trx);
    for (const rows of this.pending) {
      for (const [id, row] of rows) {
        if (!(from in row.custom_fields)) continue;
        const { [from]: value, ...rest } = row.custom_fields;
        rows.set(id, { ...row, custom_fields: to === null ? rest : { ...rest, [to]: value } });
      }
    }
  }

  async flush(): Promise<void> {
    await deleteRows(this.trx, this.schema, 'entries', 'id', 'int4', [...this.deleted]);
    await upsertRows(this.trx, this.schema, 'entries', [...this.inserted.values()], { types: COLUMN_TYPES, key: ['id'] });
    if (this.edited.size > 0) {
      const assignments = sql.join(EDITED_COLUMNS.map((column) => sql`${sql.id(column)} = edited.${sql.id(column)}`));
      await sql`UPDATE ${this.table} AS e SET ${assignments}
        FROM ${unnestRows([...this.edited.values()], PENDING_COLUMN_TYPES, 'edited')}
        WHERE e.id = edited.id`.execute(this.trx);
    }
  }
}

const HANDLED = new Set<string>([
  'EntryLogged',
  'EntryEdited',
  'EntryDeleted',
  'UserUpdated',
  'UserDeleted',
  'DepartmentRenamed',
  'FormFieldEdited',
  'FormFieldDeleted',
]);

export const entriesProjector: Projector = {
  name: 'entries',
  migrate,
  async project(trx, schema, events) {
    const relevant = events.filter((event) => HANDLED.has(event.type));
    if (relevant.length === 0) return;
    const batch = new EntriesBatch(trx, schema);
    for (const event of relevant) await batch.apply(event);
    await batch.flush();
  },
};
