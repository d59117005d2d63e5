import { SMT_MESSAGES as M, smtRoutes } from '@tht/contracts';
import { Router, type RequestHandler } from 'express';
import { sendAsOfJson } from '../as-of';
import { accessGuards } from '../auth/access-guards';
import { canViewExecutiveOverview } from '../auth/policy';
import { signedInUser } from '../auth/require-auth';
import type { AppContext } from '../platform/context';
import { HttpError } from '../platform/http';
import { jsonOf, responseKey, sendReadModelJson, serverDay } from '../platform/read-responses';
import { mountRoutes } from '../platform/route-table';
import { smtOverview } from './smt-queries';

/** 403 unless the signed-in user may open the SMT View (SMT and admins). */
const requireSmtView: RequestHandler = (req, _res, next) => {
  if (!canViewExecutiveOverview(signedInUser(req))) throw new HttpError(403, M.smtAccessRequired);
  next();
};

/** The SMT View's one read (strictly read-only: the SMT feature has no write endpoint). */
export function createSmtRouter(ctx: AppContext): Router {
  const router = Router();
  mountRoutes(router, accessGuards(ctx), smtRoutes, {
    getSmtOverview: {
      answeredFirst: true,
      before: [requireSmtView],
      handle: async ({ query: { year: asked, asOf }, req, res }) => {
        const today = new Date();
        if (asOf) {
          // The overview as it stood then, from the read models replayed up to that moment (202 until they are).
          const year = asked ?? asOf.getUTCFullYear();
          await sendAsOfJson(ctx, req, res, { route: 'smt overview', year, asOf }, (schema) =>
            smtOverview(ctx.pool, year, asOf, schema),
          );
          return;
        }
        const year = asked ?? today.getFullYear();
        // Every SMT user gets the same overview: rendered once per year, day (the target's elapsed share) and read-model state.
        const key = responseKey('smt overview', year, serverDay(today));
        await sendReadModelJson(
          ctx,
          req,
          res,
          key,
          jsonOf(() => smtOverview(ctx.pool, year, today)),
        );
      },
    },
  });
  return router;
}
