import {
  SSO_CALLBACK_PATH,
  SSO_FAILURE_PARAM,
  SSO_MESSAGES as S,
  SSO_OUTCOME_PARAM,
  ssoFirstSignInSchema,
  ssoRoutes,
  type SsoFailure,
  type SsoFirstSignInIdentity,
  type SsoOutcome,
} from '@tht/contracts';
import cookieParser from 'cookie-parser';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { signInWithSso, signIn } from '../accounts';
import { accessGuards } from '../auth/access-guards';
import { newSessionId } from '../auth/tokens';
import type { SsoSettings } from '../config';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { DomainError } from '../platform/decider';
import { HttpError, parseWith } from '../platform/http';
import { mountRoutes } from '../platform/route-table';
import { addSsoUser, placeClaimedSsoUser, findUserByEmail, findUserById } from '../users';
import { createOidcClient, SsoFailureError, type OidcClient } from './oidc-client';
import { createSsoCookies, type SsoCookies } from './sso-cookies';
import { personOf, type ProviderPerson } from './sso-identity';
import { ssoResultRedemptions } from './sso-results';

const AUTH_PAGE = '/auth';
const outcomePath = (outcome: SsoOutcome) => `${AUTH_PAGE}?${SSO_OUTCOME_PARAM}=${outcome}`;
const failurePath = (failure: SsoFailure) => `${AUTH_PAGE}?${SSO_FAILURE_PARAM}=${failure}`;

/** The query string of the request as the provider sent it (the callback's authorization response). */
const queryOf = (req: Request) => new URLSearchParams(req.originalUrl.split('?')[1] ?? '');

interface Sso {
  settings: SsoSettings;
  client: OidcClient;
  cookies: SsoCookies;
}

/**
 * Where the callback sends the browser: `/auth?sso=signed-in` once signed in (the authToken cookie
 * set as by a password sign-in, and the one-time result the page completes with), `/auth?sso=first-sign-in`
 * for a person without an account or with an account they just claimed (who they are kept in a
 * signed cookie), else `/auth?sso_error=<failure>`. No token is ever in a URL.
 */
async function completeCallback(ctx: AppContext, sso: Sso, req: Request, res: Response): Promise<string> {
  const flow = sso.cookies.takeFlow(req, res);
  if (!flow) throw new SsoFailureError('expired', 'no sign-in started in this browser (expired, used, or another browser)');
  const claims = await sso.client.redeem(queryOf(req), flow);
  const person = personOf(claims, ctx.config.orgEmailDomain);
  if (typeof person === 'string') throw new SsoFailureError(person, `${JSON.stringify(claims.email)} may not sign in (${person})`);
  const user = await findUserByEmail(ctx.db, person.email);
  if (!user) {
    if (!sso.settings.autoCreate)
      throw new SsoFailureError('no-account', `${person.email} has no account (OIDC_AUTO_CREATE=false)`);
    sso.cookies.setFirstSignIn(req, res, person);
    return outcomePath('first-sign-in');
  }
  if (user.deactivated_at !== null) throw new SsoFailureError('deactivated', `${person.email} is deactivated`);
  const sessionId = newSessionId();
  const actor = { ...actorOf(req), userId: user.id };
  const identity = { issuer: person.issuer, subject: person.subject };
  const signedIn = await signInWithSso(ctx, user, identity, sessionId, actor).catch((error: unknown) => {
    if (error instanceof DomainError && error.message === S.identityMismatch) {
      throw new SsoFailureError('identity-mismatch', `${person.email} is linked to another subject than ${person.subject}`);
    }
    throw error;
  });
  if (signedIn.placement_required) {
    sso.cookies.setFirstSignIn(req, res, person);
    return outcomePath('first-sign-in');
  }
  await signIn(ctx, req, res, signedIn, { id: sessionId, sso: true });
  sso.cookies.setResult(req, res, signedIn, sessionId);
  return outcomePath('signed-in');
}

/** Every failure lands on the auth page with its toast; the details go to the log only. */
function landOnFailure(ctx: AppContext, error: unknown): string {
  if (error instanceof SsoFailureError) {
    ctx.log.warn(`Single sign-on failed (${error.failure}): ${error.message}`);
    return failurePath(error.failure);
  }
  ctx.log.error('Single sign-on failed', error);
  return failurePath('internal');
}

