import { adminRoutes } from '@tht/contracts';
import { Router } from 'express';
import { accessGuards } from '../auth/access-guards';
import { signedInUser } from '../auth/require-auth';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { jsonOf, responseKey, sendReadModelJson } from '../platform/read-responses';
import { mountRoutes } from '../platform/route-table';
import { logAdminBulkEntries, syncRoles } from './admin-commands';
import { adminStats, adminUsersPage } from './admin-queries';

/** The admin panel's own routes (admins only, 403 'Admin access required' to everyone else). */
export function createAdminRouter(ctx: AppContext): Router {
  const router = Router();
  // The panel rereads its list and cards after every change; each answer is rendered once per read-model state.
  mountRoutes(router, accessGuards(ctx), adminRoutes, {
    getAdminStats: {
      answeredFirst: true,
      handle: async ({ req, res }) => {
        await sendReadModelJson(
          ctx,
          req,
          res,
          responseKey('admin stats'),
          jsonOf(() => adminStats(ctx.pool)),
        );
      },
    },
    listAdminUsers: {
      answeredFirst: true,
      handle: async ({ query, req, res }) => {
        const key = responseKey('admin users', query.page, query.search, query.role, query.status);
        await sendReadModelJson(
          ctx,
          req,
          res,
          key,
          jsonOf(() => adminUsersPage(ctx.db, query)),
        );
      },
    },
    syncRoles: ({ req }) => syncRoles(ctx, signedInUser(req), actorOf(req)),
    logAdminBulkEntries: ({ req }) => logAdminBulkEntries(ctx, signedInUser(req), req.body, actorOf(req)),
  });
  return router;
}
