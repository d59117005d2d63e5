import {
  ACCOUNT_MESSAGES,
  accountsRoutes,
  emailConfirmationSchema,
  loginSchema,
  normaliseEmail,
  registrationSchema,
  resetConfirmSchema,
  setPasswordSchema,
  SSO_MESSAGES as S,
} from '@tht/contracts';
import { Router } from 'express';
import { deviceCookieKey, deviceOf, setDeviceCookie } from '../auth/device-cookies';
import { LoginLimiter } from '../auth/login-limiter';
import { clientAddressKey, limitPerAddress, requestCounter } from '../auth/request-limits';
import { accessGuards } from '../auth/access-guards';
import { authenticate, signedInUser } from '../auth/require-auth';
import { clearAuthCookie, newSessionId } from '../auth/tokens';
import { createDepartmentsRouter } from '../departments';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { HttpError, parseWith } from '../platform/http';
import { jsonOf, responseKey, sendReadModelJson } from '../platform/read-responses';
import { mountRoutes } from '../platform/route-table';
import { addUser, createUsersRouter, findUserByEmail, findUserById, listManagerOptions } from '../users';
import { secondFactorSetupPending } from '../second-factor';
import { EMAIL_CHECK_LIMIT, REGISTRATION_LIMIT } from './account-request-limits';
import { confirmEmail, emailConfirmationSender, newEmailConfirmation } from './email-confirmation';
import { changePassword, completePasswordReset } from './password-commands';
import { resetRequestHandler } from './reset-links';
import { logIn, logOut, logOutEverywhere } from './session-commands';
import { currentUserOf, passwordSignInAllowed, signIn } from './accounts-sign-in';

/**
 * Accounts: registration, sign-in and out, passwords, the current user, and the users and
 * departments routers (mounted under /api by createApp).
 */
export function createAccountsRouter(ctx: AppContext): Router {
  const router = Router();
  const limiter = new LoginLimiter(ctx.pool);
  const deviceKey = deviceCookieKey(ctx.config.jwtSecret);
  const domain = ctx.config.orgEmailDomain;
  const sendEmailConfirmation = emailConfirmationSender(ctx);
  const requestReset = resetRequestHandler(ctx);

  mountRoutes(router, accessGuards(ctx), accountsRoutes, {
    getCurrentUser: {
      answeredFirst: true,
      handle: async ({ req, res }) => {
        const { id, session } = signedInUser(req);
        // The row is read inside the rendering, so the body kept is never older than the cache's state.
        const readCurrentUser = async () => {
          const row = await findUserById(ctx.db, id);
          if (!row) throw new HttpError(401, ACCOUNT_MESSAGES.signInRequired);
          return currentUserOf(ctx, row, session);
        };
        // The event that ends a pending set-up changes no read model, so the cached body is kept per answer.
        const setUpPending = await secondFactorSetupPending(ctx, { ...signedInUser(req), sso: session.sso });
        await sendReadModelJson(ctx, req, res, responseKey('current user', id, session.sso, setUpPending), jsonOf(readCurrentUser));
      },
    },

    logIn: async ({ req, res }) => {
      const credentials = parseWith(loginSchema, req.body);
      if (!passwordSignInAllowed(ctx.config, credentials.username)) throw new HttpError(403, S.passwordSignInOff);
      const client = { address: clientAddressKey(req), device: deviceOf(req, deviceKey, credentials.username) };
      const sessionId = newSessionId();
      const user = await logIn(ctx, limiter, credentials, client, sessionId, actorOf(req));
      const body = await signIn(ctx, req, res, user, { id: sessionId, sso: false });
      setDeviceCookie(req, res, deviceKey, user.email);
      return body;
    },

    register: {
      before: [limitPerAddress(requestCounter(ctx.pool, REGISTRATION_LIMIT))],
      handle: async ({ req, res }) => {
        if (!ctx.config.passwordLogin) throw new HttpError(403, S.registrationOff);
        const input = parseWith(registrationSchema(domain), req.body);
        const sessionId = newSessionId();
        const confirmation = newEmailConfirmation(ctx.now());
        const origin = { registered: true, sessionId, confirmation: confirmation.stored } as const;
        const user = await addUser(ctx, { ...input, role: 'employee' }, origin, actorOf(req));
        sendEmailConfirmation(res, user, confirmation);
        return signIn(ctx, req, res, user, { id: sessionId, sso: false });
      },
    },

    // Ends this device's session; works with an expired or revoked token too: the cookie is cleared either way.
    logOut: async ({ req, res }) => {
      const user = await authenticate(ctx, req, res);
      if (user) await logOut(ctx, user.id, user.session, { ...actorOf(req), userId: user.id });
      clearAuthCookie(req, res);
      return { message: ACCOUNT_MESSAGES.loggedOut };
    },

    logOutEverywhere: async ({ req, res }) => {
      await logOutEverywhere(ctx, signedInUser(req).id, actorOf(req));
      clearAuthCookie(req, res);
      return { message: ACCOUNT_MESSAGES.signedOutEverywhere };
    },

    // Ends every sign-in, so this session's response carries a fresh token.
    setPassword: async ({ req, res }) => {
      const input = parseWith(setPasswordSchema, req.body);
      const { id, session } = signedInUser(req);
      const guesses = { limiter, client: { address: clientAddressKey(req), device: null } };
      const user = await changePassword(ctx, id, input, guesses, actorOf(req));
      return { message: 'Password updated successfully', ...(await signIn(ctx, req, res, user, session)) };
    },

    requestPasswordReset: ({ req, res }) => requestReset(req, res),

    confirmPasswordReset: async ({ req }) => {
      const { token, password } = parseWith(resetConfirmSchema, req.body);
      await completePasswordReset(ctx, token, password, actorOf(req));
      return { message: 'Password reset successful' };
    },

    // Public: the link mailed at registration, opened by whoever reads that mailbox.
    confirmEmail: async ({ req }) => {
      const { token } = parseWith(emailConfirmationSchema, req.body);
      return confirmEmail(ctx, token, actorOf(req));
    },

    checkEmail: {
      before: [limitPerAddress(requestCounter(ctx.pool, EMAIL_CHECK_LIMIT))],
      handle: async ({ params }) => ({ exists: (await findUserByEmail(ctx.db, normaliseEmail(params.email))) !== undefined }),
    },

    // Public: the registration form picks a manager before anyone is signed in.
    listManagers: () => listManagerOptions(ctx.db),
  });

  router.use(createUsersRouter(ctx));
  router.use(createDepartmentsRouter(ctx));
  return router;
}
