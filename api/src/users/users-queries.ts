import type { CurrentUserResponse, ManagerOption, RoleHolder, User, UserStatus, UserSummary } from '@tht/contracts';
import { ACCOUNT_MESSAGES as M, canSeeDeactivatedPeople, normaliseEmail } from '@tht/contracts';
import { sql, type RawBuilder } from 'kysely';
import { READ_MODEL_SCHEMA, type ReadModelDb, type UserRow } from 'projections';
import { DomainError } from '../platform/decider';

export const USER_NOT_FOUND = M.userNotFound;

const users = (db: ReadModelDb) => db.withSchema(READ_MODEL_SCHEMA).selectFrom('users');

export async function findUserById(db: ReadModelDb, id: number): Promise<UserRow | undefined> {
  return users(db).selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: ReadModelDb, email: string): Promise<UserRow | undefined> {
  return users(db).selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

/** The id of the account a password reset token (its hash) was issued to, while the token is unexpired at `now`. */
export async function findResetTokenOwner(db: ReadModelDb, tokenHash: string, now: Date): Promise<number | undefined> {
  const reset = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return reset?.user_id;
}

/** The user or a 404. */
export async function getUser(db: ReadModelDb, id: number): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row) throw new DomainError('not-found', USER_NOT_FOUND);
  return row;
}

/** Lists of people show the active accounts to everyone; deactivated ones (or all) only to HR and admins. */
export function assertMaySeeStatus(viewer: RoleHolder, status: UserStatus): void {
  if (status !== 'active' && !canSeeDeactivatedPeople(viewer)) throw new DomainError('forbidden', M.deactivatedPeopleHidden);
}

/** The condition on `users` rows (under that name) that keeps the accounts of `status`. */
export function usersOfStatus(status: UserStatus): RawBuilder<boolean> {
  if (status === 'all') return sql<boolean>`true`;
  return status === 'active' ? sql<boolean>`users.deactivated_at IS NULL` : sql<boolean>`users.deactivated_at IS NOT NULL`;
}

/** The users of `status`, sorted by last name (the admin list's order), then first name. */
export async function listUsers(db: ReadModelDb, status: UserStatus = 'active'): Promise<UserRow[]> {
  return users(db).selectAll().where(usersOfStatus(status)).orderBy('last_name').orderBy('first_name').orderBy('id').execute();
}

export async function hasDirectReports(db: ReadModelDb, userId: number): Promise<boolean> {
  const report = await users(db).select('id').where('manager_id', '=', userId).limit(1).executeTakeFirst();
  return report !== undefined;
}

/** Users who may be picked as a manager: every active account, since any colleague can lead others. */
export async function listManagerOptions(db: ReadModelDb): Promise<ManagerOption[]> {
  return users(db)
    .select(['id', 'first_name as firstName', 'last_name as lastName'])
    .where(usersOfStatus('active'))
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .execute();
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function toUserSummary(row: UserRow): UserSummary {
  return {
    id: row.id,
    username: row.email,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    managerId: row.manager_id,
    managerName: row.manager_name,
    department: row.department,
    ...(row.deactivated_at === null ? {} : { deactivatedAt: iso(row.deactivated_at) }),
  };
}

/** A user as the user themself and admins see it: everything but the password hash and reset token. */
export function toUser(row: UserRow): User {
  return {
    ...toUserSummary(row),
    firstLoginRequired: row.first_login_required,
    lastLogin: row.last_login === null ? null : iso(row.last_login),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** What the current-user answer says about the session beyond the user's row (see accounts/sign-in.ts). */
export type SessionFacts = Pick<CurrentUserResponse, 'requiresPasswordChange' | 'passwordSignIn'>;

export async function currentUserResponse(db: ReadModelDb, row: UserRow, facts: SessionFacts): Promise<CurrentUserResponse> {
  return { user: toUser(row), ...facts, hasDirectReports: await hasDirectReports(db, row.id) };
}

/** Which of `ids` are accounts. */
export async function existingUserIds(db: ReadModelDb, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await users(db).select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}
