import {
  ACCOUNT_MESSAGES as M,
  EMAIL_CONFIRMATION_MESSAGES as C,
  MAX_UNEXPIRED_RESET_LINKS,
  PASSWORD_RESET_MESSAGES as R,
  isAdmin,
  type Person,
  type ProductEvent,
  SSO_MESSAGES as S,
  type Role,
  type SsoIdentity,
  type UserProfileFields,
  CONFLICT_MESSAGE,
  fullName,
  sameFullName,
} from '@tht/contracts';
import { DomainError, type Decider, type NameClaim, type StoredEvent } from '../platform/decider';
import type {
  AccountCommand,
  CurrentPasswordProof,
  DepartmentLookup,
  EmailConfirmationToken,
  ManagerLookup,
  NewAccount,
  Placement,
  ProfileRequest,
  ResetToken,
} from './account-command-types';

/** The commands' types, for the handlers and tests that import them from here. */
export type * from './account-command-types';

/**
 * A user account as its own stream (`user-<id>`) tells it; null before it is opened. Department and
 * manager are left out: department renames and a manager's renaming or deletion happen on other
 * streams, so a command brings the user's current place in the organisation (`Placement`).
 */
export type AccountState = {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** The reset tokens (hashes) issued since the password last changed, but for those expired when a later one was issued. */
  resets: readonly ResetToken[];
  /** The password is temporary or admin-given: the user must choose one, and needs not give it to do so. */
  mustChangePassword: boolean;
  /** The identity at the organisation's OpenID Connect provider the account was last linked to. */
  ssoIdentity: SsoIdentity | null;
  /**
   * The address is known to be the account holder's: the provider vouched for it (an account it
   * opened, or one its owner claimed), an admin, the import or start-up created the account or
   * changed its address, or the holder opened the confirmation link mailed to it.
   */
  emailProven: boolean;
  /** The confirmation link mailed to the unproven address (its hash), while it is unused. */
  confirmation: EmailConfirmationToken | null;
  /** Claimed by the address's owner, who has not yet chosen the department and manager again. */
  placementRequired: boolean;
  /** A leaver switched off (`UserDeactivated`) and not yet switched on again: no sign-in, no reset. */
  deactivated: boolean;
  /** Erased (`PersonErased`, decision 038): their personal data is gone; nothing more is decided on the account. */
  erased: boolean;
  deleted: boolean;
} | null;

export type AccountStreamEvent = ProductEvent<
  | 'UserRegistered'
  | 'UserCreated'
  | 'UserUpdated'
  | 'UserDeleted'
  | 'UserDeactivated'
  | 'UserReactivated'
  | 'PersonErased'
  | 'PasswordChanged'
  | 'TemporaryPasswordSet'
  | 'PasswordResetRequested'
  | 'PasswordResetCompleted'
  | 'UserLoggedIn'
  | 'UserLoggedOut'
  | 'UserLoggedOutEverywhere'
  | 'SsoIdentityLinked'
  | 'EmailConfirmationIssued'
  | 'EmailConfirmed'
  | 'AccountClaimed'
  | 'PlacementConfirmed'
>;

type Account = NonNullable<AccountState>;

function liveAccount(state: AccountState, missing: string = M.userNotFound): Account {
  if (!state || state.deleted) throw new DomainError('not-found', missing);
  if (state.erased) throw new DomainError('conflict', M.accountErased);
  return state;
}

/** A live account that is not deactivated: only such a one gets (or uses) a password reset link. */
function activeAccount(state: AccountState, missing?: string): Account {
  const account = liveAccount(state, missing);
  if (account.deactivated) throw new DomainError('forbidden', M.accountDeactivated);
  return account;
}

/** Switching an account off or on again is idempotent: asking for the state it is in appends nothing. */
function deactivateAccount(
  state: AccountState,
  { actorId }: Extract<AccountCommand, { type: 'DeactivateAccount' }>,
): AccountStreamEvent[] {
  const { userId, deactivated } = liveAccount(state);
  if (userId === actorId) throw new DomainError('invalid', M.ownAccountUndeactivatable);
  return deactivated ? [] : [{ type: 'UserDeactivated', data: { userId } }];
}

