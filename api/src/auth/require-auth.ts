import { ACCOUNT_MESSAGES as M, type Role } from '@tht/contracts';
import type { Request, RequestHandler, Response } from 'express';
import passport from 'passport';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import type { UserRow } from 'projections';
import type { AppContext } from '../platform/context';
import { HttpError } from '../platform/http';
import { findUserById } from '../users/users-queries';
import type { AuthUser } from './auth-user';
import { AUTH_COOKIE, signingKey, TOKEN_ALGORITHM, type AuthTokenClaims } from './tokens';

const STRATEGY = 'jwt';

const asError = (reason: unknown): Error => (reason instanceof Error ? reason : new Error(String(reason)));

export function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    role: row.role,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    managerId: row.manager_id,
    department: row.department,
    firstLoginRequired: row.first_login_required,
  };
}

const cookieToken = (req: Request): string | null => {
  const token: unknown = req.cookies?.[AUTH_COOKIE];
  return typeof token === 'string' && token !== '' ? token : null;
};

/** A user's read-model row, from memory while the read models have not changed since it was read. */
export function findSignedInUserRow(ctx: AppContext, id: number): Promise<UserRow | undefined> {
  return ctx.principals.find(id, (userId) => findUserById(ctx.db, userId));
}

/** A token is good while its user exists and no logout or password change happened after it was issued. */
async function userOfClaims(ctx: AppContext, claims: Partial<AuthTokenClaims>): Promise<AuthUser | null> {
  const id = Number(claims.sub);
  if (!Number.isSafeInteger(id) || typeof claims.ver !== 'number') return null;
  const row = await findSignedInUserRow(ctx, id);
  return row && row.token_version === claims.ver ? toAuthUser(row) : null;
}

type Authenticator = InstanceType<typeof passport.Passport>;

// One passport instance per app context: two apps in one process (tests) have different secrets.
const authenticators = new WeakMap<AppContext, Authenticator>();

function authenticatorFor(ctx: AppContext): Authenticator {
  const existing = authenticators.get(ctx);
  if (existing) return existing;
  const authenticator = new passport.Passport();
  authenticator.use(
    STRATEGY,
    new JwtStrategy(
      {
        jwtFromRequest: ExtractJwt.fromExtractors([ExtractJwt.fromAuthHeaderAsBearerToken(), cookieToken]),
        // passport-jwt hands the key to jsonwebtoken, which accepts a KeyObject.
        secretOrKey: signingKey(ctx.config.jwtSecret) as unknown as string,
        algorithms: [TOKEN_ALGORITHM],
      },
      (claims: Partial<AuthTokenClaims>, done: (error: unknown, user?: AuthUser | false) => void) => {
        userOfClaims(ctx, claims).then((user) => done(null, user ?? false), done);
      },
    ),
  );
  authenticators.set(ctx, authenticator);
  return authenticator;
}

/**
 * The signed-in user of a request (Bearer header first, else the `authToken` cookie), or null for
 * a missing, malformed, expired or revoked token.
 */
export function authenticate(ctx: AppContext, req: Request, res: Response): Promise<AuthUser | null> {
  return new Promise((resolve, reject) => {
    // passport types `authenticate` as returning `any`; it is a plain request handler.
    const handler = authenticatorFor(ctx).authenticate(
      STRATEGY,
      { session: false },
      (error: unknown, user: AuthUser | false | undefined) => (error ? reject(asError(error)) : resolve(user || null)),
    ) as RequestHandler;
    handler(req, res, () => resolve(null));
  });
}

export interface RequireAuthOptions {
  /**
   * Lets a user who must still replace a temporary password through (current user, set password,
   * logout). Every other route answers such a user 403 until the password is changed.
   */
  allowPendingPasswordChange?: boolean;
}

/** 401 without a valid sign-in; sets `req.user`. Apply per route, not with `router.use`. */
export function requireAuth(ctx: AppContext, options: RequireAuthOptions = {}): RequestHandler {
  return async (req, res, next) => {
    const user = await authenticate(ctx, req, res);
    if (!user) throw new HttpError(401, M.signInRequired);
    if (user.firstLoginRequired && !options.allowPendingPasswordChange) {
      throw new HttpError(403, M.passwordChangeRequired);
    }
    req.user = user;
    next();
  };
}

/** 403 unless the signed-in user (set by `requireAuth` before it) has one of `roles`. */
export function requireRole(...roles: Role[]): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) throw new HttpError(401, M.signInRequired);
    if (!roles.includes(req.user.role)) {
      throw new HttpError(403, roles.length === 1 && roles[0] === 'admin' ? M.adminRequired : M.roleRequired(roles));
    }
    next();
  };
}

/** The signed-in user of a route guarded by `requireAuth`. */
export function signedInUser(req: Request): AuthUser {
  if (!req.user) throw new HttpError(401, M.signInRequired);
  return req.user;
}
