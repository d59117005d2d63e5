import { SMT_MESSAGES as M, smtOverviewSchema, smtRoutes } from '@tht/contracts';
import { asOfRead } from '../as-of';
import { describeRoutes, type DescribeFeatureApi } from '../openapi/operations';

/** The prose of the SMT View's route (`smtRoutes` in @tht/contracts). */
export const describeSmtApi: DescribeFeatureApi = (settings) =>
  describeRoutes(
    smtRoutes,
    {
      tag: { name: 'SMT', description: 'The read-only executive overview of a year for senior management' },
      schemas: { SmtOverview: smtOverviewSchema },
      operations: {
        getSmtOverview: asOfRead({
          summary: "The organisation's year at a glance",
          description:
            'Everything the SMT dashboard shows, in one answer: active employees (people with at least one entry dated in the year), ' +
            'total hours and the average per active employee, the same for the year before, the organisational target with its ' +
            'progress, on-track check and badge, the top 12 enterprise topics, the innovative summary with the 3 latest highlights, ' +
            'the 6 best rated entries and hours by department. `year` defaults to the current year. SMT and admins.',
          responses: { 200: 'The overview of the year' },
          errors: { 403: [M.smtAccessRequired] },
        }),
      },
    },
    settings,
  );
