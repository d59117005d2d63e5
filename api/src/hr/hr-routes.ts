import { HR_MESSAGES as M, hrEmployeesQuerySchema, hrFiguresQuerySchema, hrYearQuerySchema } from '@tht/contracts';
import { Router, type RequestHandler } from 'express';
import { sendAsOfJson } from '../as-of/as-of-responses';
import { canManageTargets } from '../auth/policy';
import { requireAuth, signedInUser } from '../auth/require-auth';
import type { AppContext } from '../platform/context';
import { HttpError, parseWith } from '../platform/http';
import { jsonOf, responseKey, sendReadModelJson, serverDay } from '../platform/read-responses';
import { declareRead } from '../platform/read-routes';
import { hrEmployees, hrEmployeesPage, hrStats, hrTrends, popularTopics, topCourses } from './hr-queries';

/** 403 unless the signed-in user may open the HR View (HR and admins). */
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

  // The figures also answer `?asOf=`: as they stood then, from the read models replayed up to that moment (202 until they are).
  const figuresRead = (route: string, read: (year: number, today: Date, schema?: string) => Promise<unknown>): RequestHandler[] => [
    ...hrOnly,
    async (req, res, next) => {
      const { year: asked, asOf } = parseWith(hrFiguresQuerySchema, req.query);
      if (!asOf) return next();
      const year = asked ?? asOf.getUTCFullYear();
      await sendAsOfJson(ctx, req, res, { route, year, asOf }, (schema) => read(year, asOf, schema));
    },
    yearRead(route, read),
  ];

  declareRead(router, '/hr/stats', ...figuresRead('hr stats', (year, today, schema) => hrStats(ctx.pool, year, today, schema)));
  declareRead(
    router,
    '/hr/users',
    ...hrOnly,
    yearRead('hr users', (year) => hrEmployees(ctx, year)),
  );
  // The table's pages: every HR user asking for the same page gets the same answer, rendered once per read-model state.
  declareRead(router, '/hr/employees', ...hrOnly, async (req, res) => {
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
  declareRead(
    router,
    '/hr/top-courses',
    ...figuresRead('hr top courses', (year, _today, schema) => topCourses(ctx.pool, year, schema)),
  );
  declareRead(router, '/hr/topics', ...figuresRead('hr topics', (year, _today, schema) => popularTopics(ctx.pool, year, schema)));
  declareRead(router, '/hr/trends', ...figuresRead('hr trends', (year, _today, schema) => hrTrends(ctx.pool, year, schema)));

  return router;
}