function personOfFirstSignIn(sso: Sso, req: Request): ProviderPerson {
  const person = sso.cookies.firstSignIn(req, sso.settings.issuer);
  if (!person) throw new HttpError(401, S.firstSignInExpired);
  return person;
}

/**
 * Single sign-on through the organisation's OpenID Connect provider (`OIDC_*`): start, callback,
 * the page's hand-over of the session, and the first-sign-in screen's calls. Without OIDC_ISSUER
 * every route answers 404.
 */
export function createSsoRouter(ctx: AppContext): Router {
  const router = Router();
  const { sso: settings, publicUrl, jwtSecret } = ctx.config;
  const sso: Sso | null = settings && {
    settings,
    client: createOidcClient(settings, `${publicUrl}${SSO_CALLBACK_PATH}`),
    cookies: createSsoCookies(jwtSecret),
  };
  const configured = (): Sso => {
    if (!sso) throw new HttpError(404, S.notConfigured);
    return sso;
  };
  const withCookies: readonly RequestHandler[] = [cookieParser()];
  const results = ssoResultRedemptions(ctx.pool);

  mountRoutes(router, accessGuards(ctx), ssoRoutes, {
    // A link the sign-in button follows (a top-level navigation, so the CSP's form-action plays no part).
    startSingleSignOn: async ({ req, res }) => {
      const { client, cookies } = configured();
      try {
        const { url, flow } = await client.authorizationRequest();
        cookies.setFlow(req, res, flow);
        res.redirect(303, url.href);
      } catch (error) {
        res.redirect(303, landOnFailure(ctx, error));
      }
    },

    singleSignOnCallback: {
      before: withCookies,
      handle: async ({ req, res }) => {
        const started = configured();
        res.redirect(303, await completeCallback(ctx, started, req, res).catch((error: unknown) => landOnFailure(ctx, error)));
      },
    },

    // The page the callback led to takes the session over: the answer of a password sign-in, once per
    // callback, in the browser the callback ran in, and never for a token (it renews nothing).
    completeSingleSignOn: {
      before: withCookies,
      handle: async ({ req, res }) => {
        const result = configured().cookies.takeResult(req, res);
        if (!result || !(await results.redeem(result.id, result.expiresAt))) throw new HttpError(401, S.signInResultExpired);
        const user = await findUserById(ctx.db, result.userId);
        // Its sessions ended since (signed out everywhere, a new password, a claim): nothing to take over.
        if (user?.token_version !== result.tokenVersion) throw new HttpError(401, S.signInResultExpired);
        return signIn(ctx, req, res, user, { id: result.sessionId, sso: true });
      },
    },

    getFirstSingleSignOn: {
      before: withCookies,
      handle: async ({ req }) => {
        const { email, firstName, lastName } = personOfFirstSignIn(configured(), req);
        const claimed = (await findUserByEmail(ctx.db, email))?.placement_required === true;
        const answer: SsoFirstSignInIdentity = { email, firstName, lastName, ...(claimed ? { claimed } : {}) };
        return answer;
      },
    },

    // No request limit of its own: each account it opens takes a sign-in at the provider.
    completeFirstSingleSignOn: {
      before: withCookies,
      handle: async ({ req, res }) => {
        const started = configured();
        const person = personOfFirstSignIn(started, req);
        const input = parseWith(ssoFirstSignInSchema, req.body);
        const sessionId = newSessionId();
        const identity = { issuer: person.issuer, subject: person.subject };
        // An account with the address now is one the person just claimed (refused with 409 otherwise).
        const existing = await findUserByEmail(ctx.db, person.email);
        const user = existing
          ? await placeClaimedSsoUser(ctx, existing, input, identity, sessionId, { ...actorOf(req), userId: existing.id })
          : await addSsoUser(ctx, { ...input, email: person.email }, identity, sessionId, actorOf(req));
        started.cookies.clearFirstSignIn(req, res);
        res.status(existing ? 200 : 201).json(await signIn(ctx, req, res, user, { id: sessionId, sso: true }));
      },
    },
  });

  return router;
}
