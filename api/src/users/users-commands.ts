import {
  ACCOUNT_MESSAGES as M,
  fullName,
  type AdminUserUpdateInput,
  type ProfileUpdateInput,
  type Role,
  type SsoIdentity,
} from '@tht/contracts';
import type { ReadModelDb, UserRow } from 'projections';
import { decideOnAccount, openAccount } from './account-commands';
import {
  newAccountProfile,
  type AccountEditor,
  type AccountOrigin,
  type DepartmentLookup,
  type ManagerLookup,
  type NewAccount,
  type Placement,
  type ProfileRequest,
} from './account-decider';
import type { AuthUser } from '../auth/auth-user';
import { hashChosenPassword } from '../auth/passwords';
import { canManageUsers } from '../auth/policy';
import { findDepartmentByName } from '../departments';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { DomainError } from '../platform/decider';
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

async function lookUpDepartment(db: ReadModelDb, name: string): Promise<DepartmentLookup> {
  const department = await findDepartmentByName(db, name);
  return department ? { found: true, name: department.name } : { found: false, requested: name };
}

/**
 * The chosen manager as the read models show them. For a manager chosen for `userId`, the managers
 * above them are walked up to `userId` (a management loop) or the top.
 */
async function lookUpManager(db: ReadModelDb, managerId: number, userId?: number): Promise<ManagerLookup> {
  const manager = await findUserById(db, managerId);
  if (!manager) return { id: managerId, found: false };
  const above: number[] = [];
  const seen = new Set([manager.id]);
  let next = userId === undefined ? null : manager.manager_id;
  while (next !== null && !seen.has(next)) {
    above.push(next);
    seen.add(next);
    if (next === userId) break;
    next = (await findUserById(db, next))?.manager_id ?? null;
  }
  return { id: managerId, found: true, name: fullName({ firstName: manager.first_name, lastName: manager.last_name }), above };
}

/** A new account's details with what its decision needs looked up: the address's owner, the department, the manager. */
async function newAccount(db: ReadModelDb, input: Omit<NewUserInput, 'password'>): Promise<NewAccount> {
  const { email, firstName, lastName, role } = input;
  return {
    email,
    firstName,
    lastName,
    role,
    emailTaken: (await findUserByEmail(db, email)) !== undefined,
    department: await lookUpDepartment(db, input.department),
    manager: input.managerId === undefined || input.managerId === null ? null : await lookUpManager(db, input.managerId),
  };
}

export async function addUser(ctx: AppContext, input: NewUserInput, origin: AccountOrigin, actor: Actor): Promise<UserRow> {
  const account = await newAccount(ctx.db, input);
  newAccountProfile(account); // refused before the costly password hash
  const passwordHash = await hashChosenPassword(input.password);
  return openAccount(ctx, { type: 'OpenAccount', userId: await ctx.ids.next('user'), account, origin, passwordHash }, actor);
}

/**
 * A person the organisation's directory provisions (SCIM): an employee account without a password
 * whose address counts as proven (the directory vouches for it); they sign in by single sign-on.
 */
export async function addDirectoryUser(
  ctx: AppContext,
  input: Omit<NewUserInput, 'password' | 'role'>,
  actor: Actor,
): Promise<UserRow> {
  const account = await newAccount(ctx.db, { ...input, role: 'employee' });
  const origin = { registered: false, firstLoginRequired: false } as const;
  return openAccount(ctx, { type: 'OpenAccount', userId: await ctx.ids.next('user'), account, origin, passwordHash: null }, actor);
}

/**
 * The first single sign-on of a person without an account: an employee account without a
 * password, linked to their `identity` at the provider and signed in as session `sessionId`.
 */
export async function addSsoUser(
  ctx: AppContext,
  input: Omit<NewUserInput, 'password' | 'role'>,
  identity: SsoIdentity,
  sessionId: string,
  actor: Actor,
): Promise<UserRow> {
  const account = await newAccount(ctx.db, { ...input, role: 'employee' });
  return openAccount(ctx, { type: 'OpenSsoAccount', userId: await ctx.ids.next('user'), account, identity, sessionId }, actor);
}

/**
 * The first-sign-in screen of the owner of an account they claimed (`user`, linked to `identity`):
 * their names, department and manager, then signed in as session `sessionId`.
 */
