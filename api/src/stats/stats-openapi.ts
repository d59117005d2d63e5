import { availableYearsSchema, ENTRY_MESSAGES as M, entriesQuerySchema, entryStatsSchema } from '@tht/contracts';
import type { DescribeFeatureApi } from '../openapi/operations';

/** The routes of `stats-routes.ts`. */
export const describeStatsApi: DescribeFeatureApi = () => ({
  tag: { name: 'Stats', description: "A person's entry statistics and the years on offer" },
  operations: [
    {
      method: 'get',
      path: '/api/stats',
      operationId: 'getStats',
      summary: "A person's hours and trainings",
      description: '`userId` defaults to the signed-in user; `year` limits to one year; `thisMonth` is the current calendar month.',
      access: 'signed-in',
      query: entriesQuerySchema,
      responses: { 200: { description: 'Totals', schema: entryStatsSchema } },
      errors: { 403: [M.entriesAccessDenied] },
    },
    {
      method: 'get',
      path: '/api/available-years',
      operationId: 'listAvailableYears',
      summary: 'Years for the year selectors',
      access: 'signed-in',
      responses: {
        200: { description: 'Every year with entries, and always the current year, latest first', schema: availableYearsSchema },
      },
    },
  ],
});
