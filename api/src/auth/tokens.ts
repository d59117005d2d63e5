import type { CookieOptions, Request, Response } from 'express';
import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

export const AUTH_COOKIE = 'authToken';
export const TOKEN_ALGORITHM = 'HS256';
/** How long a sign-in lasts; logout and password changes end it earlier. */
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/** JWT claims: `sub` is the user id, `ver` the user's token version when the token was issued. */
export interface AuthTokenClaims {
  sub: string;
  ver: number;
}

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

export function signAuthToken(user: { id: number; token_version: number }, secret: string): string {
  const claims: AuthTokenClaims = { sub: String(user.id), ver: user.token_version };
  return jwt.sign(claims, signingKey(secret), { algorithm: TOKEN_ALGORITHM, expiresIn: TOKEN_LIFETIME_SECONDS });
}

function cookieOptions(req: Request): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' };
}

export function setAuthCookie(req: Request, res: Response, token: string): void {
  res.cookie(AUTH_COOKIE, token, { ...cookieOptions(req), maxAge: TOKEN_LIFETIME_SECONDS * 1000 });
}

export function clearAuthCookie(req: Request, res: Response): void {
  res.clearCookie(AUTH_COOKIE, cookieOptions(req));
}
