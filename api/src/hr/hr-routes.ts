import { HR_MESSAGES as M, hrEmployeesQuerySchema, hrStatsQuerySchema, hrYearQuerySchema } from '@tht/contracts';
import { Router, type RequestHandler } from 'express';
import { sendAsOfJson } from '../as-of/as-of-responses';
import { canManageTargets } from '../auth/policy';
import { requireAuth, signedInUser } from '../auth/require-auth';
import type { AppContext } from '../platform/context';
import { HttpError, parseWith } from '../platform/http';
import { jsonOf, responseKey, sendReadModelJson, serverDay } from '../platform/read-responses';
import { hrEmployees, hrEmployeesPage, hrStats, hrTrends, popularTopics, topCourses } from './hr-queries';

/** 403 unless the signed-in user may open the HR View (HR and admins, SPEC section 6). */
const requireHrView: RequestHandler = (req, _res, next) => {
  if (!canManageTargets(signedInUser(req))) throw new HttpError(403, M.hrAccessRequired);
  next();
};

/** The HR dashboard's reads, each for one year (`?year=`, the current year when absent). */
export function createHrRouter(ctx: AppContext): Router {
  const router = Router();
  const hrOnly = [requireAuth(ctx), requireHrView];

  // Every HR user gets the same figures: each answer is rendered once per read-model state (and day: the stats count this month).
  const yearRead =
    (route: string, read: (year: number, today: Date) => Promise<unknown>): RequestHandler =>
    async (req, res) => {
      const today = new Date();
      const { year = today.getFullYear() } = parseWith(hrYearQuerySchema, req.query);
      const key = responseKey(route, year, serverDay(today));
      await sendReadModelJson(
        ctx,
        req,
        res,
        key,
        jsonOf(() => read(year, today)),
      );
    };

  // `?asOf=`: the figures as they stood then, from the read models replayed up to that moment (202 until they are).
  router.get('/hr/stats', ...hrOnly, async (req, res, next) => {
    const { year: asked, asOf } = parseWith(hrStatsQuerySchema, req.query);
    if (!asOf) return next();
    const year = asked ?? asOf.getUTCFullYear();
    await sendAsOfJson(ctx, req, res, { route: 'hr stats', year, asOf }, (schema) => hrStats(ctx.pool, year, asOf, schema));
  });
  router.get(
    '/hr/stats',
    yearRead('hr stats', (year, today) => hrStats(ctx.pool, year, today)),
  );
  router.get(
    '/hr/users',
    ...hrOnly,
    yearRead('hr users', (year) => hrEmployees(ctx, year)),
  );
  // The table's pages: every HR user asking for the same page gets the same answer, rendered once per read-model state.
  router.get('/hr/employees', ...hrOnly, async (req, res) => {
    const query = parseWith(hrEmployeesQuerySchema, req.query);
    const year = query.year ?? new Date().getFullYear();
    const key = responseKey('hr employees', year, query.page, query.search, query.role, query.sort, query.order);
    await sendReadModelJson(
      ctx,
      req,
      res,
      key,
      jsonOf(() => hrEmployeesPage(ctx, year, query)),
    );
  });
  router.get(
    '/hr/top-courses',
    ...hrOnly,
    yearRead('hr top courses', (year) => topCourses(ctx.pool, year)),
  );
  router.get(
    '/hr/topics',
    ...hrOnly,
    yearRead('hr topics', (year) => popularTopics(ctx.pool, year)),
  );
  router.get(
    '/hr/trends',
    ...hrOnly,
    yearRead('hr trends', (year) => hrTrends(ctx.pool, year)),
  );

  return router;
}
