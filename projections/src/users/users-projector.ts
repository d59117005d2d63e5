import type { AccountEventData, Role, UserProfileFields } from '@tht/contracts';
import { ERASED_TEXT, erasedPersonName, erasedValue, fullName, isEventOf, userStream } from '@tht/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import { deleteRows, insertRows, unnestRows, type ColumnTypes } from '../framework/batch-sql';
import { erasedIn } from '../framework/erasure';
import type { ProjectedEvent, Projector } from '../framework/projector';

/** A row of `read_models.users`. Secrets are hashes; API responses never include them. */
export interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  manager_id: number | null;
  manager_name: string | null;
  department: string;
  /** null: the account has no password (made at its first single sign-on). */
  password_hash: string | null;
  first_login_required: boolean;
  /** The OpenID Connect identity the account signs in as (issuer and `sub`), once linked. */
  sso_issuer: string | null;
  sso_subject: string | null;
  /** Tokens carry the version they were issued under; "sign out everywhere", password changes and a claim raise it. */
  token_version: number;
  /** The address is known to be the holder's (created by an admin, the import or start-up, opened or claimed by single sign-on, confirmed by its link, or changed by an admin). */
  email_proven: boolean;
  /** Claimed by the address's owner through single sign-on: the first-sign-in screen asks for the department and manager again. */
  placement_required: boolean;
  /** When the account was switched off (a leaver: no sign-in, out of the pickers and target lists); null while active. */
  deactivated_at: Date | string | null;
  last_login: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** Version of the `user-<id>` stream this row reflects: the expected version for the next command. */
  version: number;
}

export interface UsersTables {
  users: UserRow;
}

const USER_EVENT_TYPES = [
  'UserRegistered',
  'UserCreated',
  'UserUpdated',
  'UserDeleted',
  'UserDeactivated',
  'UserReactivated',
  'PasswordChanged',
  'TemporaryPasswordSet',
  'PasswordResetRequested',
  'PasswordResetCompleted',
  'UserLoggedIn',
  'UserLoggedOut',
  'UserLoggedOutEverywhere',
  'SsoIdentityLinked',
  'EmailConfirmationIssued',
  'EmailConfirmed',
  'AccountClaimed',
  'PlacementConfirmed',
  'PersonalDataExported',
  'DepartmentRenamed',
] as const;

type UserEvent = ProjectedEvent<(typeof USER_EVENT_TYPES)[number]>;

const isUserEvent = isEventOf(...USER_EVENT_TYPES);

/**
 * A user's full name as `sameFullName` (@tht/contracts) compares it, in SQL over the users table's
 * columns: trimmed, spaces collapsed, lower case. Indexed (`users_full_name_key_idx`), so a lookup
 * by typed name reads a few index entries, not every account.
 */
export const USER_FULL_NAME_KEY = `regexp_replace(lower(btrim(first_name || ' ' || last_name)), '\\s+', ' ', 'g')`;

const COLUMN_TYPES: ColumnTypes<UserRow> = {
  id: 'int4',
  email: 'text',
  first_name: 'text',
  last_name: 'text',
  role: 'text',
  manager_id: 'int4',
  manager_name: 'text',
  department: 'text',
  password_hash: 'text',
  first_login_required: 'bool',
  sso_issuer: 'text',
  sso_subject: 'text',
  token_version: 'int4',
  email_proven: 'bool',
  placement_required: 'bool',
  deactivated_at: 'timestamptz',
  last_login: 'timestamptz',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  version: 'int4',
};
async function migrate(db: Kysely<UsersTables>, schema: string): Promise<void> {
  const users = sql.table(`${schema}.users`);
  // A row is rewritten at every sign-in: free room on each page (fillfactor) lets PostgreSQL
  // update it in place (HOT) without touching the indexes.
  await sql`CREATE TABLE IF NOT EXISTS ${users} (
    id integer PRIMARY KEY,
    email text NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    role text NOT NULL,
    manager_id integer,
    manager_name text,
    department text NOT NULL,
    password_hash text,
    first_login_required boolean NOT NULL,
    sso_issuer text,
    sso_subject text,
    token_version integer NOT NULL DEFAULT 0,
    email_proven boolean NOT NULL,
    placement_required boolean NOT NULL,
    deactivated_at timestamptz,
    last_login timestamptz,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    version integer NOT NULL
  ) WITH (fillfactor = 70)`.execute(db);
  // Tables made before single sign-on: accounts without a password, and linked identities.
  await sql`ALTER TABLE ${users} ALTER COLUMN password_hash DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE ${users} ADD COLUMN IF NOT EXISTS sso_issuer text, ADD COLUMN IF NOT EXISTS sso_subject text`.execute(db);
  // E-mail uniqueness is the write side's job (reservation streams); a unique index here could
  // fail a batch that frees an address in one row and takes it in another.
  await sql`CREATE INDEX IF NOT EXISTS users_email_idx ON ${users} (email)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS users_manager_id_idx ON ${users} (manager_id)`.execute(db);
  // Whose a typed manager name is, asked at every entry logged or edited (api/src/entries/entries-managers.ts).
  await sql`CREATE INDEX IF NOT EXISTS users_full_name_key_idx ON ${users} (${sql.raw(USER_FULL_NAME_KEY)})`.execute(db);
}

