import { statsRoutes } from '@tht/contracts';
import { Router } from 'express';
import { accessGuards } from '../auth/access-guards';
import { signedInUser } from '../auth/require-auth';
import { authoriseEntriesQuery, availableYears, entryStats } from '../entries';
import type { AppContext } from '../platform/context';
import { jsonOf, responseKey, sendReadModelJson, serverDay } from '../platform/read-responses';
import { mountRoutes } from '../platform/route-table';

/** A person's entry statistics and the years the year selectors offer. */
export function createStatsRouter(ctx: AppContext): Router {
  const router = Router();
  mountRoutes(router, accessGuards(ctx), statsRoutes, {
    /** `userId` defaults to the signed-in user; `year` limits to one year; `thisMonth` is the current calendar month. */
    getStats: {
      answeredFirst: true,
      handle: async ({ query, req, res }) => {
        const user = signedInUser(req);
        const { userId = user.id, year } = query;
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
      },
    },
    /** A list of years, latest first: every year with entries, and always the current year. */
    listAvailableYears: {
      answeredFirst: true,
      handle: async ({ req, res }) => {
        const currentYear = new Date().getFullYear();
        const key = responseKey('available-years', currentYear);
        await sendReadModelJson(
          ctx,
          req,
          res,
          key,
          jsonOf(() => availableYears(ctx.db, currentYear)),
        );
      },
    },
  });
  return router;
}
