import {
  ERASED_TEXT,
  erasedPersonName,
  erasedValue,
  fullName,
  isEventOf,
  type AccountEventData,
  type EntryDetails,
  type EntryManager,
  type EntryOrigin,
} from '@tht/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import { deleteRows, insertRows, unnestRows, upsertRows, type ColumnTypes } from '../framework/batch-sql';
import { erasedIn } from '../framework/erasure';
import type { ProjectedEvent, Projector } from '../framework/projector';

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
  /**
   * The account `manager_name` names, whose personal data it is (decision 038): the entry's
   * `managerId`, or the manager a profile change or a manager's new name wrote it from; null for
   * text naming no one (the owner's).
   */
  manager_id: number | null;
  department: string;
  hours: string;
  notes: string;
  rating: number;
  be_innovative: boolean;
  training_type: string;
  course_given_by: string;
  custom_fields: Record<string, unknown>;
  /** "Valid until" of the certificate the training gave, YYYY-MM-DD like `date`; null when none. */
  valid_until: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** The connected system and statement that reported the entry (`EntryLogged`'s `source`); null when hand-logged. Edits keep it. */
  source: EntryOrigin['source'] | null;
}

/**
 * What the projector keeps of every user (`read_models.entry_owners`): their name and manager, so
 * that a manager's new name reaches the entries of their direct reports.
 */
export interface OwnerRow {
  user_id: number;
  first_name: string;
  last_name: string;
  manager_id: number | null;
}

export interface EntriesTables {
  entries: EntryRow;
  entry_owners: OwnerRow;
}

const OWNER_COLUMN_TYPES: ColumnTypes<OwnerRow> = { user_id: 'int4', first_name: 'text', last_name: 'text', manager_id: 'int4' };

type EditableRow = Omit<EntryRow, 'id' | 'user_id' | 'created_at' | 'source'>;
/** What every row kept in memory has: the edited rows lack only `created_at` and `source`, which an edit keeps. */
type PendingRow = EditableRow & { id: number; user_id: number };

async function migrate(db: Kysely<EntriesTables>, schema: string): Promise<void> {
  const entries = sql.table(`${schema}.entries`);
  await sql`CREATE TABLE IF NOT EXISTS ${entries} (
    id integer PRIMARY KEY,
    user_id integer NOT NULL,
    training_name text NOT NULL,
    date text COLLATE "C" NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    manager_name text NOT NULL,
    manager_id integer,
    department text NOT NULL,
    hours numeric NOT NULL,
    notes text NOT NULL,
    rating smallint NOT NULL,
    be_innovative boolean NOT NULL,
    training_type text NOT NULL,
    course_given_by text NOT NULL,
    custom_fields jsonb NOT NULL,
    valid_until text COLLATE "C",
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    source jsonb
  ) WITH (fillfactor = 90)`.execute(db);
  // Tables made before the manager's account was kept (version 1; the upgrade's rebuild fills it).
  await sql`ALTER TABLE ${entries} ADD COLUMN IF NOT EXISTS manager_id integer`.execute(db);
  // Tables made before certificates expired (version 2; the upgrade's rebuild fills it).
  await sql`ALTER TABLE ${entries} ADD COLUMN IF NOT EXISTS valid_until text COLLATE "C"`.execute(db);
  // Tables made before connected systems reported entries (version 3; the upgrade's rebuild fills it).
  await sql`ALTER TABLE ${entries} ADD COLUMN IF NOT EXISTS source jsonb`.execute(db);
  // One person's entries of a year (lists, stats): one index range. Few indexes keep a rebuild fast.
  await sql`CREATE INDEX IF NOT EXISTS entries_user_date_idx ON ${entries} (user_id, date, id)`.execute(db);
  // Everyone's entries of a year (HR, SMT) and the years that have entries.
  await sql`CREATE INDEX IF NOT EXISTS entries_date_idx ON ${entries} (date)`.execute(db);
  // Certificates expiring in a window (api/src/certificates): the entries that have a date, and
  // whether a person logged the same training (trimmed, ignoring case) later, a renewal.
  await sql`CREATE INDEX IF NOT EXISTS entries_valid_until_idx ON ${entries} (valid_until) WHERE valid_until IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS entries_training_key_idx ON ${entries} (user_id, lower(btrim(training_name)), date, id)`.execute(
    db,
  );
  const owners = sql.table(`${schema}.entry_owners`);
  await sql`CREATE TABLE IF NOT EXISTS ${owners} (
    user_id integer PRIMARY KEY,
    first_name text NOT NULL,
    last_name text NOT NULL,
    manager_id integer
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS entry_owners_manager_idx ON ${owners} (manager_id)`.execute(db);
}

