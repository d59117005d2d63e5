import {
  SECOND_FACTOR_MESSAGES as M,
  SIGN_IN_FAILURES,
  secondFactorConfirmSchema,
  secondFactorDisableSchema,
} from '@tht/contracts';
import { Router, type Request } from 'express';
import { LoginLimiter } from '../auth/login-limiter';
import { clientAddressKey } from '../auth/request-limits';
import { requireAuth, signedInUser } from '../auth/require-auth';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { parseWith } from '../platform/http';
import { confirmEnrolment, disableSecondFactor, secondFactorStatus, startEnrolment } from './second-factor-commands';

export const SECOND_FACTOR_PATH = '/account/second-factor';

/**
 * An administrator's second factor (TOTP with recovery codes), reached while ADMIN_MFA=required
 * still holds the administrator: its state, a set-up (QR code), its confirmation with the first
 * code, and turning it off with a code.
 */
export function createSecondFactorRouter(ctx: AppContext): Router {
  const router = Router();
  const limiter = new LoginLimiter(ctx.pool);
  const signedInEvenBeforeSetUp = requireAuth(ctx, { allowPendingSecondFactorSetup: true });

  router.get(SECOND_FACTOR_PATH, signedInEvenBeforeSetUp, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await secondFactorStatus(ctx, signedInUser(req)));
  });

  router.post(`${SECOND_FACTOR_PATH}/enrolment`, signedInEvenBeforeSetUp, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await startEnrolment(ctx, signedInUser(req)));
  });

  router.post(SECOND_FACTOR_PATH, signedInEvenBeforeSetUp, async (req, res) => {
    const input = parseWith(secondFactorConfirmSchema, req.body);
    const recoveryCodes = await confirmEnrolment(ctx, signedInUser(req), input, actorOf(req));
    res.set('Cache-Control', 'no-store').status(201).json({ message: 'Two-step sign-in is on', recoveryCodes });
  });

  router.post(`${SECOND_FACTOR_PATH}/disable`, signedInEvenBeforeSetUp, async (req: Request, res) => {
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
    res.json({ message: M.turnedOff });
  });

  return router;
}
