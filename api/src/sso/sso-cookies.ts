import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
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
/** Time to sign in at the provider. */
const FLOW_LIFETIME_SECONDS = 10 * 60;
/** Time to fill in the first-sign-in screen. */
const FIRST_SIGN_IN_LIFETIME_SECONDS = 30 * 60;

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
  };
}

export type SsoCookies = ReturnType<typeof createSsoCookies>;