/** A deactivated person's personal data is erased, once their full name is typed to confirm it. */
function eraseAccount(
  state: AccountState,
  { confirmName }: Extract<AccountCommand, { type: 'EraseAccount' }>,
): AccountStreamEvent[] {
  const { userId, deactivated, firstName, lastName } = liveAccount(state);
  if (!deactivated) throw new DomainError('conflict', M.eraseActiveAccount);
  if (!sameFullName(confirmName, fullName({ firstName, lastName }))) throw new DomainError('invalid', M.eraseNameMismatch);
  return [{ type: 'PersonErased', data: { userId } }];
}

function reactivateAccount(state: AccountState): AccountStreamEvent[] {
  const { userId, deactivated } = liveAccount(state);
  return deactivated ? [{ type: 'UserReactivated', data: { userId } }] : [];
}

function listedDepartment(department: DepartmentLookup): string {
  if (!department.found) throw new DomainError('invalid', M.unknownDepartment(department.requested));
  return department.name;
}

/** The manager's id and full name; refused when the manager does not exist or (for `userId`'s record) would create a loop. */
function managerFields(manager: ManagerLookup | null, userId?: number): Pick<UserProfileFields, 'managerId' | 'managerName'> {
  if (manager === null) return { managerId: null, managerName: null };
  if (manager.id === userId) throw new DomainError('invalid', M.ownManager);
  if (!manager.found) throw new DomainError('invalid', M.managerNotFound);
  if (userId !== undefined && manager.above.includes(userId)) throw new DomainError('invalid', M.managerCycle);
  return { managerId: manager.id, managerName: manager.name };
}

/** A new account's profile, or why it cannot be opened (also checked before the costly password hash). */
export function newAccountProfile(account: NewAccount): UserProfileFields {
  if (account.emailTaken) throw new DomainError('conflict', M.accountAlreadyExists);
  const { email, firstName, lastName, role } = account;
  return { email, firstName, lastName, role, department: listedDepartment(account.department), ...managerFields(account.manager) };
}

const unexpiredAt = (now: string) => (reset: ResetToken) => Date.parse(reset.expiresAt) > Date.parse(now);

/** Whether `tokenHash` is one of the account's reset tokens and has not expired at `now` (also checked before hashing the new password). */
export function isResetTokenUsable(resets: readonly ResetToken[], tokenHash: string, now: string): boolean {
  return resets.some((reset) => reset.tokenHash === tokenHash && unexpiredAt(now)(reset));
}

/**
 * A new token joins the account's unexpired ones (a request never cancels a link the owner may be
 * about to use), up to MAX_UNEXPIRED_RESET_LINKS.
 */
function requestPasswordReset(
  state: AccountState,
  { reset, now, byOperator = false }: Extract<AccountCommand, { type: 'RequestPasswordReset' }>,
): AccountStreamEvent[] {
  const { userId, resets } = activeAccount(state, M.accountDoesNotExist);
  if (resets.filter(unexpiredAt(now)).length >= MAX_UNEXPIRED_RESET_LINKS) {
    throw new DomainError('conflict', R.tooManyUnexpiredLinks(MAX_UNEXPIRED_RESET_LINKS));
  }
  return [{ type: 'PasswordResetRequested', data: { userId, ...reset, ...(byOperator && { requestedBy: 'operator' as const }) } }];
}

/**
 * A password is changed with the current one (a stolen sign-in cannot take the account over),
 * except the temporary or admin-given password the user must replace (also checked before the
 * costly password hash).
 */
export function checkCurrentPassword(mustChangePassword: boolean, proof: CurrentPasswordProof): void {
  if (mustChangePassword || proof === 'verified') return;
  throw new DomainError('invalid', proof === 'missing' ? M.currentPasswordRequired : M.currentPasswordWrong);
}

const blankToNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** The requested fields that differ from the account as it is, with department and manager checked. */
function profileChanges(account: Account, placement: Placement, request: ProfileRequest): Partial<UserProfileFields> {
  const requested: Partial<UserProfileFields> = {
    email: request.email,
    firstName: request.firstName,
    lastName: request.lastName,
    role: request.role,
    department: request.department && listedDepartment(request.department),
  };
  if (request.manager !== undefined) {
    const manager = managerFields(request.manager, account.userId);
    // Without a matched manager, the typed name is kept as text (profile update).
    Object.assign(requested, request.manager === null ? { ...manager, managerName: blankToNull(request.managerName) } : manager);
  } else if (request.managerName !== undefined && placement.managerId === null) {
    requested.managerName = blankToNull(request.managerName);
  }
  const { email, firstName, lastName, role } = account;
  const current: UserProfileFields = { email, firstName, lastName, role, ...placement };
  return Object.fromEntries(
    Object.entries(requested).filter(
      ([field, value]) => value !== undefined && value !== current[field as keyof UserProfileFields],
    ),
  );
}

/**
 * Everyone may change their own manager and department (sending the rest unchanged); admins may
 * change any field of anyone, except their own role (an admin cannot lock the last admin out).
 */
function checkChangesAllowed(editor: Person, ownRecord: boolean, changes: Partial<UserProfileFields>): void {
  if (ownRecord && changes.role !== undefined) throw new DomainError('forbidden', M.ownRoleUnchangeable);
  const identityChanged = ['email', 'firstName', 'lastName'].some((field) => field in changes);
  if (identityChanged && !isAdmin(editor)) throw new DomainError('forbidden', M.identityAdminOnly);
}

function openAccount({
  userId,
  account,
  origin,
  passwordHash,
}: Extract<AccountCommand, { type: 'OpenAccount' }>): AccountStreamEvent[] {
  const profile = newAccountProfile(account);
  if (origin.registered) {
    return [
      { type: 'UserRegistered', data: { userId, ...profile, passwordHash } },
      { type: 'EmailConfirmationIssued', data: { userId, ...origin.confirmation } },
      { type: 'UserLoggedIn', data: { userId, sessionId: origin.sessionId } },
    ];
  }
  return [{ type: 'UserCreated', data: { userId, ...profile, passwordHash, firstLoginRequired: origin.firstLoginRequired } }];
}

function openSsoAccount({
  userId,
  account,
  identity,
  sessionId,
}: Extract<AccountCommand, { type: 'OpenSsoAccount' }>): AccountStreamEvent[] {
  return [
    { type: 'UserRegistered', data: { userId, ...newAccountProfile(account), passwordHash: null } },
    { type: 'SsoIdentityLinked', data: { userId, ...identity } },
    { type: 'UserLoggedIn', data: { userId, sessionId, provider: identity.issuer } },
  ];
}

/**
 * The account signs in through the provider as `identity`: linked at its first single sign-on (by
 * its e-mail), again when the organisation moves to another provider; refused when it is linked to
 * another person at the same provider (an e-mail address handed on to someone else). An account
 * whose address was never proven (self-registered, unconfirmed) is not the provider's person's
 * yet: they claim it, and whoever registered it loses it (password, sessions, placement).
 */
function linkSsoIdentity(
  state: AccountState,
  { identity }: Extract<AccountCommand, { type: 'LinkSsoIdentity' }>,
): AccountStreamEvent[] {
  const { userId, ssoIdentity, emailProven } = liveAccount(state);
  const sameProvider = ssoIdentity?.issuer === identity.issuer;
  if (sameProvider && ssoIdentity.subject !== identity.subject) throw new DomainError('forbidden', S.identityMismatch);
  const linked: AccountStreamEvent = { type: 'SsoIdentityLinked', data: { userId, ...identity } };
  if (!emailProven) return [{ type: 'AccountClaimed', data: { userId, provider: identity.issuer } }, linked];
  return sameProvider ? [] : [linked];
}

const isLinkedTo = (account: Account, { issuer, subject }: SsoIdentity) =>
  account.ssoIdentity?.issuer === issuer && account.ssoIdentity.subject === subject;

