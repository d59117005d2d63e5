import {
  bulkTargetSchema,
  fiscalYearCreateSchema,
  TARGET_MESSAGES as M,
  targetsRoutes,
  userTargetCreateSchema,
  userTargetUpdateSchema,
  yearlyTargetCreateSchema,
  yearlyTargetUpdateSchema,
} from '@tht/contracts';
import { Router, type RequestHandler } from 'express';
import { accessGuards } from '../auth/access-guards';
import { canManageTargets } from '../auth/policy';
import { signedInUser } from '../auth/require-auth';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { HttpError, parseWith } from '../platform/http';
import { mountRoutes } from '../platform/route-table';
import { assignTargetsInBulk } from './bulk-targets';
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
  const targetManagers = { before: [requireTargetManager] };
  mountRoutes(router, accessGuards(ctx), targetsRoutes, {
    listYearlyTargets: () => listYearlyTargets(ctx.db),
    createYearlyTarget: {
      ...targetManagers,
      handle: ({ req }) => createYearlyTarget(ctx, parseWith(yearlyTargetCreateSchema, req.body), actorOf(req)),
    },
    updateYearlyTarget: {
      ...targetManagers,
      handle: ({ params, req }) =>
        updateYearlyTarget(ctx, params.year, parseWith(yearlyTargetUpdateSchema, req.body), actorOf(req)),
    },
    listFiscalYears: () => listYearlyTargets(ctx.db),
    createFiscalYear: ({ req }) => createYearlyTarget(ctx, parseWith(fiscalYearCreateSchema, req.body), actorOf(req)),
    listUserTargets: ({ query, req }) => listUserTargets(ctx.db, signedInUser(req), query.year),
    createUserTarget: {
      ...targetManagers,
      handle: ({ req }) => {
        const { userId, year, targetHours, reason } = parseWith(userTargetCreateSchema, req.body);
        return createUserTarget(ctx, { userId, year, targetHours, reason }, actorOf(req));
      },
    },
    assignUserTargetsInBulk: {
      ...targetManagers,
      handle: ({ req }) => assignTargetsInBulk(ctx, parseWith(bulkTargetSchema, req.body), actorOf(req)),
    },
    updateUserTarget: {
      ...targetManagers,
      handle: ({ params, req }) =>
        updateUserTarget(ctx, params.userId, params.year, parseWith(userTargetUpdateSchema, req.body), actorOf(req)),
    },
  });
  return router;
}
