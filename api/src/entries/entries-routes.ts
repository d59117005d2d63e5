import {
  bulkEntriesRequestSchema,
  ENTRY_MESSAGES as M,
  entriesQuerySchema,
  entryIdSchema,
  type EntriesQuery,
} from '@tht/contracts';
import { Router } from 'express';
import type { AuthUser } from '../auth/auth-user';
import { canViewOrganisationData, mayViewDataOf } from '../auth/policy';
import { requireAuth, signedInUser } from '../auth/require-auth';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { HttpError, parseWith, sendJsonPieces } from '../platform/http';
import { responseKey, sendReadModelJson } from '../platform/read-responses';
import { declareRead } from '../platform/read-routes';
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
  const signedIn = requireAuth(ctx);

  declareRead(router, '/entries', signedIn, async (req, res) => {
    const query = parseWith(entriesQuerySchema, req.query);
    await authoriseEntriesQuery(ctx, signedInUser(req), query);
    const { userId, year } = query;
    if (userId === undefined) await sendJsonPieces(res, everyonesEntriesJson(ctx.pool, year));
    else
      await sendReadModelJson(ctx, req, res, responseKey('entries', userId, year), () => personEntriesJson(ctx.pool, userId, year));
  });

  router.post('/entries', signedIn, async (req, res) => {
    res.status(201).json(await logEntry(ctx, signedInUser(req), req.body, actorOf(req)));
  });

  router.post('/entries/bulk', signedIn, async (req, res) => {
    const { entries } = parseWith(bulkEntriesRequestSchema, req.body);
    res.json(await logEntriesInBulk(ctx, signedInUser(req), entries, actorOf(req)));
  });

  router.put('/entries/:id', signedIn, async (req, res) => {
    const entryId = parseWith(entryIdSchema, req.params.id);
    res.json(await editEntry(ctx, signedInUser(req), entryId, req.body, actorOf(req)));
  });

  router.delete('/entries/:id', signedIn, async (req, res) => {
    const entryId = parseWith(entryIdSchema, req.params.id);
    await deleteEntry(ctx, signedInUser(req), entryId, actorOf(req));
    res.json({ message: 'Entry deleted' });
  });

  return router;
}