/**
 * The row an entry's event describes, as of `at`, with `createdAt` as its creation time. One
 * object literal (no spread copies): a replay builds one per logged or edited entry.
 */
function entryRow(
  details: EntryDetails & EntryManager & EntryOrigin & { entryId: number; userId: number },
  at: string,
  createdAt: string | Date,
  source = details.source ?? null,
): EntryRow {
  return {
    id: details.entryId,
    user_id: details.userId,
    training_name: details.trainingName,
    date: details.date,
    first_name: details.firstName,
    last_name: details.lastName,
    manager_name: details.managerName,
    manager_id: details.managerId ?? null,
    department: details.department,
    hours: details.hours,
    notes: details.notes,
    rating: details.rating,
    be_innovative: details.beInnovative,
    training_type: details.trainingType,
    course_given_by: details.courseGivenBy,
    custom_fields: details.customFields,
    valid_until: details.validUntil ?? null,
    created_at: createdAt,
    updated_at: at,
    source,
  };
}

/**
 * The profile fields of a user that their entries follow: a new manager or department shows on
 * all their entries ('All your training entries have been updated automatically!'), and so does
 * their manager's new name.
 */
type ProfileChanges = Partial<Pick<EntryRow, 'manager_name' | 'manager_id' | 'department'>>;

/** A user's new manager name on their entries, and whose it is (as the event store's map says). */
function profileChangesOf({ changes }: AccountEventData['UserUpdated']): ProfileChanges {
  const row: ProfileChanges = {};
  if (changes.managerName !== undefined) {
    row.manager_name = changes.managerName ?? '';
    row.manager_id = changes.managerId ?? null;
  }
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
  manager_id: 'int4',
  department: 'text',
  hours: 'numeric',
  notes: 'text',
  rating: 'int2',
  be_innovative: 'bool',
  training_type: 'text',
  course_given_by: 'text',
  custom_fields: 'jsonb',
  valid_until: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  source: 'jsonb',
};

/** Edited rows carry every column but the creation time and the source; an edit rewrites all but the key and the owner. */
const { created_at: _created, source: _source, ...PENDING_COLUMN_TYPES } = COLUMN_TYPES;
const EDITED_COLUMNS = Object.keys(PENDING_COLUMN_TYPES).filter((column) => column !== 'id' && column !== 'user_id');

const HANDLED_TYPES = [
  'EntryLogged',
  'UserRegistered',
  'UserCreated',
  'EntryEdited',
  'EntryDeleted',
  'UserUpdated',
  'UserDeleted',
  'DepartmentRenamed',
  'FormFieldEdited',
  'FormFieldDeleted',
] as const;

type HandledEvent = ProjectedEvent<(typeof HANDLED_TYPES)[number]>;

const isHandled = isEventOf(...HANDLED_TYPES);

type UserChanges = AccountEventData['UserUpdated']['changes'];
const isRenaming = (changes: UserChanges) => changes.firstName !== undefined || changes.lastName !== undefined;
/** A change of what `entry_owners` keeps: the name or the manager. */
const changesOwner = (changes: UserChanges) => isRenaming(changes) || changes.managerId !== undefined;

