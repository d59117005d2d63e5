import { entriesQuerySchema } from '../entries/schemas';
import { availableYearsSchema, entryStatsSchema } from '../entries/responses';
import { defineRoutes } from '../routes/api-route';

/** A person's entry statistics and the years the year selectors offer. */
export const statsRoutes = defineRoutes({
  getStats: {
    method: 'get',
    path: '/api/stats',
    access: 'signed-in',
    query: entriesQuerySchema,
    responses: { 200: { schema: entryStatsSchema } },
  },
  listAvailableYears: {
    method: 'get',
    path: '/api/available-years',
    access: 'signed-in',
    responses: { 200: { schema: availableYearsSchema } },
  },
});