export async function placeClaimedSsoUser(
  ctx: AppContext,
  user: UserRow,
  input: Omit<NewUserInput, 'password' | 'role' | 'email'>,
  identity: SsoIdentity,
  sessionId: string,
  actor: Actor,
): Promise<UserRow> {
  const request = {
    firstName: input.firstName,
    lastName: input.lastName,
    department: await lookUpDepartment(ctx.db, input.department),
    manager:
      input.managerId === undefined || input.managerId === null ? null : await lookUpManager(ctx.db, input.managerId, user.id),
  };
  const command = { type: 'PlaceClaimedAccount', identity, request, placement: placementOf(user), sessionId } as const;
  await decideOnAccount(ctx, user.id, command, actor);
  return getUser(ctx.db, user.id);
}

/** The update's fields with the department and the chosen manager looked up. */
async function profileRequest(
  db: ReadModelDb,
  userId: number,
  input: AdminUserUpdateInput | ProfileUpdateInput,
): Promise<ProfileRequest> {
  const { email, firstName, lastName, role, managerId, managerName } = input;
  return {
    email,
    firstName,
    lastName,
    role,
    department: input.department === undefined ? undefined : await lookUpDepartment(db, input.department),
    manager: managerId === undefined || managerId === null ? managerId : await lookUpManager(db, managerId, userId),
    managerName,
  };
}

const placementOf = (user: UserRow): Placement => ({
  department: user.department,
  managerId: user.manager_id,
  managerName: user.manager_name,
});

/** Users edit their own record; admins anyone's. */
export function assertMayEditUser(editor: AuthUser, userId: number): void {
  if (editor.id !== userId && !canManageUsers(editor)) throw new DomainError('forbidden', M.ownProfileOnly);
}

/** Changes what differs (nothing is appended when nothing does). */
export async function updateUser(
  ctx: AppContext,
  editor: AuthUser,
  userId: number,
  input: AdminUserUpdateInput | ProfileUpdateInput,
  actor: Actor,
): Promise<UserRow> {
  assertMayEditUser(editor, userId);
  return changeProfile(ctx, editor, userId, input, actor);
}

/** The directory (SCIM) changes what differs of a person it provisions; `managerId` null: no manager. */
export async function updateDirectoryUser(
  ctx: AppContext,
  userId: number,
  input: AdminUserUpdateInput,
  actor: Actor,
): Promise<UserRow> {
  return changeProfile(ctx, 'directory', userId, input, actor);
}

async function changeProfile(
  ctx: AppContext,
  editor: AccountEditor,
  userId: number,
  input: AdminUserUpdateInput | ProfileUpdateInput,
  actor: Actor,
): Promise<UserRow> {
  const user = await getUser(ctx.db, userId);
  const request = await profileRequest(ctx.db, userId, input);
  const { events } = await decideOnAccount(
    ctx,
    userId,
    { type: 'UpdateProfile', editor, request, placement: placementOf(user) },
    actor,
  );
  return events.length === 0 ? user : getUser(ctx.db, userId);
}

/** Deletes an account and frees its e-mail address; its reports keep their manager's name as text. */
export async function deleteUser(ctx: AppContext, editor: AuthUser, userId: number, actor: Actor): Promise<void> {
  await decideOnAccount(ctx, userId, { type: 'DeleteAccount', editorId: editor.id }, actor);
}

/** The directory (SCIM) deletes an account, as an admin's Delete does. */
export async function deleteDirectoryUser(ctx: AppContext, userId: number, actor: Actor): Promise<void> {
  await decideOnAccount(ctx, userId, { type: 'DeleteAccount', editorId: null }, actor);
}

/**
 * Switches a leaver off (the admin's Deactivate, or the directory's `active=false`): no sign-in nor
 * reset from now on, every session ends at once, and they leave the pickers and target lists while
 * their entries stay counted. Nothing happens for an account already deactivated; the actor cannot
 * switch themselves off.
 */
export async function deactivateUser(ctx: AppContext, userId: number, actor: Actor): Promise<void> {
  await decideOnAccount(ctx, userId, { type: 'DeactivateAccount', actorId: actor.userId }, actor);
}

/** Switches a deactivated account on again: its holder signs in as before. Nothing happens for an active one. */
export async function reactivateUser(ctx: AppContext, userId: number, actor: Actor): Promise<void> {
  await decideOnAccount(ctx, userId, { type: 'ReactivateAccount' }, actor);
}

/** The user must replace the temporary password at the next sign-in; existing sign-ins end. */
export async function setTemporaryPassword(ctx: AppContext, userId: number, password: string, actor: Actor): Promise<void> {
  await decideOnAccount(ctx, userId, { type: 'SetTemporaryPassword', passwordHash: await hashChosenPassword(password) }, actor);
}