/** The claimed account's owner's names, department and manager (any changes first), and their sign-in. */
function placeClaimedAccount(
  state: AccountState,
  { identity, request, placement, sessionId }: Extract<AccountCommand, { type: 'PlaceClaimedAccount' }>,
): AccountStreamEvent[] {
  const account = liveAccount(state);
  if (!account.placementRequired || !isLinkedTo(account, identity)) throw new DomainError('conflict', CONFLICT_MESSAGE);
  const { userId } = account;
  const changes = profileChanges(account, placement, request);
  return [
    ...(Object.keys(changes).length > 0 ? [{ type: 'UserUpdated', data: { userId, changes } } as const] : []),
    { type: 'PlacementConfirmed', data: { userId } },
    { type: 'UserLoggedIn', data: { userId, sessionId, provider: identity.issuer } },
  ];
}

/** The link mailed to the address works once, before it expires, for the address it was sent to. */
function confirmEmail(
  state: AccountState,
  { confirmationHash, now }: Extract<AccountCommand, { type: 'ConfirmEmail' }>,
): AccountStreamEvent[] {
  // A link of another account, a used, expired or replaced one, or one of a deleted account: refused alike.
  const account = state && !state.deleted ? state : null;
  const confirmation = account?.confirmation;
  if (!account || confirmation?.confirmationHash !== confirmationHash || Date.parse(confirmation.expiresAt) <= Date.parse(now)) {
    throw new DomainError('invalid', C.expiredLink);
  }
  return [{ type: 'EmailConfirmed', data: { userId: account.userId, email: account.email } }];
}

function updateProfile(
  state: AccountState,
  { editor, request, placement }: Extract<AccountCommand, { type: 'UpdateProfile' }>,
): AccountStreamEvent[] {
  const account = liveAccount(state);
  const person = editor === 'directory' ? null : editor;
  const ownRecord = person?.id === account.userId;
  // The admin form requires a manager; only one's own profile may name a manager who has no account.
  if (person && !ownRecord && request.manager === null) throw new DomainError('invalid', M.managerRequired);
  const changes = profileChanges(account, placement, request);
  if (person) checkChangesAllowed(person, ownRecord, changes);
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'UserUpdated', data: { userId: account.userId, changes } }];
}

function decide(command: AccountCommand, state: AccountState): AccountStreamEvent[] {
  switch (command.type) {
    case 'OpenAccount':
      if (state) throw new DomainError('conflict', CONFLICT_MESSAGE);
      return openAccount(command);
    case 'OpenSsoAccount':
      if (state) throw new DomainError('conflict', CONFLICT_MESSAGE);
      return openSsoAccount(command);
    case 'UpdateProfile':
      return updateProfile(state, command);
    case 'DeleteAccount': {
      const { userId, email } = liveAccount(state);
      if (userId === command.editorId) throw new DomainError('invalid', M.ownAccountUndeletable);
      return [{ type: 'UserDeleted', data: { userId, email } }];
    }
    case 'DeactivateAccount':
      return deactivateAccount(state, command);
    case 'EraseAccount':
      return eraseAccount(state, command);
    case 'ReactivateAccount':
      return reactivateAccount(state);
    case 'ChangePassword': {
      const { userId, mustChangePassword } = liveAccount(state);
      checkCurrentPassword(mustChangePassword, command.currentPassword);
      return [{ type: 'PasswordChanged', data: { userId, passwordHash: command.passwordHash } }];
    }
    case 'SetTemporaryPassword':
      return [{ type: 'TemporaryPasswordSet', data: { userId: liveAccount(state).userId, passwordHash: command.passwordHash } }];
    case 'RequestPasswordReset':
      return requestPasswordReset(state, command);
    case 'LinkSsoIdentity':
      return linkSsoIdentity(state, command);
    case 'PlaceClaimedAccount':
      return placeClaimedAccount(state, command);
    case 'ConfirmEmail':
      return confirmEmail(state, command);
    case 'CompletePasswordReset': {
      // A token that is not one of the live account's unexpired ones (used, ended by a new password, or the account gone) is refused alike.
      if (!state || state.deleted || !isResetTokenUsable(state.resets, command.tokenHash, command.now)) {
        throw new DomainError('invalid', M.resetTokenExpired);
      }
      activeAccount(state); // a link mailed before the deactivation: refused, saying why
      return [{ type: 'PasswordResetCompleted', data: { userId: state.userId, passwordHash: command.passwordHash } }];
    }
  }
}

