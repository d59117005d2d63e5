import { entriesQuerySchema } from '@tht/contracts';
import { Router } from 'express';
import { requireAuth, signedInUser } from '../auth/require-auth';
import { authoriseEntriesQuery } from '../entries/entries-routes';
import { availableYears, entryStats } from '../entries/entries-queries';
import type { AppContext } from '../platform/context';
import { parseWith } from '../platform/http';

/** A person's entry statistics and the years the year selectors offer. */
export function createStatsRouter(ctx: AppContext): Router {
  const router = Router();
  const signedIn = requireAuth(ctx);

  /** `userId` defaults to the signed-in user; `year` limits to one year; `thisMonth` is the current calendar month. */
  router.get('/stats', signedIn, async (req, res) => {
    const user = signedInUser(req);
    const { userId = user.id, year } = parseWith(entriesQuerySchema, req.query);
    await authoriseEntriesQuery(ctx, user, { userId, year });
    res.json(await entryStats(ctx.pool, userId, year, new Date()));
  });

  /** A list of years, latest first: every year with entries, and always the current year. */
  router.get('/available-years', signedIn, async (_req, res) => {
    res.json(await availableYears(ctx.db, new Date().getFullYear()));
  });

  return router;
}
