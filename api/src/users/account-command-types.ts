import type { Person, Role, SsoIdentity, UserProfileFields } from '@tht/contracts';

/**
 * What the account's decider (`account-decider.ts`) is asked: its commands, with what their
 * handlers looked up beforehand (departments, managers, the address's owner) and the tokens the
 * stream keeps. Types only.
 */

/** An e-mail confirmation link as the stream keeps it: the hash of its secret and when it expires. */
export interface EmailConfirmationToken {
  confirmationHash: string;
  /** ISO timestamp */
  expiresAt: string;
}

export interface ResetToken {
  tokenHash: string;
  /** ISO timestamp */
  expiresAt: string;
}

/** A department name as the handler found it among the listed departments (ignoring case), or not. */
export type DepartmentLookup = { found: true; name: string } | { found: false; requested: string };

/** A chosen manager as the read models show them: their full name and the managers above them, or no such account. */
export type ManagerLookup = { id: number; found: true; name: string; above: readonly number[] } | { id: number; found: false };

/** Where the user sits in the organisation now, as the read models show it. */
export type Placement = Pick<UserProfileFields, 'department' | 'managerId' | 'managerName'>;

/** A new account's details, with what the handler looked up about them. */
export interface NewAccount {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** Whether an account already has the address. */
  emailTaken: boolean;
  department: DepartmentLookup;
  manager: ManagerLookup | null;
}

/**
 * How a new account comes to be: self-registration (signed in at once, in session `sessionId`, and
 * a confirmation link mailed to the address) or creation by an admin, the import or at start-up.
 */
export type AccountOrigin =
  | { registered: true; sessionId: string; confirmation: EmailConfirmationToken }
  | { registered: false; firstLoginRequired: boolean };

/**
 * What the user gave as their current password to change it, checked by the handler against the
 * stored hash: nothing, a wrong one, or the right one.
 */
export type CurrentPasswordProof = 'missing' | 'wrong' | 'verified';

/** The fields a profile update sends (each optional), with the department and manager looked up. */
export interface ProfileRequest {
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  role?: Role | undefined;
  department?: DepartmentLookup | undefined;
  /** null: no manager picked from the list; the typed `managerName` is kept as text. */
  manager?: ManagerLookup | null | undefined;
  managerName?: string | null | undefined;
}

/**
 * Who changes a profile or deletes an account: a signed-in person, or the organisation's directory
 * (SCIM provisioning), which states every field of the people it provisions, as an admin would, and
 * may leave one without a manager (the top of the organisation, or a link it removed).
 */
export type AccountEditor = Person | 'directory';

export type AccountCommand =
  /** `passwordHash` null: an account the directory provisions, which signs in by single sign-on. */
  | { type: 'OpenAccount'; userId: number; account: NewAccount; origin: AccountOrigin; passwordHash: string | null }
  /** The first single sign-on of a person without an account: registered without a password, linked, signed in as `sessionId`. */
  | { type: 'OpenSsoAccount'; userId: number; account: NewAccount; identity: SsoIdentity; sessionId: string }
  /**
   * The person `identity` names signed in through the provider with the account's address: linked,
   * or, when the address was never proven, the account is claimed by them.
   */
  | { type: 'LinkSsoIdentity'; identity: SsoIdentity }
  /** The owner of a claimed account chose names, department and manager again at the first-sign-in screen, and is signed in. */
  | {
      type: 'PlaceClaimedAccount';
      identity: SsoIdentity;
      request: Required<Pick<ProfileRequest, 'firstName' | 'lastName' | 'department' | 'manager'>>;
      placement: Placement;
      sessionId: string;
    }
  | { type: 'ConfirmEmail'; confirmationHash: string; now: string }
  | { type: 'UpdateProfile'; editor: AccountEditor; request: ProfileRequest; placement: Placement }
  /** `editorId` null: the directory deletes it. */
  | { type: 'DeleteAccount'; editorId: number | null }
  /** `actorId`: the signed-in person asking (null for the directory or the system), who may not switch themselves off. */
  | { type: 'DeactivateAccount'; actorId: number | null }
  /** `confirmName`: the person's full name, as the admin typed it to confirm. */
  | { type: 'EraseAccount'; confirmName: string }
  | { type: 'ReactivateAccount' }
  | { type: 'ChangePassword'; passwordHash: string; currentPassword: CurrentPasswordProof }
  | { type: 'SetTemporaryPassword'; passwordHash: string }
  | { type: 'RequestPasswordReset'; reset: ResetToken; now: string; byOperator?: boolean }
  | { type: 'CompletePasswordReset'; tokenHash: string; passwordHash: string; now: string };
