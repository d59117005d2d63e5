import {
  ACCOUNT_MESSAGES as M,
  fullName,
  userStream,
  type AdminUserUpdateInput,
  type ProfileUpdateInput,
  type Role,
} from '@tht/contracts';
import type { ReadModelDb, UserRow } from 'projections';
import {
  accountDecider,
  newAccountProfile,
  type AccountCommand,
  type AccountOrigin,
  type AccountStreamEvent,
  type DepartmentLookup,
  type ManagerLookup,
  type Placement,
  type ProfileRequest,
} from '../accounts/accounts-decider';
import { EMAIL_RESERVATION, release, withReservation } from '../accounts/reservations';
import type { AuthUser } from '../auth/auth-user';
import { hashPassword } from '../auth/passwords';
import { canManageUsers } from '../auth/policy';
import { findDepartmentByName } from '../departments/departments-queries';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { handleCommand } from '../platform/handle-command';
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

type OpenAccountCommand = Extract<AccountCommand, { type: 'OpenAccount' }>;

/** Opens a new account's stream while holding its e-mail address. */
export async function openAccount(ctx: AppContext, command: OpenAccountCommand, actor: Actor): Promise<UserRow> {
  const { userId, account } = command;
  await handleCommand(ctx, accountDecider, {
    stream: userStream(userId),
    command,
    actor,
    aroundAppend: (_events, _state, append) =>
      withReservation(ctx, EMAIL_RESERVATION, account.email, userId, actor, M.accountAlreadyExists, append),
  });
  return getUser(ctx.db, userId);
}

export async function addUser(ctx: AppContext, input: NewUserInput, origin: AccountOrigin, actor: Actor): Promise<UserRow> {
  const { email, firstName, lastName, role } = input;
  const account = {
    email,
    firstName,
    lastName,
    role,
    emailTaken: (await findUserByEmail(ctx.db, email)) !== undefined,
    department: await lookUpDepartment(ctx.db, input.department),
    manager: input.managerId === undefined || input.managerId === null ? null : await lookUpManager(ctx.db, input.managerId),
  };
  newAccountProfile(account); // refused before the costly password hash
  const passwordHash = await hashPassword(input.password);
  return openAccount(ctx, { type: 'OpenAccount', userId: await ctx.ids.next('user'), account, origin, passwordHash }, actor);
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

/** The new e-mail address an update gives the account, if any. */
const newEmailIn = (events: readonly AccountStreamEvent[]) =>
  events.flatMap((event) =>
    event.type === 'UserUpdated' && event.data.changes.email !== undefined ? [event.data.changes.email] : [],
  )[0];

/** Users edit their own record; admins anyone's. */
export function assertMayEditUser(editor: AuthUser, userId: number): void {
  if (editor.id !== userId && !canManageUsers(editor)) throw new HttpError(403, M.ownProfileOnly);
}

/** Changes what differs; a new e-mail address is reserved before and the old one freed after. */
export async function updateUser(
  ctx: AppContext,
  editor: AuthUser,
  userId: number,
  input: AdminUserUpdateInput | ProfileUpdateInput,
  actor: Actor,
): Promise<UserRow> {
  assertMayEditUser(editor, userId);
  const user = await getUser(ctx.db, userId);
  const command = {
    type: 'UpdateProfile',
    editor,
    request: await profileRequest(ctx.db, userId, input),
    placement: placementOf(user),
  } as const;
  const { events } = await handleCommand(ctx, accountDecider, {
    stream: userStream(userId),
    command,
    actor,
    aroundAppend: (newEvents, _state, append) => {
      const email = newEmailIn(newEvents);
      return email === undefined
        ? append()
        : withReservation(ctx, EMAIL_RESERVATION, email, userId, actor, M.accountAlreadyExists, append);
    },
  });
  if (events.length === 0) return user;
  if (newEmailIn(events) !== undefined) await release(ctx, EMAIL_RESERVATION, user.email, userId, actor);
  return getUser(ctx.db, userId);
}

/** Deletes an account and frees its e-mail address; its reports keep their manager's name as text. */
export async function deleteUser(ctx: AppContext, editor: AuthUser, userId: number, actor: Actor): Promise<void> {
  const { events } = await handleCommand(ctx, accountDecider, {
    stream: userStream(userId),
    command: { type: 'DeleteAccount', editorId: editor.id },
    actor,
  });
  for (const event of events)
    if (event.type === 'UserDeleted') await release(ctx, EMAIL_RESERVATION, event.data.email, userId, actor);
}

/** The user must replace the temporary password at the next sign-in; existing sign-ins end. */
export async function setTemporaryPassword(ctx: AppContext, userId: number, password: string, actor: Actor): Promise<void> {
  const command = { type: 'SetTemporaryPassword', passwordHash: await hashPassword(password) } as const;
  await handleCommand(ctx, accountDecider, { stream: userStream(userId), command, actor });
}
