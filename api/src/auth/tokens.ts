import type { CookieOptions, Request, Response } from 'express';
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

export function signAuthToken(user: { id: number; token_version: number }, secret: string): string {
  const claims: AuthTokenClaims = { sub: String(user.id), ver: user.token_version };
  return jwt.sign(claims, secret, { algorithm: TOKEN_ALGORITHM, expiresIn: TOKEN_LIFETIME_SECONDS });
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
