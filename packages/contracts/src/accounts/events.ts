import type { PersonalDataFormat } from './personal-data';
import type { Role } from './roles';
import { normaliseEmail } from './rules';

/**
 * Account events. Passwords and reset tokens appear only as hashes. `createdAt`, `lastLogin` and
 * similar times come from the event metadata (`occurredAt`).
 */
export interface UserProfileFields {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  managerId: number | null;
  managerName: string | null;
  department: string;
}

export interface AccountEventData {
  /**
   * Self-registration: signed in at once, never forced to change the password. `passwordHash` is
   * null for an account made at its first single sign-on (it has no password).
   */
  UserRegistered: UserProfileFields & { userId: number; passwordHash: string | null };
  /**
   * Created by an admin (firstLoginRequired true), at start-up (false) or by the organisation's
   * directory (SCIM: `passwordHash` null, no password; the person signs in by single sign-on).
   */
  UserCreated: UserProfileFields & { userId: number; passwordHash: string | null; firstLoginRequired: boolean };
  UserUpdated: { userId: number; changes: Partial<UserProfileFields> };
  UserDeleted: { userId: number; email: string };
  /**
   * A leaver is switched off, not deleted: no sign-in (password, single sign-on) nor reset until
   * `UserReactivated`, every session ends at once, and they leave the pickers and target lists;
   * their entries stay in every figure and export.
   */
  UserDeactivated: { userId: number };
  /** A deactivated account is switched on again: its holder signs in as before. */
  UserReactivated: { userId: number };
  /**
   * A deactivated person's personal data is erased (decision 038): their key is deleted, so every
   * personal field of every event reads as erased ("Erased person #id"); nothing more is decided on the account.
   */
  PersonErased: { userId: number };
  /** The user chose a new password: clears firstLoginRequired and revokes earlier tokens. */
  PasswordChanged: { userId: number; passwordHash: string };
  /** An admin set a temporary password: forces a change at next login and revokes earlier tokens. */
  TemporaryPasswordSet: { userId: number; passwordHash: string };
  /**
   * Issues one more reset token; the user's earlier unexpired ones stay valid until one is used or
   * the password changes. `expiresAt` is an ISO timestamp. `requestedBy: 'operator'`: made on the
   * server by `npm run reset-admin-password` (the link went to the operator's terminal), not asked
   * for by a visitor.
   */
  PasswordResetRequested: { userId: number; tokenHash: string; expiresAt: string; requestedBy?: 'operator' };
  PasswordResetCompleted: { userId: number; passwordHash: string };
  /**
   * A sign-in: `sessionId` is the random id its tokens carry (absent in events older than sessions);
   * `provider` is the issuer of a single sign-on (absent for a password).
   */
  UserLoggedIn: { userId: number; sessionId?: string; provider?: string };
  /**
   * The account signs in through the organisation's OpenID Connect provider `issuer` as its
   * `subject` (the ID token's `sub`), found by its verified e-mail at the first single sign-on.
   */
  SsoIdentityLinked: { userId: number } & SsoIdentity;
  /**
   * A confirmation link for the account's address was mailed (at self-registration): only its
   * hash is kept; it works once, until `expiresAt` (ISO timestamp), while the address stays the same.
   */
  EmailConfirmationIssued: { userId: number; confirmationHash: string; expiresAt: string };
  /** Someone opened the confirmation link mailed to `email`: the address is proven to be the account holder's. */
  EmailConfirmed: { userId: number; email: string };
  /**
   * The owner of the account's never-proven address signed in through the provider `provider`
   * (issuer) and took the account over: its password is removed, every session of it ends, its
   * pending reset links die, and its department and manager are asked again (`PlacementConfirmed`).
   */
  AccountClaimed: { userId: number; provider: string };
  /** The owner of a claimed account chose its department and manager again (a `UserUpdated` before it holds any change). */
  PlacementConfirmed: { userId: number };
  /**
   * Ends the session `sessionId`, whose tokens expire by `sessionExpiresAt` (ISO timestamp: its
   * sign-in plus SESSION_MAX_HOURS; before sessions had a maximum, the logged-out token's expiry).
   * `sessionLimit` when a new sign-in ended it, the account's oldest, because the account held that
   * many sessions. Without a session id (events older than sessions) it ends every sign-in, as
   * `UserLoggedOutEverywhere`.
   */
  UserLoggedOut: { userId: number } | { userId: number; sessionId: string; sessionExpiresAt: string; sessionLimit?: number };
  /** "Sign out everywhere": revokes every token issued to the user before it. */
  UserLoggedOutEverywhere: { userId: number };
  /** A copy of everything held about the person was downloaded (the actor: the person or an administrator). */
  PersonalDataExported: { userId: number; format: PersonalDataFormat };
  DepartmentCreated: { departmentId: number; name: string };
  /** Users of `previousName` move along to `name`. */
  DepartmentRenamed: { departmentId: number; name: string; previousName: string };
  DepartmentDeleted: { departmentId: number; name: string };
  /** Reservation streams make e-mail addresses and department names unique under concurrency. */
  EmailReserved: { email: string; userId: number };
  EmailReleased: { email: string; userId: number };
  DepartmentNameReserved: { name: string; departmentId: number };
  DepartmentNameReleased: { name: string; departmentId: number };
}

/** Who a person is at an OpenID Connect provider: the provider's issuer URL and their `sub` there. */
export interface SsoIdentity {
  issuer: string;
  subject: string;
}

export type AccountEventType = keyof AccountEventData;

export type AccountEvent = {
  [Type in AccountEventType]: { type: Type; data: AccountEventData[Type] };
}[AccountEventType];

export const userStream = (userId: number) => `user-${userId}`;
/**
 * A person's sign-ins, sign-outs and ended sessions (decision 049): off the account's stream, so an
 * account command never folds them. Earlier releases appended them to `user-<id>`.
 */
export const userSessionsStream = (userId: number) => `user-sessions-${userId}`;
/** The event types of a person's sessions stream; an account's stream holds them only as written by earlier releases (or with its opening). */
export const SESSION_EVENT_TYPES: readonly string[] = [
  'UserLoggedIn',
  'UserLoggedOut',
  'UserLoggedOutEverywhere',
] satisfies AccountEventType[];
export const departmentStream = (departmentId: number) => `department-${departmentId}`;
export const emailReservationStream = (email: string) => `email-${normaliseEmail(email)}`;
export const departmentNameReservationStream = (name: string) => `department-name-${name.trim().toLowerCase()}`;
