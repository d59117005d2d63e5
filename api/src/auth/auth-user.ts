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
}

declare global {
  namespace Express {
    // passport declares `req.user` as an empty `Express.User`; ours carries the AuthUser fields.
    interface User extends AuthUser {}
  }
}