function newUserRow(
  event: UserEvent,
  data: UserProfileFields & { userId: number; passwordHash: string | null },
  { firstLoginRequired, emailProven }: { firstLoginRequired: boolean; emailProven: boolean },
): UserRow {
  return {
    id: data.userId,
    email: data.email,
    first_name: data.firstName,
    last_name: data.lastName,
    role: data.role,
    manager_id: data.managerId,
    manager_name: data.managerName,
    department: data.department,
    password_hash: data.passwordHash,
    first_login_required: firstLoginRequired,
    sso_issuer: null,
    sso_subject: null,
    token_version: 0,
    email_proven: emailProven,
    placement_required: false,
    deactivated_at: null,
    last_login: null,
    created_at: event.metadata.occurredAt,
    updated_at: event.metadata.occurredAt,
    version: event.streamVersion,
  };
}

function profileChanges(changes: Partial<UserProfileFields>): Partial<UserRow> {
  const row: Partial<UserRow> = {};
  // Only an admin changes an address: the new one counts as proven.
  if (changes.email !== undefined) Object.assign(row, { email: changes.email, email_proven: true });
  if (changes.firstName !== undefined) row.first_name = changes.firstName;
  if (changes.lastName !== undefined) row.last_name = changes.lastName;
  if (changes.role !== undefined) row.role = changes.role;
  if (changes.managerId !== undefined) row.manager_id = changes.managerId;
  if (changes.managerName !== undefined) row.manager_name = changes.managerName;
  if (changes.department !== undefined) row.department = changes.department;
  return row;
}

/** What an event does to a user's row: the columns it sets, and whether it revokes earlier tokens (token_version + 1). */
interface RowChange {
  set: Partial<UserRow>;
  revokesTokens?: boolean;
}

/** The accumulated changes of a user the batch does not hold in memory. */
interface BlindChange {
  set: Partial<UserRow>;
  revocations: number;
}

/**
 * One batch of events applied to the users table: the rows of the users whose profile the batch
 * changes or who are deleted are loaded with one query, changed in memory, and written back with
 * a few multi-row statements; the other users' sign-ins, sign-outs and password events are
 * written blind (see `blind`). Events that change rows by a condition rather than by id are
 * mirrored on the rows in memory at once; for the other rows, a manager's new name and a
 * manager's deletion are collected and written at the end with one set-based UPDATE each (names
 * first: a manager can only be renamed before being deleted), and a department rename (rare) runs
 * as one UPDATE when it occurs.
 */
class UsersBatch {
  private readonly rows = new Map<number, UserRow>();
  /** Ids of the users whose rows the batch holds in memory, or held until their deletion. */
  private readonly held = new Set<number>();
  /**
   * Users touched only by sign-ins, sign-outs and password events need no current values: their
   * changes are written blind at the end (`token_version + n`), without loading their rows.
   */
  private readonly blind = new Map<number, BlindChange>();
  /** Ids of the rows already in the table (updated in place at the end; the others are inserted). */
  private readonly stored = new Set<number>();
  private readonly deleted = new Set<number>();
  /** Columns any stored row changed in: the final UPDATE writes only these. */
  private readonly changedColumns = new Set<keyof UserRow>(['version']);
  /** The latest full name of every manager renamed in the batch, for their reports. */
  private readonly managerNames = new Map<number, string>();

