import { ACCOUNT_MESSAGES as M, SECOND_FACTOR_MESSAGES, type Role } from '@tht/contracts';
import cookieParser from 'cookie-parser';
import type { Request, RequestHandler, Response } from 'express';
import passport from 'passport';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import type { UserRow } from 'projections';
import type { AppContext } from '../platform/context';
import { HttpError } from '../platform/http';
import type { AuthUser, SignInSession } from './auth-user';
import { sessionEnded } from './ended-sessions';
import { findCachedUserRow } from './principal-cache';
import { epochSeconds, renewalDue, sessionOver, type TokenTimes } from './session-lifetime';
import { authCookie, setAuthCookie, signClaims, signingKey, TOKEN_ALGORITHM, type AuthTokenClaims } from './tokens';
import { createVerifiedTokens, type VerifiedClaims, type VerifiedTokens } from './verified-tokens';

const STRATEGY = 'jwt';

const asError = (reason: unknown): Error => (reason instanceof Error ? reason : new Error(String(reason)));

export function toAuthUser(row: UserRow, session: SignInSession): AuthUser {
  return {
    id: row.id,
    role: row.role,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    managerId: row.manager_id,
    department: row.department,
    firstLoginRequired: row.first_login_required && !session.sso,
    session,
  };
}

const parseCookies = cookieParser();

/** Cookies are parsed only here, for a request that has no Bearer header (the API reads no other cookie). */
const cookieToken = (req: Request): string | null => {
  if (req.cookies === undefined) parseCookies(req, {} as Response, () => {});
  const token: unknown = req.cookies?.[authCookie(req).name];
  return typeof token === 'string' && token !== '' ? token : null;
};

const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();
const tokenOf = ExtractJwt.fromExtractors([bearerToken, cookieToken]);

/** A request the browser signs in by the `authToken` cookie alone (no Bearer header): one a foreign page can make. */
export const signsInByCookie = (req: Request): boolean => bearerToken(req) === null && cookieToken(req) !== null;

type SessionClaims = AuthTokenClaims & TokenTimes;

/** The claims every token of a session carries (a token from before sessions or their sign-in time has not). */
function isSessionToken(claims: VerifiedClaims): claims is SessionClaims {
  const { sub, ver, sid, iat, exp, auth_time } = claims;
  return (
    Number.isSafeInteger(Number(sub)) &&
    typeof ver === 'number' &&
    typeof sid === 'string' &&
    [iat, exp, auth_time].every((time) => typeof time === 'number')
  );
}

const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString();

/** Whether the user's row and the session's ended flag still accept a token of `ver` (existing, active, current version, not logged out). */
const rowAccepts = (row: UserRow | undefined, ver: number, ended: boolean): row is UserRow =>
  row !== undefined && row.deactivated_at === null && row.token_version === ver && !ended;

/**
 * A token is good while its session is within SESSION_MAX_HOURS of its sign-in, its user exists
 * and is not deactivated, its session was not logged out, and no "sign out everywhere" or password change happened after
 * it was issued.
 */
async function userOfClaims(ctx: AppContext, claims: VerifiedClaims): Promise<AuthUser | null> {
  if (!isSessionToken(claims)) return null;
  const { sub, ver, sid, exp, sso, auth_time } = claims;
  if (sessionOver(auth_time, ctx.config.sessionLifetime, epochSeconds())) return null;
  const [row, ended] = await Promise.all([findCachedUserRow(ctx, Number(sub)), sessionEnded(ctx, sid)]);
  if (!rowAccepts(row, ver, ended)) return null;
  return toAuthUser(row, { id: sid, startedAt: isoOf(auth_time), expiresAt: isoOf(exp), sso: sso === true });
}

interface Authentication {
  passport: InstanceType<typeof passport.Passport>;
  verified: VerifiedTokens;
}

// One passport instance per app context: two apps in one process (tests) have different secrets.
const authentications = new WeakMap<AppContext, Authentication>();

function authenticationFor(ctx: AppContext): Authentication {
  const existing = authentications.get(ctx);
  if (existing) return existing;
  const verified = createVerifiedTokens();
  const authenticator = new passport.Passport();
  authenticator.use(
    STRATEGY,
    new JwtStrategy(
      {
        jwtFromRequest: tokenOf,
        // passport-jwt hands the key to jsonwebtoken, which accepts a KeyObject.
        secretOrKey: signingKey(ctx.config.jwtSecret) as unknown as string,
        algorithms: [TOKEN_ALGORITHM],
        passReqToCallback: true,
      },
      (req: Request, claims: VerifiedClaims, done: (error: unknown, user?: AuthUser | false) => void) => {
        verified.remember(tokenOf(req)!, claims);
        userOfClaims(ctx, claims).then((user) => done(null, user ?? false), done);
      },
    ),
  );
  const authentication = { passport: authenticator, verified };
  authentications.set(ctx, authentication);
  return authentication;
}