/**
 * One batch of events applied to the entries table with a few statements: new and edited rows are
 * kept in memory and written at the end with one INSERT and one UPDATE; deletions are one DELETE.
 * Profile changes (a user's new manager or department, a manager's new name for their reports)
 * are collected per user and written with one UPDATE of the stored rows at the end, and applied
 * at once to the rows in memory, which are written after it. The rarer changes that select rows
 * by another condition (a deleted user, a renamed department or custom field) run as one
 * statement when they occur (after writing the profile changes collected so far) and are mirrored
 * on the rows in memory, so the result is the same as applying every event in order.
 */
class EntriesBatch {
  private readonly inserted = new Map<number, EntryRow>();
  private readonly edited = new Map<number, PendingRow>();
  private readonly deleted = new Set<number>();
  /** The changes of every user's stored entries not written yet, latest values merged. */
  private readonly profileChanges = new Map<number, ProfileChanges>();
  /** The owners the batch needs (loaded up front) or creates, by user id. */
  private readonly owners = new Map<number, OwnerRow>();
  private readonly changedOwners = new Set<number>();
  private readonly deletedOwners = new Set<number>();

  private constructor(
    private readonly trx: Transaction<EntriesTables>,
    private readonly schema: string,
  ) {}

  /**
   * Loads with one query the owners whose name or manager the batch changes, and the reports of
   * the managers it renames or deletes: every owner a rename must reach is then in memory.
   */
  static async load(trx: Transaction<EntriesTables>, schema: string, events: readonly HandledEvent[]): Promise<EntriesBatch> {
    const batch = new EntriesBatch(trx, schema);
    const ids: number[] = [];
    const managers: number[] = [];
    for (const event of events) {
      if (event.type === 'UserDeleted') {
        const { userId } = event.data;
        ids.push(userId);
        managers.push(userId);
      } else if (event.type === 'UserUpdated') {
        const { userId, changes } = event.data;
        if (changesOwner(changes)) ids.push(userId);
        if (isRenaming(changes)) managers.push(userId);
      }
    }
    if (ids.length === 0) return batch;
    const { rows } =
      await sql<OwnerRow>`SELECT user_id, first_name, last_name, manager_id FROM ${sql.table(`${schema}.entry_owners`)}
      WHERE user_id = ANY(${ids}::int4[]) OR manager_id = ANY(${managers}::int4[])`.execute(trx);
    for (const row of rows) batch.owners.set(row.user_id, row);
    return batch;
  }

  private get table() {
    return sql.table(`${this.schema}.entries`);
  }

  /** Both in-memory row sets; a changed row is always a spread of its own previous value. */
  private get pending(): Map<number, PendingRow>[] {
    return [this.inserted, this.edited];
  }

