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
  /** True while the user must still replace a temporary or admin-given password. */
  firstLoginRequired: boolean;
  /** The sign-in session of the request's token. */
  session: SignInSession;
}

/** One sign-in (a device): its id, in every token issued to it, and when the request's token expires. */
export interface SignInSession {
  id: string;
  /** ISO timestamp */
  expiresAt: string;
}

declare global {
  namespace Express {
    // passport declares `req.user` as an empty `Express.User`; ours carries the AuthUser fields.
    interface User extends AuthUser {}
  }
}
