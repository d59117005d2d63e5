import type { Request, Response } from 'express';
import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { RENEWED_TOKEN_HEADER } from '@tht/contracts';
import jwt from 'jsonwebtoken';
import type { AppConfig } from '../config';
import { deploymentCookie } from '../platform/cookie-security';
import { epochSeconds, tokenExpiryOf } from './session-lifetime';

export const AUTH_COOKIE = 'authToken';
export const TOKEN_ALGORITHM = 'HS256';

/**
 * JWT claims: `sub` is the user id, `ver` the user's token version when the token was issued (a
 * password change or "sign out everywhere" raises it), `sid` the sign-in session it belongs to
 * (a logout ends that session only), `sso` true when the session began with a single sign-on,
 * `auth_time` when the session signed in (seconds since the epoch, as OpenID Connect names it):
 * every token of the session carries it, and the session ends SESSION_MAX_HOURS after it.
 */
export interface AuthTokenClaims {
  sub: string;
  ver: number;
  sid: string;
  sso?: true;
  auth_time: number;
}

/** A signed token and when it expires (seconds since the epoch). */
export interface IssuedToken {
  token: string;
  expiresAt: number;
}

/** What signing a token needs of the configuration. */
export type TokenSettings = Pick<AppConfig, 'jwtSecret' | 'sessionLifetime'>;

/** A new sign-in session's id: 128 random bits, base64url. */
export const newSessionId = () => randomBytes(16).toString('base64url');

const signingKeys = new Map<string, KeyObject>();

/**
 * The HMAC key as a KeyObject: given a plain string, jsonwebtoken first tries (and fails) to parse
 * it as a public key on every verification, which cost ~2.5 ms a request here.
 */
export function signingKey(secret: string): KeyObject {
  let key = signingKeys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret));
    signingKeys.set(secret, key);
  }
  return key;
}

/** Signs `claims` at `now`: the token expires after the idle window, never past the session's end. */
export function signClaims(claims: AuthTokenClaims, settings: TokenSettings, now: number = epochSeconds()): IssuedToken {
  const { sub, ver, sid, sso, auth_time } = claims;
  const exp = tokenExpiryOf(auth_time, settings.sessionLifetime, now);
  const payload = { sub, ver, sid, ...(sso ? { sso } : {}), auth_time, iat: now, exp };
  return { token: jwt.sign(payload, signingKey(settings.jwtSecret), { algorithm: TOKEN_ALGORITHM }), expiresAt: exp };
}

/** A token of `user`'s session `session` (its sign-in time in seconds, default now). */
export function signAuthToken(
  user: { id: number; token_version: number },
  session: { id: string; sso?: boolean; signedInAt?: number },
  settings: TokenSettings,
): IssuedToken {
  const now = epochSeconds();
  const claims: AuthTokenClaims = {
    sub: String(user.id),
    ver: user.token_version,
    sid: session.id,
    auth_time: session.signedInAt ?? now,
  };
  return signClaims(session.sso ? { ...claims, sso: true } : claims, settings, now);
}

/** The sign-in cookie of `req`'s deployment: `__Host-authToken`, Secure, when PUBLIC_URL is https. */
export const authCookie = (req: Request) => deploymentCookie(req, AUTH_COOKIE, { path: '/', sameSite: 'lax' });

/**
 * The token the session goes on with: the sign-in cookie (kept by the browser until the token
 * expires) and the RENEWED_TOKEN_HEADER, replacing a renewal of the request's token (a response
 * that signs in again, after a new password, names the one token to use).
 */
export function setAuthCookie(req: Request, res: Response, { token, expiresAt }: IssuedToken): void {
  const { name, options } = authCookie(req);
  res.cookie(name, token, { ...options, maxAge: Math.max(0, expiresAt * 1000 - Date.now()) });
  res.setHeader(RENEWED_TOKEN_HEADER, token);
}

/** Clears the sign-in cookie, and takes back a renewal of the request's token (the session just ended). */
export function clearAuthCookie(req: Request, res: Response): void {
  const { name, options } = authCookie(req);
  res.clearCookie(name, options);
  res.removeHeader(RENEWED_TOKEN_HEADER);
}