/**
 * The signed-in user of a request (Bearer header first, else the `authToken` cookie), or null for
 * a missing, malformed, expired or revoked token. A token's signature is checked (by passport-jwt)
 * the first time it comes; later its remembered claims are used until it expires.
 */
export function authenticate(ctx: AppContext, req: Request, res: Response): Promise<AuthUser | null> {
  return authenticateToken(ctx, tokenOf(req), req, res);
}

async function authenticateToken(ctx: AppContext, token: string | null, req: Request, res: Response): Promise<AuthUser | null> {
  if (token === null) return null;
  const claims = authenticationFor(ctx).verified.claimsOf(token);
  return claims ? userOfClaims(ctx, claims) : authenticateWithPassport(ctx, req, res);
}

/**
 * Whether a Bearer `token` is good and needs nothing more, decided from what this process keeps
 * alone: its remembered claims, the cached users row and ended-session flag (`peek`, no database,
 * no waiting). False whenever that cannot tell or the app has more to do: claims, row or flag not
 * in memory, a refused token (the app answers its 401), a renewal due, an administrator where
 * ADMIN_MFA=required may hold one. The read fast path (`kept-reads.ts`) answers only on true.
 */
export function keptSignInHolds(ctx: AppContext, token: string): boolean {
  const claims = authenticationFor(ctx).verified.claimsOf(token);
  if (!claims || !isSessionToken(claims)) return false;
  const now = epochSeconds();
  const { sessionLifetime, adminMfa } = ctx.config;
  if (sessionOver(claims.auth_time, sessionLifetime, now) || renewalDue(claims, sessionLifetime, now)) return false;
  const row = ctx.principals.peek(Number(claims.sub));
  const ended = ctx.endedSessions.peek(claims.sid);
  return ended !== undefined && rowAccepts(row, claims.ver, ended) && !(adminMfa === 'required' && row.role === 'admin');
}

function authenticateWithPassport(ctx: AppContext, req: Request, res: Response): Promise<AuthUser | null> {
  return new Promise((resolve, reject) => {
    // passport types `authenticate` as returning `any`; it is a plain request handler.
    const handler = authenticationFor(ctx).passport.authenticate(
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
  /**
   * Lets an administrator whom ADMIN_MFA=required holds until a second factor is set up through
   * (current user, the set-up, logout). Every other route answers such a user 403 until then.
   */
  allowPendingSecondFactorSetup?: boolean;
}

/**
 * After `authenticate` accepted the request's `token`: when it is due (session-lifetime.ts), a fresh
 * token of the same session goes into the sign-in cookie and the renewed-token header, so a person
 * at work keeps a session that ends after SESSION_IDLE_MINUTES unused.
 */
function renewTokenIfDue(ctx: AppContext, token: string, req: Request, res: Response): void {
  const claims = authenticationFor(ctx).verified.claimsOf(token);
  if (!claims || !isSessionToken(claims)) return;
  const now = epochSeconds();
  if (!renewalDue(claims, ctx.config.sessionLifetime, now)) return;
  setAuthCookie(req, res, signClaims(claims, ctx.config, now));
}

/** 401 without a valid sign-in; sets `req.user`, and renews a token that is due. Apply per route, not with `router.use`. */
export function requireAuth(ctx: AppContext, options: RequireAuthOptions = {}): RequestHandler {
  return async (req, res, next) => {
    const token = tokenOf(req);
    const user = await authenticateToken(ctx, token, req, res);
    if (!user || token === null) throw new HttpError(401, M.signInRequired);
    if (user.firstLoginRequired && !options.allowPendingPasswordChange) {
      throw new HttpError(403, M.passwordChangeRequired);
    }
    if (!options.allowPendingSecondFactorSetup && (await ctx.secondFactorSetupPending({ ...user, sso: user.session.sso }))) {
      throw new HttpError(403, SECOND_FACTOR_MESSAGES.setupRequired);
    }
    req.user = user;
    renewTokenIfDue(ctx, token, req, res);
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
