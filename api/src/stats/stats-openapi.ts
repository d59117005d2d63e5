import { ENTRY_MESSAGES as M, statsRoutes } from '@tht/contracts';
import { describeRoutes, type DescribeFeatureApi } from '../openapi/operations';

/** The prose of the stats' routes (`statsRoutes` in @tht/contracts). */
export const describeStatsApi: DescribeFeatureApi = (settings) =>
  describeRoutes(
    statsRoutes,
    {
      tag: { name: 'Stats', description: "A person's entry statistics and the years on offer" },
      operations: {
        getStats: {
          summary: "A person's hours and trainings",
          description:
            '`userId` defaults to the signed-in user; `year` limits to one year; `thisMonth` is the current calendar month.',
          responses: { 200: 'Totals' },
          errors: { 403: [M.entriesAccessDenied] },
        },
        listAvailableYears: {
          summary: 'Years for the year selectors',
          responses: { 200: 'Every year with entries, and always the current year, latest first' },
        },
      },
    },
    settings,
  );
