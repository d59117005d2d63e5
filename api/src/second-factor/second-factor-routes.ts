import {
  SECOND_FACTOR_MESSAGES as M,
  SIGN_IN_FAILURES,
  secondFactorConfirmSchema,
  secondFactorDisableSchema,
  secondFactorRoutes,
} from '@tht/contracts';
import { Router, type Response } from 'express';
import { accessGuards } from '../auth/access-guards';
import { LoginLimiter } from '../auth/login-limiter';
import { clientAddressKey } from '../auth/request-limits';
import { signedInUser } from '../auth/require-auth';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { parseWith } from '../platform/http';
import { mountRoutes } from '../platform/route-table';
import { confirmEnrolment, disableSecondFactor, secondFactorStatus, startEnrolment } from './second-factor-commands';

/** A success answer no cache keeps (the state, a new key, recovery codes). */
function unstored<Answer>(res: Response, answer: Answer): Answer {
  res.set('Cache-Control', 'no-store');
  return answer;
}

/**
 * An administrator's second factor (TOTP with recovery codes), reached while ADMIN_MFA=required
 * still holds the administrator: its state, a set-up (QR code), its confirmation with the first
 * code, and turning it off with a code.
 */
export function createSecondFactorRouter(ctx: AppContext): Router {
  const router = Router();
  const limiter = new LoginLimiter(ctx.pool);
  mountRoutes(router, accessGuards(ctx), secondFactorRoutes, {
    getSecondFactor: async ({ req, res }) => unstored(res, await secondFactorStatus(ctx, signedInUser(req))),
    startSecondFactorEnrolment: async ({ req, res }) => unstored(res, await startEnrolment(ctx, signedInUser(req))),
    confirmSecondFactor: async ({ req, res }) => {
      const input = parseWith(secondFactorConfirmSchema, req.body);
      const recoveryCodes = await confirmEnrolment(ctx, signedInUser(req), input, actorOf(req));
      return unstored(res, { message: 'Two-step sign-in is on', recoveryCodes });
    },
    disableSecondFactor: async ({ req }) => {
      const { code } = parseWith(secondFactorDisableSchema, req.body);
      const user = signedInUser(req);
      const client = { address: clientAddressKey(req), device: null };
      const attempt = {
        admit: () => limiter.admit(user.email, client),
        failed: () =>
          limiter.failed(user.email, client, {
            userId: user.id,
            actorId: user.id,
            reason: SIGN_IN_FAILURES.wrongSecondFactorToTurnOff,
          }),
      };
      await disableSecondFactor(ctx, user, code, attempt, actorOf(req));
      return { message: M.turnedOff };
    },
  });
  return router;
}
