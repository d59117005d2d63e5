import {
  ACCOUNT_MESSAGES as M,
  fullName,
  userStream,
  type AdminUserUpdateInput,
  type ProfileUpdateInput,
  type Role,
  type UserProfileFields,
} from '@tht/contracts';
import type { Kysely } from 'kysely';
import type { UserRow } from 'projections';
import { accountEvent } from '../accounts/account-events';
import { EMAIL_RESERVATION, release, withReservation } from '../accounts/reservations';
import type { AuthUser } from '../auth/auth-user';
import { hashPassword } from '../auth/passwords';
import { canManageUsers, isAdmin } from '../auth/policy';
import { existingDepartmentName } from '../departments/departments-queries';
import { appendAndWait, type Actor, type CommandEvent } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { HttpError } from '../platform/http';
import { findUserByEmail, findUserById, getUser } from './users-queries';

export interface NewUserInput {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  managerId?: number | null | undefined;
  department: string;
  password: string;
}

/** How a new account comes to be: self-registration (signed in at once) or creation by an admin or at start-up. */
export type UserOrigin = { registered: true } | { registered: false; firstLoginRequired: boolean };

type ManagerFields = Pick<UserProfileFields, 'managerId' | 'managerName'>;

/** The manager's id and full name; a 400 when the manager does not exist or would create a loop. */
async function managerFields(db: Kysely<any>, managerId: number | null, userId?: number): Promise<ManagerFields> {
  if (managerId === null) return { managerId: null, managerName: null };
  if (managerId === userId) throw new HttpError(400, M.ownManager);
  const manager = await findUserById(db, managerId);
  if (!manager) throw new HttpError(400, M.managerNotFound);
  if (userId !== undefined && (await reportsTo(db, manager, userId))) throw new HttpError(400, M.managerCycle);
  return { managerId, managerName: fullName({ firstName: manager.first_name, lastName: manager.last_name }) };
}

/** True when `userId` appears in the management chain above `user`. */
async function reportsTo(db: Kysely<any>, user: UserRow, userId: number): Promise<boolean> {
  const seen = new Set<number>([user.id]);
  let managerId = user.manager_id;
  while (managerId !== null && !seen.has(managerId)) {
    if (managerId === userId) return true;
    seen.add(managerId);
    managerId = (await findUserById(db, managerId))?.manager_id ?? null;
  }
  return false;
}

/** Appends a new account's events while holding its e-mail address. */
export async function appendNewUser(
  ctx: AppContext,
  userId: number,
  email: string,
  events: readonly CommandEvent[],
  actor: Actor,
): Promise<UserRow> {
  await withReservation(ctx, EMAIL_RESERVATION, email, userId, actor, M.accountAlreadyExists, () =>
    appendAndWait(ctx, userStream(userId), events, 'no_stream', actor),
  );
  return getUser(ctx.db, userId);
}

export async function addUser(ctx: AppContext, input: NewUserInput, origin: UserOrigin, actor: Actor): Promise<UserRow> {
  if (await findUserByEmail(ctx.db, input.email)) throw new HttpError(409, M.accountAlreadyExists);
  const profile: UserProfileFields = {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    role: input.role,
    department: await existingDepartmentName(ctx.db, input.department),
    ...(await managerFields(ctx.db, input.managerId ?? null)),
  };
  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.ids.next('user');
  const events = origin.registered
    ? [accountEvent('UserRegistered', { userId, ...profile, passwordHash }), accountEvent('UserLoggedIn', { userId })]
    : [accountEvent('UserCreated', { userId, ...profile, passwordHash, firstLoginRequired: origin.firstLoginRequired })];
  return appendNewUser(ctx, userId, profile.email, events, actor);
}

const blankToNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** The fields of `input` that differ from `user`, with department and manager checked and resolved. */
async function profileChanges(
  db: Kysely<any>,
  user: UserRow,
  input: AdminUserUpdateInput | ProfileUpdateInput,
): Promise<Partial<UserProfileFields>> {
  const requested: Partial<UserProfileFields> = {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    role: input.role,
    department: input.department === undefined ? undefined : await existingDepartmentName(db, input.department),
  };
  if (input.managerId !== undefined) {
    const manager = await managerFields(db, input.managerId, user.id);
    // Without a matched manager, the typed name is kept as text (SPEC 5, profile update).
    Object.assign(requested, input.managerId === null ? { ...manager, managerName: blankToNull(input.managerName) } : manager);
  } else if (input.managerName !== undefined && user.manager_id === null) {
    requested.managerName = blankToNull(input.managerName);
  }
  const current: UserProfileFields = {
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    role: user.role,
    managerId: user.manager_id,
    managerName: user.manager_name,
    department: user.department,
  };
  return Object.fromEntries(
    Object.entries(requested).filter(
      ([field, value]) => value !== undefined && value !== current[field as keyof UserProfileFields],
    ),
  ) as Partial<UserProfileFields>;
}

/** Users edit their own record; admins anyone's. */
export function assertMayEditUser(editor: AuthUser, userId: number): void {
  if (editor.id !== userId && !canManageUsers(editor)) throw new HttpError(403, M.ownProfileOnly);
}

/**
 * Everyone may change their own manager and department (sending the rest unchanged); admins may
 * change any field of anyone, except their own role (an admin cannot lock the last admin out).
 */
function checkUpdateAllowed(editor: AuthUser, user: UserRow, changes: Partial<UserProfileFields>): void {
  const ownRecord = editor.id === user.id;
  if (ownRecord && changes.role !== undefined) throw new HttpError(403, M.ownRoleUnchangeable);
  const identityChanged = ['email', 'firstName', 'lastName'].some((field) => field in changes);
  if (identityChanged && !isAdmin(editor)) throw new HttpError(403, M.identityAdminOnly);
}

export async function updateUser(
  ctx: AppContext,
  editor: AuthUser,
  userId: number,
  input: AdminUserUpdateInput | ProfileUpdateInput,
  actor: Actor,
): Promise<UserRow> {
  assertMayEditUser(editor, userId);
  const user = await getUser(ctx.db, userId);
  // The admin form requires a manager; only one's own profile may name a manager who has no account.
  if (editor.id !== userId && input.managerId === null) throw new HttpError(400, M.managerRequired);
  const changes = await profileChanges(ctx.db, user, input);
  checkUpdateAllowed(editor, user, changes);
  if (Object.keys(changes).length === 0) return user;
  const append = () =>
    appendAndWait(ctx, userStream(userId), [accountEvent('UserUpdated', { userId, changes })], user.version, actor);
  if (changes.email === undefined) {
    await append();
  } else {
    await withReservation(ctx, EMAIL_RESERVATION, changes.email, userId, actor, M.accountAlreadyExists, append);
    await release(ctx, EMAIL_RESERVATION, user.email, userId, actor);
  }
  return getUser(ctx.db, userId);
}

/** Deletes an account and frees its e-mail address; its reports keep their manager's name as text. */
export async function deleteUser(ctx: AppContext, editor: AuthUser, userId: number, actor: Actor): Promise<void> {
  if (editor.id === userId) throw new HttpError(400, M.ownAccountUndeletable);
  const user = await getUser(ctx.db, userId);
  await appendAndWait(ctx, userStream(userId), [accountEvent('UserDeleted', { userId, email: user.email })], user.version, actor);
  await release(ctx, EMAIL_RESERVATION, user.email, userId, actor);
}

/** The user must replace the temporary password at the next sign-in; existing sign-ins end. */
export async function setTemporaryPassword(ctx: AppContext, userId: number, password: string, actor: Actor): Promise<void> {
  const user = await getUser(ctx.db, userId);
  const passwordHash = await hashPassword(password);
  await appendAndWait(ctx, userStream(userId), [accountEvent('TemporaryPasswordSet', { userId, passwordHash })], user.version, actor);
}
