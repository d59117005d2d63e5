import { ACCOUNT_MESSAGES, MANAGER_MESSAGES as M, managerIdSchema, managerRoutes } from '@tht/contracts';
import { Router, type RequestHandler } from 'express';
import { accessGuards } from '../auth/access-guards';
import { canViewOrganisationData, mayUseManagerView } from '../auth/policy';
import { findCachedUserRow } from '../auth/principal-cache';
import { signedInUser } from '../auth/require-auth';
import type { AppContext } from '../platform/context';
import { HttpError, parseWith } from '../platform/http';
import { jsonOf, responseKey, sendReadModelJson, serverDay } from '../platform/read-responses';
import { mountRoutes } from '../platform/route-table';
import { directReports, teamEntriesJson, teamStats } from './manager-queries';

/**
 * 400 for a malformed manager id, then whose team a request may read: their own when they are
 * manager-like (role manager or direct reports), anyone's for HR, SMT and admins, who get a 404
 * for an unknown id.
 */
const requireTeamAccess =
  (ctx: AppContext): RequestHandler =>
  async (req, _res, next) => {
    const user = signedInUser(req);
    const managerId = parseWith(managerIdSchema, req.params.managerId);
    if (canViewOrganisationData(user)) {
      if (managerId !== user.id && !(await findCachedUserRow(ctx, managerId)))
        throw new HttpError(404, ACCOUNT_MESSAGES.userNotFound);
      return next();
    }
    if (managerId === user.id && (await mayUseManagerView(ctx, user))) return next();
    throw new HttpError(403, M.teamAccessDenied);
  };

/**
 * The Manager View's reads: a manager's direct reports, their entries and the team's figures.
 * Their answers are kept between read-model changes (`sendReadModelJson`): a team's dashboard is
 * built once however many people look at it.
 */
export function createManagerRouter(ctx: AppContext): Router {
  const router = Router();
  const teamRead = { answeredFirst: true, before: [requireTeamAccess(ctx)] };
  mountRoutes(router, accessGuards(ctx), managerRoutes, {
    getManagerStats: {
      ...teamRead,
      handle: async ({ params: { managerId }, query, req, res }) => {
        const today = new Date();
        const { year = today.getFullYear() } = query;
        const key = responseKey('manager stats', managerId, year, serverDay(today));
        await sendReadModelJson(
          ctx,
          req,
          res,
          key,
          jsonOf(() => teamStats(ctx.pool, managerId, year, today)),
        );
      },
    },
    listManagerEmployees: {
      ...teamRead,
      handle: async ({ params: { managerId }, req, res }) => {
        const key = responseKey('manager employees', managerId);
        await sendReadModelJson(
          ctx,
          req,
          res,
          key,
          jsonOf(() => directReports(ctx.db, managerId)),
        );
      },
    },
    listManagerEntries: {
      ...teamRead,
      handle: async ({ params: { managerId }, query: { year }, req, res }) => {
        const key = responseKey('manager entries', managerId, year);
        await sendReadModelJson(ctx, req, res, key, () => teamEntriesJson(ctx.pool, managerId, year));
      },
    },
  });
  return router;
}
