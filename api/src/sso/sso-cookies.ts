import { createHmac, createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import { SSO_START_PATH } from '@tht/contracts';
import type { Request, Response } from 'express';
import jwt from 'jsonwebtoken';
import { deploymentCookie } from '../platform/cookie-security';
import type { SignInFlow } from './oidc-client';
import type { ProviderPerson } from './sso-identity';

/** The SSO routes' common path: these cookies go to them alone. */
const COOKIE_PATH = SSO_START_PATH.slice(0, SSO_START_PATH.lastIndexOf('/'));
const FLOW_COOKIE = 'oidc_flow';
const FIRST_SIGN_IN_COOKIE = 'oidc_first_sign_in';
const RESULT_COOKIE = 'oidc_result';
/** Time to sign in at the provider. */
const FLOW_LIFETIME_SECONDS = 10 * 60;
/** Time to fill in the first-sign-in screen. */
const FIRST_SIGN_IN_LIFETIME_SECONDS = 30 * 60;
/** Time for the page the callback led to to take its session over (one request, at once). */
export const RESULT_LIFETIME_SECONDS = 2 * 60;

/**
 * What a callback that just signed the browser in leaves for the page's completion: the session
 * it began (of `userId`, under `tokenVersion`), redeemable once by its random `id` until `expiresAt`.
 */
export interface SignInResult {
  id: string;
  userId: number;
  sessionId: string;
  tokenVersion: number;
  expiresAt: Date;
}

/**
 * Lax, not Strict: the callback is a navigation from the provider's site, and a Strict cookie
 * would not come with it. Signed (HS256, a key derived from JWT_SECRET for this use alone), so
 * only this server's values are read back: a flow it started, a person a provider vouched for.
 */
const cookie = (req: Request, name: string) => deploymentCookie(req, name, { path: COOKIE_PATH, sameSite: 'lax' });

const cookieOf = (req: Request, name: string): unknown =>
  (req.cookies as Record<string, unknown> | undefined)?.[cookie(req, name).name];

export function createSsoCookies(jwtSecret: string) {
  const key: KeyObject = createSecretKey(createHmac('sha256', jwtSecret).update('tht sso cookie').digest());

  function set(req: Request, res: Response, name: string, payload: object, lifetimeSeconds: number): void {
    const value = jwt.sign(payload, key, { algorithm: 'HS256', audience: name, expiresIn: lifetimeSeconds });
    const { name: cookieName, options } = cookie(req, name);
    res.cookie(cookieName, value, { ...options, maxAge: lifetimeSeconds * 1000 });
  }

  /** The payload of this server's unexpired cookie `name`, else null. */
  function read(req: Request, name: string): Record<string, unknown> | null {
    const value = cookieOf(req, name);
    if (typeof value !== 'string') return null;
    try {
      const payload = jwt.verify(value, key, { algorithms: ['HS256'], audience: name });
      return typeof payload === 'object' ? payload : null;
    } catch {
      return null;
    }
  }

  const clear = (req: Request, res: Response, name: string) => {
    const { name: cookieName, options } = cookie(req, name);
    res.clearCookie(cookieName, options);
  };

  return {
    setFlow: (req: Request, res: Response, flow: SignInFlow) => set(req, res, FLOW_COOKIE, flow, FLOW_LIFETIME_SECONDS),

    /** The flow this browser started, at most once: the cookie is cleared whatever it held. */
    takeFlow(req: Request, res: Response): SignInFlow | null {
      const payload = read(req, FLOW_COOKIE);
      clear(req, res, FLOW_COOKIE);
      if (!payload) return null;
      const { state, nonce, codeVerifier } = payload;
      return typeof state === 'string' && typeof nonce === 'string' && typeof codeVerifier === 'string'
        ? { state, nonce, codeVerifier }
        : null;
    },

    setFirstSignIn: (req: Request, res: Response, person: ProviderPerson) =>
      set(req, res, FIRST_SIGN_IN_COOKIE, person, FIRST_SIGN_IN_LIFETIME_SECONDS),

    /** The person whose first sign-in this browser is completing (from `issuer`), else null. */
    firstSignIn(req: Request, issuer: string): ProviderPerson | null {
      const payload = read(req, FIRST_SIGN_IN_COOKIE);
      if (!payload) return null;
      const { issuer: from, subject, email, firstName, lastName } = payload;
      if (from !== issuer || ![subject, email, firstName, lastName].every((value) => typeof value === 'string')) return null;
      return { issuer, subject, email, firstName, lastName } as ProviderPerson;
    },

    clearFirstSignIn: (req: Request, res: Response) => clear(req, res, FIRST_SIGN_IN_COOKIE),

    /** The callback signed the browser in as session `sessionId` of `user`: a one-time result for the page to complete. */
    setResult(req: Request, res: Response, user: { id: number; token_version: number }, sessionId: string): void {
      const result = { id: randomUUID(), userId: user.id, sessionId, tokenVersion: user.token_version };
      set(req, res, RESULT_COOKIE, result, RESULT_LIFETIME_SECONDS);
    },

    /** The unexpired result of a callback in this browser, at most once from this browser: the cookie is cleared whatever it held. */
    takeResult(req: Request, res: Response): SignInResult | null {
      const payload = read(req, RESULT_COOKIE);
      clear(req, res, RESULT_COOKIE);
      if (!payload) return null;
      const { id, userId, sessionId, tokenVersion, exp } = payload;
      if (typeof id !== 'string' || typeof sessionId !== 'string' || typeof exp !== 'number') return null;
      if (!Number.isInteger(userId) || !Number.isInteger(tokenVersion)) return null;
      return { id, userId: userId as number, sessionId, tokenVersion: tokenVersion as number, expiresAt: new Date(exp * 1000) };
    },
  };
}

export type SsoCookies = ReturnType<typeof createSsoCookies>;
