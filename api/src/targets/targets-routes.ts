import {
  fiscalYearCreateSchema,
  TARGET_MESSAGES as M,
  targetUserIdSchema,
  targetYearParamSchema,
  userTargetCreateSchema,
  userTargetsQuerySchema,
  userTargetUpdateSchema,
  yearlyTargetCreateSchema,
  yearlyTargetUpdateSchema,
} from '@tht/contracts';
import { Router, type RequestHandler } from 'express';
import { canManageTargets } from '../auth/policy';
import { requireAuth, requireRole, signedInUser } from '../auth/require-auth';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { HttpError, parseWith } from '../platform/http';
import { bulkTargetsHandler } from './bulk-targets';
import { createUserTarget, createYearlyTarget, updateUserTarget, updateYearlyTarget } from './targets-commands';
import { listUserTargets, listYearlyTargets } from './targets-queries';

/** 403 unless the signed-in user may set targets (HR and admins). */
const requireTargetManager: RequestHandler = (req, _res, next) => {
  if (!canManageTargets(signedInUser(req))) throw new HttpError(403, M.targetManagerRequired);
  next();
};

/**
 * Yearly targets and fiscal years are one read model: a fiscal year an admin creates is the
 * yearly target HR sees, and the other way round. Everyone signed in reads them (the personal
 * target falls back on the yearly one).
 */
export function createTargetsRouter(ctx: AppContext): Router {
  const router = Router();
  const signedIn = requireAuth(ctx);
  const targetManagers = [signedIn, requireTargetManager];

  router.get('/yearly-targets', signedIn, async (_req, res) => {
    res.json(await listYearlyTargets(ctx.db));
  });

  router.post('/yearly-targets', ...targetManagers, async (req, res) => {
    const input = parseWith(yearlyTargetCreateSchema, req.body);
    res.status(201).json(await createYearlyTarget(ctx, input, actorOf(req)));
  });

  router.put('/yearly-targets/:year', ...targetManagers, async (req, res) => {
    const year = parseWith(targetYearParamSchema, req.params.year);
    const input = parseWith(yearlyTargetUpdateSchema, req.body);
    res.json(await updateYearlyTarget(ctx, year, input, actorOf(req)));
  });

  router.get('/fiscal-years', signedIn, async (_req, res) => {
    res.json(await listYearlyTargets(ctx.db));
  });

  router.post('/fiscal-years', signedIn, requireRole('admin'), async (req, res) => {
    const input = parseWith(fiscalYearCreateSchema, req.body);
    res.status(201).json(await createYearlyTarget(ctx, input, actorOf(req)));
  });

  router.get('/user-targets', signedIn, async (req, res) => {
    const { year } = parseWith(userTargetsQuerySchema, req.query);
    res.json(await listUserTargets(ctx.db, signedInUser(req), year));
  });

  router.post('/user-targets', ...targetManagers, async (req, res) => {
    const { userId, year, targetHours, reason } = parseWith(userTargetCreateSchema, req.body);
    res.status(201).json(await createUserTarget(ctx, { userId, year, targetHours, reason }, actorOf(req)));
  });

  router.post('/user-targets/bulk', ...targetManagers, bulkTargetsHandler(ctx));

  router.put('/user-targets/:userId/:year', ...targetManagers, async (req, res) => {
    const userId = parseWith(targetUserIdSchema, req.params.userId);
    const year = parseWith(targetYearParamSchema, req.params.year);
    const input = parseWith(userTargetUpdateSchema, req.body);
    res.json(await updateUserTarget(ctx, userId, year, input, actorOf(req)));
  });

  return router;
}