  async apply(event: HandledEvent): Promise<void> {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'EntryLogged': {
        this.inserted.set(event.data.entryId, entryRow(event.data, at, at));
        return;
      }
      case 'EntryEdited': {
        const { entryId } = event.data;
        const inserted = this.inserted.get(entryId);
        // An edited stored row keeps its creation time: the UPDATE does not write that column.
        if (inserted) this.inserted.set(entryId, entryRow(event.data, at, inserted.created_at, inserted.source));
        else this.edited.set(entryId, entryRow(event.data, at, at));
        return;
      }
      case 'EntryDeleted': {
        const { entryId } = event.data;
        this.inserted.delete(entryId);
        this.edited.delete(entryId);
        this.deleted.add(entryId);
        return;
      }
      case 'UserRegistered':
      case 'UserCreated': {
        const { userId, firstName, lastName, managerId } = event.data;
        this.setOwner({ user_id: userId, first_name: firstName, last_name: lastName, manager_id: managerId });
        return;
      }
      case 'UserUpdated':
        this.applyUserUpdate(event.data);
        return;
      case 'UserDeleted': {
        // Entries go with their owner in the read model; the log keeps them.
        const { userId } = event.data;
        await sql`DELETE FROM ${this.table} WHERE user_id = ${userId}`.execute(this.trx);
        this.forgetRowsOf(userId);
        this.profileChanges.delete(userId);
        this.deleteOwner(userId);
        return;
      }
      case 'DepartmentRenamed': {
        const { name, previousName } = event.data;
        await this.writeProfileChanges();
        await sql`UPDATE ${this.table} SET department = ${name} WHERE department = ${previousName}`.execute(this.trx);
        this.patchPending((row) => row.department === previousName, { department: name });
        return;
      }
      case 'FormFieldEdited': {
        const { name, previousName } = event.data;
        if (name !== previousName) await this.renameCustomField(previousName, name);
        return;
      }
      case 'FormFieldDeleted': {
        const { name } = event.data;
        await this.renameCustomField(name, null);
        return;
      }
    }
  }

  private applyUserUpdate(data: AccountEventData['UserUpdated']): void {
    const { userId, changes } = data;
    const own = profileChangesOf(data);
    if (Object.keys(own).length > 0) this.changeEntriesOf(userId, own);
    const owner = this.owners.get(userId);
    if (!owner || !changesOwner(changes)) return;
    this.setOwner({
      user_id: userId,
      first_name: changes.firstName ?? owner.first_name,
      last_name: changes.lastName ?? owner.last_name,
      manager_id: changes.managerId === undefined ? owner.manager_id : changes.managerId,
    });
    if (!isRenaming(changes)) return;
    const managerName = fullName({
      firstName: changes.firstName ?? owner.first_name,
      lastName: changes.lastName ?? owner.last_name,
    });
    for (const report of this.owners.values()) {
      if (report.manager_id === userId) this.changeEntriesOf(report.user_id, { manager_name: managerName, manager_id: userId });
    }
  }

  private setOwner(owner: OwnerRow): void {
    this.owners.set(owner.user_id, owner);
    this.changedOwners.add(owner.user_id);
  }

  /** Reports of a deleted manager keep the name on their entries but no longer point at the account. */
  private deleteOwner(userId: number): void {
    this.owners.delete(userId);
    this.changedOwners.delete(userId);
    this.deletedOwners.add(userId);
    for (const report of this.owners.values()) {
      if (report.manager_id === userId) this.setOwner({ ...report, manager_id: null });
    }
  }

  /** Changes every entry of a user: the ones in memory now, the stored ones with the batch's profile UPDATE. */
  private changeEntriesOf(userId: number, changes: ProfileChanges): void {
    this.profileChanges.set(userId, { ...this.profileChanges.get(userId), ...changes });
    this.patchPending((row) => row.user_id === userId, changes);
  }

  private patchPending(matches: (row: PendingRow) => boolean, changes: ProfileChanges): void {
    for (const rows of this.pending) {
      for (const [id, row] of rows) if (matches(row)) rows.set(id, { ...row, ...changes });
    }
  }

  private forgetRowsOf(userId: number): void {
    for (const rows of this.pending) {
      for (const [id, row] of rows) if (row.user_id === userId) rows.delete(id);
    }
  }

  /**
   * One UPDATE of the stored entries of every user whose profile the batch changed so far (a
   * missing value keeps the column; a manager name comes with its manager id, which may be null).
   */
  private async writeProfileChanges(): Promise<void> {
    if (this.profileChanges.size === 0) return;
    const changes = [...this.profileChanges].map(([user_id, columns]) => ({ user_id, ...columns }));
    this.profileChanges.clear();
    await sql`UPDATE ${this.table} AS e
      SET manager_name = coalesce(c.manager_name, e.manager_name),
        manager_id = CASE WHEN c.manager_name IS NULL THEN e.manager_id ELSE c.manager_id END,
        department = coalesce(c.department, e.department)
      FROM ${unnestRows(changes, { user_id: 'int4', manager_name: 'text', manager_id: 'int4', department: 'text' }, 'c')}
      WHERE e.user_id = c.user_id`.execute(this.trx);
  }

  /** Moves the values of custom field `from` to `to` (or drops them when `to` is null). */
  private async renameCustomField(from: string, to: string | null): Promise<void> {
    const moved =
      to === null
        ? sql`custom_fields - ${from}::text`
        : sql`(custom_fields - ${from}::text) || jsonb_build_object(${to}::text, custom_fields -> ${from}::text)`;
    await sql`UPDATE ${this.table} SET custom_fields = ${moved} WHERE custom_fields ? ${from}::text`.execute(this.trx);
    for (const rows of this.pending) {
      for (const [id, row] of rows) {
        if (!(from in row.custom_fields)) continue;
        const { [from]: value, ...rest } = row.custom_fields;
        rows.set(id, { ...row, custom_fields: to === null ? rest : { ...rest, [to]: value } });
      }
    }
  }

  /** Stored rows first (deletions, profile changes), then the rows in memory, which already carry every change. */
  async flush(): Promise<void> {
    await deleteRows(this.trx, this.schema, 'entries', 'id', 'int4', [...this.deleted]);
    await this.writeProfileChanges();
    await insertRows(this.trx, this.schema, 'entries', [...this.inserted.values()], COLUMN_TYPES);
    if (this.edited.size > 0) {
      const assignments = sql.join(EDITED_COLUMNS.map((column) => sql`${sql.id(column)} = edited.${sql.id(column)}`));
      await sql`UPDATE ${this.table} AS e SET ${assignments}
        FROM ${unnestRows([...this.edited.values()], PENDING_COLUMN_TYPES, 'edited')}
        WHERE e.id = edited.id`.execute(this.trx);
    }
    await deleteRows(this.trx, this.schema, 'entry_owners', 'user_id', 'int4', [...this.deletedOwners]);
    const owners = [...this.changedOwners].map((id) => this.owners.get(id)!);
    await upsertRows(this.trx, this.schema, 'entry_owners', owners, { types: OWNER_COLUMN_TYPES, key: ['user_id'] });
  }
}

