import { entriesQuerySchema } from '@tht/contracts';
import { Router } from 'express';
import { requireAuth, signedInUser } from '../auth/require-auth';
import { authoriseEntriesQuery } from '../entries/entries-routes';
import { availableYears, entryStats } from '../entries/entries-queries';
import type { AppContext } from '../platform/context';
import { parseWith } from '../platform/http';
import { jsonOf, responseKey, sendReadModelJson, serverDay } from '../platform/read-responses';
import { declareRead } from '../platform/read-routes';

/** A person's entry statistics and the years the year selectors offer. */
export function createStatsRouter(ctx: AppContext): Router {
  const router = Router();
  const signedIn = requireAuth(ctx);

  /** `userId` defaults to the signed-in user; `year` limits to one year; `thisMonth` is the current calendar month. */
  declareRead(router, '/stats', signedIn, async (req, res) => {
    const user = signedInUser(req);
    const { userId = user.id, year } = parseWith(entriesQuerySchema, req.query);
    await authoriseEntriesQuery(ctx, user, { userId, year });
    const today = new Date();
    const key = responseKey('stats', userId, year, serverDay(today));
    await sendReadModelJson(
      ctx,
      req,
      res,
      key,
      jsonOf(() => entryStats(ctx.pool, userId, year, today)),
    );
  });

  /** A list of years, latest first: every year with entries, and always the current year. */
  declareRead(router, '/available-years', signedIn, async (req, res) => {
    const currentYear = new Date().getFullYear();
    const key = responseKey('available-years', currentYear);
    await sendReadModelJson(
      ctx,
      req,
      res,
      key,
      jsonOf(() => availableYears(ctx.db, currentYear)),
    );
  });

  return router;
}
