import { adminUsersQuerySchema } from '@tht/contracts';
import { Router } from 'express';
import { requireAuth, requireRole, signedInUser } from '../auth/require-auth';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { parseWith } from '../platform/http';
import { jsonOf, responseKey, sendReadModelJson } from '../platform/read-responses';
import { declareRead } from '../platform/read-routes';
import { logAdminBulkEntries, syncRoles } from './admin-commands';
import { adminStats, adminUsersPage } from './admin-queries';

/** The admin panel's own routes (admins only, 403 'Admin access required' to everyone else). */
export function createAdminRouter(ctx: AppContext): Router {
  const router = Router();
  const adminOnly = [requireAuth(ctx), requireRole('admin')];

  // The panel rereads its list and cards after every change; each answer is rendered once per read-model state.
  declareRead(router, '/admin-stats', ...adminOnly, async (req, res) => {
    await sendReadModelJson(
      ctx,
      req,
      res,
      responseKey('admin stats'),
      jsonOf(() => adminStats(ctx.pool)),
    );
  });

  declareRead(router, '/admin/users', ...adminOnly, async (req, res) => {
    const query = parseWith(adminUsersQuerySchema, req.query);
    const key = responseKey('admin users', query.page, query.search, query.role);
    await sendReadModelJson(
      ctx,
      req,
      res,
      key,
      jsonOf(() => adminUsersPage(ctx.db, query)),
    );
  });

  router.post('/sync-roles', ...adminOnly, async (req, res) => {
    res.json(await syncRoles(ctx, signedInUser(req), actorOf(req)));
  });

  router.post('/admin/entries/bulk', ...adminOnly, async (req, res) => {
    res.json(await logAdminBulkEntries(ctx, signedInUser(req), req.body, actorOf(req)));
  });

  return router;
}