  private constructor(
    private readonly trx: Transaction<UsersTables>,
    private readonly schema: string,
  ) {}

  static async load(trx: Transaction<UsersTables>, schema: string, events: readonly UserEvent[]): Promise<UsersBatch> {
    const batch = new UsersBatch(trx, schema);
    // Only profile changes and deletions need a user's current row (names, manager, department).
    const ids = [
      ...new Set(
        events.flatMap((event) => (event.type === 'UserUpdated' || event.type === 'UserDeleted' ? [event.data.userId] : [])),
      ),
    ];
    for (const id of ids) batch.held.add(id);
    if (ids.length > 0) {
      // One json value for all the rows: one native JSON.parse instead of the driver's work per row
      // and column. Times stay ISO strings: they only travel back into the table.
      const { rows: result } = await sql<{ users: UserRow[] }>`SELECT coalesce(json_agg(u), '[]') AS users
        FROM ${sql.table(`${schema}.users`)} AS u WHERE id = ANY(${ids}::int4[])`.execute(trx);
      for (const row of result[0]!.users) {
        batch.rows.set(row.id, row);
        batch.stored.add(row.id);
      }
    }
    return batch;
  }

  async apply(event: UserEvent): Promise<void> {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'UserRegistered':
        // Self-registered: unproven until its link is opened; opened by single sign-on (no password): proven.
        return this.hold(
          newUserRow(event, event.data, { firstLoginRequired: false, emailProven: event.data.passwordHash === null }),
        );
      case 'UserCreated':
        return this.hold(newUserRow(event, event.data, { firstLoginRequired: event.data.firstLoginRequired, emailProven: true }));
      case 'UserUpdated':
        return this.applyUpdate(event, event.data);
      case 'UserDeleted':
        return this.applyDeletion(event.data.userId);
      case 'UserDeactivated':
        // Every session ends at once: the tokens issued before carry the old version.
        return this.change(event, event.data.userId, { set: { deactivated_at: at, updated_at: at }, revokesTokens: true });
      case 'UserReactivated':
        return this.change(event, event.data.userId, { set: { deactivated_at: null, updated_at: at } });
      case 'PasswordChanged':
      case 'PasswordResetCompleted':
        return this.change(event, event.data.userId, {
          set: {
            password_hash: event.data.passwordHash,
            first_login_required: false,
            updated_at: at,
          },
          revokesTokens: true,
        });
      case 'TemporaryPasswordSet':
        return this.change(event, event.data.userId, {
          set: {
            password_hash: event.data.passwordHash,
            first_login_required: true,
            updated_at: at,
          },
          revokesTokens: true,
        });
      case 'PasswordResetRequested':
        // The tokens are the password-resets read model's; the row follows the stream's version.
        return this.change(event, event.data.userId, { set: {} });
      case 'UserLoggedIn':
        return this.change(event, event.data.userId, { set: { last_login: at } });
      case 'UserLoggedOut':
        // One session's logout is the ended-sessions read model's; one older than sessions ended them all.
        return this.change(event, event.data.userId, { set: {}, revokesTokens: !('sessionId' in event.data) });
      case 'UserLoggedOutEverywhere':
        return this.change(event, event.data.userId, { set: {}, revokesTokens: true });
      case 'SsoIdentityLinked':
        return this.change(event, event.data.userId, { set: { sso_issuer: event.data.issuer, sso_subject: event.data.subject } });
      case 'EmailConfirmationIssued':
        // The link's hash stays on the stream, which decides on it; the row follows the stream's version.
        return this.change(event, event.data.userId, { set: {} });
      case 'PersonalDataExported':
        // A download changes nothing of the account; the row follows the stream's version.
        return this.change(event, event.data.userId, { set: {} });
      case 'EmailConfirmed':
        return this.change(event, event.data.userId, { set: { email_proven: true } });
      case 'AccountClaimed':
        return this.change(event, event.data.userId, {
          set: { password_hash: null, first_login_required: false, email_proven: true, placement_required: true, updated_at: at },
          revokesTokens: true,
        });
      case 'PlacementConfirmed':
        return this.change(event, event.data.userId, { set: { placement_required: false } });
      case 'DepartmentRenamed':
        return this.applyDepartmentRename(event.data);
    }
  }

  private hold(row: UserRow): void {
    this.rows.set(row.id, row);
    this.held.add(row.id);
  }

  private change(event: UserEvent, userId: number, { set, revokesTokens = false }: RowChange): void {
    // Sign-ins are on the person's sessions stream (decision 049): the version is the account stream's.
    const changes = event.streamName === userStream(userId) ? { ...set, version: event.streamVersion } : set;
    const row = this.rows.get(userId);
    if (row) {
      this.patch(row, revokesTokens ? { ...changes, token_version: row.token_version + 1 } : changes);
      return;
    }
    if (this.held.has(userId)) return; // an event of a user deleted earlier: nothing left to change
    const blind = this.blind.get(userId) ?? { set: {}, revocations: 0 };
    Object.assign(blind.set, changes);
    if (revokesTokens) blind.revocations += 1;
    this.blind.set(userId, blind);
  }

  /** Rows in memory belong to this batch alone, so they are changed in place. */
  private patch(row: UserRow, changes: Partial<UserRow>): void {
    Object.assign(row, changes);
    for (const column of Object.keys(changes) as (keyof UserRow)[]) this.changedColumns.add(column);
  }

  private applyUpdate(event: UserEvent, { userId, changes }: AccountEventData['UserUpdated']): void {
    this.change(event, userId, { set: { ...profileChanges(changes), updated_at: event.metadata.occurredAt } });
    const row = this.rows.get(userId);
    if (row && (changes.firstName !== undefined || changes.lastName !== undefined)) {
      const name = fullName({ firstName: row.first_name, lastName: row.last_name });
      this.managerNames.set(userId, name);
      this.patchWhere('manager_id', userId, { manager_name: name });
    }
  }

  private applyDeletion(userId: number): void {
    this.rows.delete(userId);
    this.deleted.add(userId);
    // Reports keep their manager's name as text, but no longer point at a removed account.
    this.patchWhere('manager_id', userId, { manager_id: null });
  }

  private async applyDepartmentRename({ name, previousName }: AccountEventData['DepartmentRenamed']): Promise<void> {
    await this.updateWhere('department', previousName, { department: name });
  }

  private async updateWhere(column: 'department', value: string, changes: Partial<UserRow>): Promise<void> {
    await this.trx.withSchema(this.schema).updateTable('users').set(changes).where(column, '=', value).execute();
    this.patchWhere(column, value, changes);
  }

  private patchWhere(column: 'manager_id' | 'department', value: number | string, changes: Partial<UserRow>): void {
    for (const row of this.rows.values()) {
      if (row[column] === value) this.patch(row, changes);
    }
  }

  /**
   * Reports of renamed and deleted managers among the rows not held in memory (those in memory
   * already carry the change and are written after): one UPDATE per kind of change.
   */
  private async updateReportsOutsideMemory(): Promise<void> {
    const users = sql.table(`${this.schema}.users`);
    const inMemory = [...this.stored].filter((id) => this.rows.has(id));
    if (this.managerNames.size > 0) {
      const names = [...this.managerNames].map(([id, name]) => ({ id, name }));
      await sql`UPDATE ${users} AS t SET manager_name = m.name
        FROM ${unnestRows(names, { id: 'int4', name: 'text' }, 'm')}
        WHERE t.manager_id = m.id AND t.id <> ALL(${inMemory}::int4[])`.execute(this.trx);
    }
    if (this.deleted.size > 0) {
      await sql`UPDATE ${users} SET manager_id = NULL
        WHERE manager_id = ANY(${[...this.deleted]}::int4[]) AND id <> ALL(${inMemory}::int4[])`.execute(this.trx);
    }
  }

  /** One UPDATE per set of changed columns (a handful: sign-ins, sign-outs, password changes...). */
  private async writeBlindChanges(): Promise<void> {
    const groups = new Map<string, { columns: (keyof UserRow)[]; rows: Record<string, unknown>[] }>();
    for (const [id, { set, revocations }] of this.blind) {
      const columns = (Object.keys(set) as (keyof UserRow)[]).sort();
      const key = columns.join(',');
      const group = groups.get(key) ?? { columns, rows: [] };
      group.rows.push({ ...set, id, revocations });
      groups.set(key, group);
    }
    for (const { columns, rows } of groups.values()) {
      const types: Record<string, string> = { id: 'int4', revocations: 'int4' };
      for (const column of columns) types[column] = COLUMN_TYPES[column];
      const assignments = [
        ...columns.map((column) => sql`${sql.id(column)} = b.${sql.id(column)}`),
        sql`token_version = t.token_version + b.revocations`,
      ];
      await sql`UPDATE ${sql.table(`${this.schema}.users`)} AS t SET ${sql.join(assignments)}
        FROM ${unnestRows(rows, types, 'b')} WHERE t.id = b.id`.execute(this.trx);
    }
  }

  /**
   * The blind changes, deletions, the reports of renamed or deleted managers, one INSERT of the new
   * rows and one UPDATE of the stored rows in memory (the blind and the held users are distinct).
   */
  async flush(): Promise<void> {
    await this.writeBlindChanges();
    await deleteRows(this.trx, this.schema, 'users', 'id', 'int4', [...this.deleted]);
    await this.updateReportsOutsideMemory();
    const rows = [...this.rows.values()];
    await insertRows(
      this.trx,
      this.schema,
      'users',
      rows.filter((row) => !this.stored.has(row.id)),
      COLUMN_TYPES,
    );
    const changed = rows.filter((row) => this.stored.has(row.id));
    if (changed.length === 0) return;
    // A plain UPDATE of the changed columns costs less than an upsert's insert attempt.
    const columns = [...this.changedColumns];
    const types = Object.fromEntries(['id', ...columns].map((column) => [column, COLUMN_TYPES[column as keyof UserRow]]));
    const assignments = sql.join(columns.map((column) => sql`${sql.id(column)} = u.${sql.id(column)}`));
    await sql`UPDATE ${sql.table(`${this.schema}.users`)} AS t SET ${assignments}
      FROM ${unnestRows(changed, types as ColumnTypes<UserRow>, 'u')} WHERE t.id = u.id`.execute(this.trx);
  }
}

