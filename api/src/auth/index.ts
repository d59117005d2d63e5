/** Sign-in and authorization for every feature's routes. */
export type { AuthUser } from './auth-user';
export { authenticate, requireAuth, requireRole, signedInUser, type RequireAuthOptions } from './require-auth';
export * from './policy';
