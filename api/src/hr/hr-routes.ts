import { HR_MESSAGES as M, hrYearQuerySchema } from '@tht/contracts';
import { Router, type RequestHandler } from 'express';
import { canManageTargets } from '../auth/policy';
import { requireAuth, signedInUser } from '../auth/require-auth';
import type { AppContext } from '../platform/context';
import { HttpError, parseWith } from '../platform/http';
import { createReadModelCache } from '../platform/read-model-cache';
import { hrEmployees, hrStats, hrTrends, popularTopics, topCourses } from './hr-queries';

/** 403 unless the signed-in user may open the HR View (HR and admins, SPEC section 6). */
const requireHrView: RequestHandler = (req, _res, next) => {
  if (!canManageTargets(signedInUser(req))) throw new HttpError(403, M.hrAccessRequired);
  next();
};

/** The HR dashboard's reads, each for one year (`?year=`, the current year when absent). */
export function createHrRouter(ctx: AppContext): Router {
  const router = Router();
  const hrOnly = [requireAuth(ctx), requireHrView];

  // Every HR user gets the same figures: each answer is computed once and kept until the read models change.
  const answers = ctx.caches.add(createReadModelCache<string, string>({ maxEntries: 200 }));
  const yearRead =
    (read: (year: number) => Promise<unknown>): RequestHandler =>
    async (req, res) => {
      const { year = new Date().getFullYear() } = parseWith(hrYearQuerySchema, req.query);
      const json = await answers.find(`${req.path} ${year}`, async () => JSON.stringify(await read(year)));
      res.type('json').send(json);
    };

  router.get(
    '/hr/stats',
    ...hrOnly,
    yearRead((year) => hrStats(ctx.pool, year, new Date())),
  );
  router.get(
    '/hr/users',
    ...hrOnly,
    yearRead((year) => hrEmployees(ctx.pool, year)),
  );
  router.get(
    '/hr/top-courses',
    ...hrOnly,
    yearRead((year) => topCourses(ctx.pool, year)),
  );
  router.get(
    '/hr/topics',
    ...hrOnly,
    yearRead((year) => popularTopics(ctx.pool, year)),
  );
  router.get(
    '/hr/trends',
    ...hrOnly,
    yearRead((year) => hrTrends(ctx.pool, year)),
  );

  return router;
}