export const usersProjector: Projector<UsersTables> = {
  name: 'users',
  // 2: email_proven and placement_required (accounts claimed through single sign-on).
  // 3: deactivated_at (leavers switched off).
  version: 3,
  migrate,
  async project(trx, schema, events) {
    const userEvents = events.filter(isUserEvent);
    if (userEvents.length > 0) {
      const batch = await UsersBatch.load(trx, schema, userEvents);
      for (const event of userEvents) await batch.apply(event);
      await batch.flush();
    }
    for (const userId of erasedIn(events)) await eraseUserRows(trx, schema, userId);
  },
};

/**
 * An erased person's row as a rebuild reads it (decision 038): names and address erased, the
 * provider's subject too, a manager name they typed themselves (no picked manager) as theirs; and
 * their reports' manager name.
 */
async function eraseUserRows(trx: Transaction<UsersTables>, schema: string, userId: number): Promise<void> {
  const users = sql.table(`${schema}.users`);
  await sql`UPDATE ${users} SET first_name = ${erasedValue('firstName', userId)}, last_name = ${erasedValue('lastName', userId)},
      email = ${erasedValue('email', userId)}, sso_subject = CASE WHEN sso_subject IS NULL THEN NULL ELSE ${ERASED_TEXT} END,
      manager_name = CASE WHEN manager_id IS NULL AND manager_name IS NOT NULL THEN ${erasedPersonName(userId)} ELSE manager_name END
    WHERE id = ${userId}`.execute(trx);
  await sql`UPDATE ${users} SET manager_name = ${erasedPersonName(userId)} WHERE manager_id = ${userId}`.execute(trx);
}
