import type { Role } from '@tht/contracts';

/** The signed-in user as route handlers see it (`req.user`). */
export interface AuthUser {
  id: number;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  managerId: number | null;
  department: string;
  /**
   * True while the user must still replace a temporary or admin-given password; never in a session
   * begun with a single sign-on (no password was used).
   */
  firstLoginRequired: boolean;
  /** The sign-in session of the request's token. */
  session: SignInSession;
}

/** One sign-in (a device): its id, in every token issued to it, when it signed in, and when the request's token expires. */
export interface SignInSession {
  id: string;
  /** ISO timestamp (whole seconds): the session ends SESSION_MAX_HOURS after it. */
  startedAt: string;
  /** ISO timestamp */
  expiresAt: string;
  /** Begun with a single sign-on through the organisation's provider rather than a password. */
  sso: boolean;
}

declare global {
  namespace Express {
    // passport declares `req.user` as an empty `Express.User`; ours carries the AuthUser fields.
    interface User extends AuthUser {}
  }
}