export const entriesProjector: Projector<EntriesTables> = {
  name: 'entries',
  // 2: entries keep the account their manager name names (`manager_id`); 3: "Valid until" (`valid_until`);
  // 4: the connected system that reported an entry (`source`).
  version: 4,
  migrate,
  async project(trx, schema, events) {
    const relevant = events.filter(isHandled);
    if (relevant.length > 0) {
      const batch = await EntriesBatch.load(trx, schema, relevant);
      for (const event of relevant) await batch.apply(event);
      await batch.flush();
    }
    for (const userId of erasedIn(events)) await eraseEntriesOf(trx, schema, userId);
  },
};

/**
 * An erased person's entries as a rebuild reads them (decision 038): their names, notes and custom
 * values erased, and the manager name on them when it is theirs (text naming no account); the
 * manager name on every entry whose name is the erased person's (`manager_id`), and on their
 * reports' entries whose name is typed text naming no account.
 */
async function eraseEntriesOf(trx: Transaction<EntriesTables>, schema: string, userId: number): Promise<void> {
  const [entries, owners] = [sql.table(`${schema}.entries`), sql.table(`${schema}.entry_owners`)];
  const [firstName, lastName, name] = [erasedValue('firstName', userId), erasedValue('lastName', userId), erasedPersonName(userId)];
  await sql`UPDATE ${entries} SET first_name = ${firstName}, last_name = ${lastName}, notes = ${ERASED_TEXT},
      manager_name = CASE WHEN manager_id IS NULL THEN ${name} ELSE manager_name END,
      custom_fields = (SELECT coalesce(jsonb_object_agg(key, CASE WHEN value = 'null'::jsonb THEN value ELSE to_jsonb(${ERASED_TEXT}::text) END),
        '{}'::jsonb) FROM jsonb_each(custom_fields))
    WHERE user_id = ${userId}`.execute(trx);
  await sql`UPDATE ${owners} SET first_name = ${firstName}, last_name = ${lastName} WHERE user_id = ${userId}`.execute(trx);
  await sql`UPDATE ${entries} SET manager_name = ${name}
    WHERE manager_id = ${userId}
       OR (manager_id IS NULL AND user_id IN (SELECT user_id FROM ${owners} WHERE manager_id = ${userId}))`.execute(trx);
}
