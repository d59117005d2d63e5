import { SMT_MESSAGES as M, smtOverviewQuerySchema } from '@tht/contracts';
import { Router, type RequestHandler } from 'express';
import { canViewExecutiveOverview } from '../auth/policy';
import { requireAuth, signedInUser } from '../auth/require-auth';
import type { AppContext } from '../platform/context';
import { HttpError, parseWith } from '../platform/http';
import { createReadModelCache } from '../platform/read-model-cache';
import { smtOverview } from './smt-queries';

/** 403 unless the signed-in user may open the SMT View (SMT and admins, SPEC section 6). */
const requireSmtView: RequestHandler = (req, _res, next) => {
  if (!canViewExecutiveOverview(signedInUser(req))) throw new HttpError(403, M.smtAccessRequired);
  next();
};

/** The server's calendar day: the target card's elapsed share changes with it. */
const dayOf = (date: Date) => `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;

/** The SMT View's one read (strictly read-only: the SMT feature has no write endpoint). */
export function createSmtRouter(ctx: AppContext): Router {
  const router = Router();

  // Every SMT user gets the same overview: it is computed once per year and day, and kept until the read models change.
  const overviews = ctx.caches.add(createReadModelCache<string, string>({ maxEntries: 200 }));

  router.get('/smt/overview', requireAuth(ctx), requireSmtView, async (req, res) => {
    const today = new Date();
    const { year = today.getFullYear() } = parseWith(smtOverviewQuerySchema, req.query);
    const json = await overviews.find(`${year} ${dayOf(today)}`, async () =>
      JSON.stringify(await smtOverview(ctx.pool, year, today)),
    );
    res.type('json').send(json);
  });

  return router;
}
