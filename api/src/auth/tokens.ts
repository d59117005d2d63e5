import type { Request, Response } from 'express';
import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { deploymentCookie } from '../platform/cookie-security';

export const AUTH_COOKIE = 'authToken';
export const TOKEN_ALGORITHM = 'HS256';
/** How long a token lasts; logout and password changes end it earlier. */
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/**
 * JWT claims: `sub` is the user id, `ver` the user's token version when the token was issued (a
 * password change or "sign out everywhere" raises it), `sid` the sign-in session it belongs to
 * (a logout ends that session only), `sso` true when the session began with a single sign-on.
 */
export interface AuthTokenClaims {
  sub: string;
  ver: number;
  sid: string;
  sso?: true;
}

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

export function signAuthToken(
  user: { id: number; token_version: number },
  sessionId: string,
  secret: string,
  { sso = false }: { sso?: boolean } = {},
): string {
  const claims: AuthTokenClaims = { sub: String(user.id), ver: user.token_version, sid: sessionId, ...(sso ? { sso } : {}) };
  return jwt.sign(claims, signingKey(secret), { algorithm: TOKEN_ALGORITHM, expiresIn: TOKEN_LIFETIME_SECONDS });
}

/** The sign-in cookie of `req`'s deployment: `__Host-authToken`, Secure, when PUBLIC_URL is https. */
export const authCookie = (req: Request) => deploymentCookie(req, AUTH_COOKIE, { path: '/', sameSite: 'lax' });

export function setAuthCookie(req: Request, res: Response, token: string): void {
  const { name, options } = authCookie(req);
  res.cookie(name, token, { ...options, maxAge: TOKEN_LIFETIME_SECONDS * 1000 });
}

export function clearAuthCookie(req: Request, res: Response): void {
  const { name, options } = authCookie(req);
  res.clearCookie(name, options);
}
