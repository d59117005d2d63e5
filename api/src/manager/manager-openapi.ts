import { ACCOUNT_MESSAGES, MANAGER_MESSAGES as M, managerRoutes, managerStatsSchema } from '@tht/contracts';
import { describeRoutes, type DescribeFeatureApi, type OperationDoc } from '../openapi/operations';

const WHO_MAY_READ =
  'The manager themself when manager-like (role manager, or someone with direct reports); HR, SMT and admins for any manager. ' +
  'The team is who reports to the manager now: someone who moved to another manager leaves it with all their entries.';

/** A team read's prose: who may read it after its own description, and its refusals. */
function teamRead<Doc extends Pick<OperationDoc, 'summary' | 'description'>>(doc: Doc): Doc & Pick<OperationDoc, 'errors'> {
  return {
    ...doc,
    description: doc.description ? `${doc.description} ${WHO_MAY_READ}` : WHO_MAY_READ,
    errors: { 403: [M.teamAccessDenied], 404: [ACCOUNT_MESSAGES.userNotFound] },
  };
}

/** The prose of the manager's routes (`managerRoutes` in @tht/contracts). */
export const describeManagerApi: DescribeFeatureApi = (settings) =>
  describeRoutes(
    managerRoutes,
    {
      tag: { name: 'Manager', description: "A manager's team of direct reports: figures, people and entries" },
      schemas: { ManagerStats: managerStatsSchema },
      operations: {
        getManagerStats: teamRead({
          summary: "The team's figures of a year",
          description:
            '`year` defaults to the current year. Each report comes with their target and schedule status, ' +
            'the team with its hours per month and top topics.',
          responses: { 200: 'The team in the year' },
        }),
        listManagerEmployees: teamRead({ summary: 'The direct reports', responses: { 200: 'By last then first name' } }),
        listManagerEntries: teamRead({
          summary: "The direct reports' entries",
          description: '`year` limits to one year; without it every year.',
          responses: { 200: 'Latest date first' },
        }),
      },
    },
    settings,
  );
