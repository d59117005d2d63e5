import { bulkEntriesRequestSchema, ENTRY_MESSAGES as M, entriesRoutes, type EntriesQuery } from '@tht/contracts';
import { Router } from 'express';
import type { AuthUser } from '../auth/auth-user';
import { canViewOrganisationData, mayViewDataOf } from '../auth/policy';
import { accessGuards } from '../auth/access-guards';
import { signedInUser } from '../auth/require-auth';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { HttpError, parseWith, sendJsonPieces } from '../platform/http';
import { responseKey, sendReadModelJson } from '../platform/read-responses';
import { mountRoutes } from '../platform/route-table';
import { deleteEntry, editEntry, logEntriesInBulk, logEntry } from './entries-commands';
import { everyonesEntriesJson, personEntriesJson } from './entries-queries';

/**
 * Whose entries a query may read: one person's (themself, their manager, HR, SMT, admins) or,
 * without `userId`, everyone's (HR, SMT, admins only).
 */
export async function authoriseEntriesQuery(ctx: AppContext, user: AuthUser, query: EntriesQuery): Promise<void> {
  if (query.userId === undefined) {
    if (!canViewOrganisationData(user)) throw new HttpError(403, M.allEntriesAccessDenied);
    return;
  }
  if (!(await mayViewDataOf(ctx, user, query.userId))) throw new HttpError(403, M.entriesAccessDenied);
}

export function createEntriesRouter(ctx: AppContext): Router {
  const router = Router();
  mountRoutes(router, accessGuards(ctx), entriesRoutes, {
    listEntries: {
      answeredFirst: true,
      handle: async ({ query, req, res }) => {
        await authoriseEntriesQuery(ctx, signedInUser(req), query);
        const { userId, year } = query;
        if (userId === undefined) await sendJsonPieces(res, everyonesEntriesJson(ctx.pool, year));
        else
          await sendReadModelJson(ctx, req, res, responseKey('entries', userId, year), () =>
            personEntriesJson(ctx.pool, userId, year),
          );
      },
    },
    logEntry: ({ req }) => logEntry(ctx, signedInUser(req), req.body, actorOf(req)),
    logEntriesInBulk: async ({ req }) => {
      const { entries } = parseWith(bulkEntriesRequestSchema, req.body);
      return logEntriesInBulk(ctx, signedInUser(req), entries, actorOf(req));
    },
    editEntry: ({ params, req }) => editEntry(ctx, signedInUser(req), params.id, req.body, actorOf(req)),
    deleteEntry: async ({ params, req }) => {
      await deleteEntry(ctx, signedInUser(req), params.id, actorOf(req));
      return { message: 'Entry deleted' };
    },
  });
  return router;
}
