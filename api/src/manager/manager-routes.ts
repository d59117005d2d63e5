import { ACCOUNT_MESSAGES, MANAGER_MESSAGES as M, managerIdSchema, managerYearQuerySchema } from '@tht/contracts';
import { Router, type Request } from 'express';
import type { AuthUser } from '../auth/auth-user';
import { canViewOrganisationData, mayUseManagerView } from '../auth/policy';
import { findCachedUserRow } from '../auth/principal-cache';
import { requireAuth, signedInUser } from '../auth/require-auth';
import type { AppContext } from '../platform/context';
import { HttpError, parseWith } from '../platform/http';
import { jsonOf, responseKey, sendReadModelJson, serverDay } from '../platform/read-responses';
import { declareRead } from '../platform/read-routes';
import { directReports, teamEntriesJson, teamStats } from './manager-queries';

/**
 * Whose team a request may read: their own when they are manager-like (role
 * manager or direct reports), anyone's for HR, SMT and admins, who get a 404 for an unknown id.
 */
async function authorisedManagerId(ctx: AppContext, user: AuthUser, req: Request): Promise<number> {
  const managerId = parseWith(managerIdSchema, req.params.managerId);
  if (canViewOrganisationData(user)) {
    if (managerId !== user.id && !(await findCachedUserRow(ctx, managerId)))
      throw new HttpError(404, ACCOUNT_MESSAGES.userNotFound);
    return managerId;
  }
  if (managerId === user.id && (await mayUseManagerView(ctx, user))) return managerId;
  throw new HttpError(403, M.teamAccessDenied);
}

/**
 * The Manager View's reads: a manager's direct reports, their entries and the team's figures.
 * Their answers are kept between read-model changes (`sendReadModelJson`): a team's dashboard is
 * built once however many people look at it.
 */
export function createManagerRouter(ctx: AppContext): Router {
  const router = Router();
  const signedIn = requireAuth(ctx);

  declareRead(router, '/manager/:managerId/stats', signedIn, async (req, res) => {
    const managerId = await authorisedManagerId(ctx, signedInUser(req), req);
    const today = new Date();
    const { year = today.getFullYear() } = parseWith(managerYearQuerySchema, req.query);
    const key = responseKey('manager stats', managerId, year, serverDay(today));
    await sendReadModelJson(
      ctx,
      req,
      res,
      key,
      jsonOf(() => teamStats(ctx.pool, managerId, year, today)),
    );
  });

  declareRead(router, '/manager/:managerId/employees', signedIn, async (req, res) => {
    const managerId = await authorisedManagerId(ctx, signedInUser(req), req);
    const key = responseKey('manager employees', managerId);
    await sendReadModelJson(
      ctx,
      req,
      res,
      key,
      jsonOf(() => directReports(ctx.db, managerId)),
    );
  });

  declareRead(router, '/manager/:managerId/entries', signedIn, async (req, res) => {
    const managerId = await authorisedManagerId(ctx, signedInUser(req), req);
    const { year } = parseWith(managerYearQuerySchema, req.query);
    const key = responseKey('manager entries', managerId, year);
    await sendReadModelJson(ctx, req, res, key, () => teamEntriesJson(ctx.pool, managerId, year));
  });

  return router;
}
