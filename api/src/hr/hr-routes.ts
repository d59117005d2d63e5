import { HR_MESSAGES as M, hrRoutes } from '@tht/contracts';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { sendAsOfJson } from '../as-of';
import { accessGuards } from '../auth/access-guards';
import { canManageTargets } from '../auth/policy';
import { signedInUser } from '../auth/require-auth';
import type { AppContext } from '../platform/context';
import { HttpError } from '../platform/http';
import { jsonOf, responseKey, sendReadModelJson, serverDay } from '../platform/read-responses';
import { mountRoutes, type RouteCall } from '../platform/route-table';
import { hrEmployees, hrEmployeesPage, hrStats, hrTrends, popularTopics, topCourses } from './hr-queries';

/** 403 unless the signed-in user may open the HR View (HR and admins). */
const requireHrView: RequestHandler = (req, _res, next) => {
  if (!canManageTargets(signedInUser(req))) throw new HttpError(403, M.hrAccessRequired);
  next();
};

const hrOnly = { answeredFirst: true, before: [requireHrView] };

type FiguresRead = (year: number, today: Date, schema?: string) => Promise<unknown>;

/** The HR dashboard's reads, each for one year (`?year=`, the current year when absent). */
export function createHrRouter(ctx: AppContext): Router {
  const router = Router();

  // Every HR user gets the same figures: each answer is rendered once per read-model state (and day: the stats count this month).
  const sendYearRead = async (req: Request, res: Response, route: string, asked: number | undefined, read: FiguresRead) => {
    const today = new Date();
    const year = asked ?? today.getFullYear();
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
  const figuresRead = (route: string, read: FiguresRead) => ({
    ...hrOnly,
    handle: async ({ query: { year: asked, asOf }, req, res }: RouteCall<typeof hrRoutes.getHrStats>): Promise<void> => {
      if (!asOf) return sendYearRead(req, res, route, asked, read);
      const year = asked ?? asOf.getUTCFullYear();
      await sendAsOfJson(ctx, req, res, { route, year, asOf }, (schema) => read(year, asOf, schema));
    },
  });

  mountRoutes(router, accessGuards(ctx), hrRoutes, {
    getHrStats: figuresRead('hr stats', (year, today, schema) => hrStats(ctx.pool, year, today, schema)),
    listHrUsers: {
      ...hrOnly,
      handle: ({ query, req, res }) => sendYearRead(req, res, 'hr users', query.year, (year) => hrEmployees(ctx, year)),
    },
    // The table's pages: every HR user asking for the same page gets the same answer, rendered once per read-model state.
    listHrEmployees: {
      ...hrOnly,
      handle: async ({ query, req, res }) => {
        const year = query.year ?? new Date().getFullYear();
        const { page, search, role, status, sort, order } = query;
        const key = responseKey('hr employees', year, page, search, role, status, sort, order);
        await sendReadModelJson(
          ctx,
          req,
          res,
          key,
          jsonOf(() => hrEmployeesPage(ctx, year, query)),
        );
      },
    },
    listTopCourses: figuresRead('hr top courses', (year, _today, schema) => topCourses(ctx.pool, year, schema)),
    listHrTopics: figuresRead('hr topics', (year, _today, schema) => popularTopics(ctx.pool, year, schema)),
    getHrTrends: figuresRead('hr trends', (year, _today, schema) => hrTrends(ctx.pool, year, schema)),
  });
  return router;
}