function evolve(state: AccountState, event: StoredEvent<AccountStreamEvent>): AccountState {
  switch (event.type) {
    case 'UserRegistered':
    case 'UserCreated': {
      const { userId, email, firstName, lastName, role } = event.data;
      const mustChangePassword = event.type === 'UserCreated' && event.data.firstLoginRequired;
      // Created by an admin, the import or start-up, or opened by the provider (no password): proven.
      const emailProven = event.type === 'UserCreated' || event.data.passwordHash === null;
      return {
        userId,
        email,
        firstName,
        lastName,
        role,
        resets: [],
        mustChangePassword,
        ssoIdentity: null,
        emailProven,
        confirmation: null,
        placementRequired: false,
        deactivated: false,
        erased: false,
        deleted: false,
      };
    }
    case 'UserUpdated': {
      if (!state) return state;
      const { email = state.email, firstName = state.firstName, lastName = state.lastName, role = state.role } = event.data.changes;
      // Only an admin changes an address: the new one counts as proven, and an old link no longer confirms it.
      const addressChanged = email !== state.email;
      return {
        ...state,
        email,
        firstName,
        lastName,
        role,
        ...(addressChanged ? { emailProven: true, confirmation: null } : {}),
      };
    }
    case 'EmailConfirmationIssued': {
      const { confirmationHash, expiresAt } = event.data;
      return state && { ...state, confirmation: { confirmationHash, expiresAt } };
    }
    case 'EmailConfirmed':
      return state && { ...state, emailProven: true, confirmation: null };
    case 'AccountClaimed':
      return (
        state && {
          ...state,
          emailProven: true,
          confirmation: null,
          resets: [],
          mustChangePassword: false,
          placementRequired: true,
        }
      );
    case 'PlacementConfirmed':
      return state && { ...state, placementRequired: false };
    case 'UserDeleted':
      return state && { ...state, deleted: true };
    case 'UserDeactivated':
      return state && { ...state, deactivated: true };
    case 'PersonErased':
      return state && { ...state, erased: true };
    case 'UserReactivated':
      // Links issued before or during the deactivation do not come back with the account.
      return state && { ...state, deactivated: false, resets: [] };
    case 'PasswordChanged':
    case 'PasswordResetCompleted':
      return state && { ...state, resets: [], mustChangePassword: false };
    case 'TemporaryPasswordSet':
      return state && { ...state, resets: [], mustChangePassword: true };
    case 'PasswordResetRequested': {
      const { tokenHash, expiresAt } = event.data;
      return (
        state && { ...state, resets: [...state.resets.filter(unexpiredAt(event.metadata.occurredAt)), { tokenHash, expiresAt }] }
      );
    }
    case 'SsoIdentityLinked':
      return state && { ...state, ssoIdentity: { issuer: event.data.issuer, subject: event.data.subject } };
    case 'UserLoggedIn':
    case 'UserLoggedOut':
    case 'UserLoggedOutEverywhere':
      return state;
  }
}

/** Which e-mail address a change's first event takes (opening, a new address) and gives up (the old one, a deletion). */
export function emailClaimOf(event: AccountStreamEvent | undefined, state: AccountState): NameClaim {
  switch (event?.type) {
    case 'UserRegistered':
    case 'UserCreated':
      return { take: event.data.email };
    case 'UserUpdated': {
      const { email } = event.data.changes;
      return email === undefined || !state ? {} : { take: email, giveUp: state.email };
    }
    case 'UserDeleted':
      return { giveUp: event.data.email };
    case 'PersonErased':
      return state ? { giveUp: state.email } : {};
    default:
      return {};
  }
}

/** One user account's stream: opened once (registration or creation), profile and password changes, deactivation, deletion. */
export const accountDecider: Decider<AccountState, AccountCommand, AccountStreamEvent> = {
  initialState: () => null,
  evolve,
  decide,
};
