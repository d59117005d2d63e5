import { ACCOUNT_MESSAGES, TARGET_MESSAGES as M, targetsRoutes, userTargetSchema, yearlyTargetSchema } from '@tht/contracts';
import { describeRoutes, type DescribeFeatureApi } from '../openapi/operations';
import { bulkTargetsDoc } from './bulk-targets-openapi';

const EXAMPLE_YEAR = 2026;
const TARGET_MANAGERS_ONLY = [M.targetManagerRequired];
const YEARLY_TARGETS_ARE_FISCAL_YEARS =
  'Yearly targets and fiscal years are one list: a fiscal year an admin creates is the yearly target HR sees.';

const LIST_YEARLY_TARGETS = {
  summary: 'Every year with an organisation-wide target',
  description: YEARLY_TARGETS_ARE_FISCAL_YEARS,
  responses: { 200: 'Latest year first' },
};

/** The prose of the targets' routes (`targetsRoutes` in @tht/contracts). */
export const describeTargetsApi: DescribeFeatureApi = (settings) =>
  describeRoutes(
    targetsRoutes,
    {
      tag: { name: 'Targets', description: 'Yearly (fiscal-year) targets and personal targets' },
      schemas: { YearlyTarget: yearlyTargetSchema, UserTarget: userTargetSchema },
      operations: {
        listYearlyTargets: LIST_YEARLY_TARGETS,
        createYearlyTarget: {
          summary: "Set a year's organisation-wide target",
          description: 'HR and admins.',
          responses: { 201: 'The new target' },
          errors: { 403: TARGET_MANAGERS_ONLY, 409: [M.yearlyTargetExists(EXAMPLE_YEAR)] },
        },
        updateYearlyTarget: {
          summary: "Change a year's target",
          description: 'HR and admins. A missing description keeps the current one.',
          responses: { 200: 'The target as changed' },
          errors: { 403: TARGET_MANAGERS_ONLY, 404: [M.yearlyTargetNotFound(EXAMPLE_YEAR)] },
        },
        listFiscalYears: LIST_YEARLY_TARGETS,
        createFiscalYear: {
          summary: 'Create a fiscal year',
          description: `${YEARLY_TARGETS_ARE_FISCAL_YEARS} A blank description becomes the default text for the year.`,
          responses: { 201: 'The new fiscal year' },
          errors: { 409: [M.yearlyTargetExists(EXAMPLE_YEAR)] },
        },
        listUserTargets: {
          summary: 'Personal targets the caller may see',
          description:
            "Everyone's for HR, SMT and admins; otherwise one's own and one's direct reports'. Without `year`, every year.",
          responses: { 200: 'Sorted by user, then year' },
        },
        createUserTarget: {
          summary: "Set a person's target for a year",
          description: 'HR and admins. `setBy` is recorded as the signed-in user (a sent value is ignored).',
          responses: { 201: 'The new target' },
          errors: {
            403: TARGET_MANAGERS_ONLY,
            404: [ACCOUNT_MESSAGES.userNotFound],
            409: [M.userTargetExists(EXAMPLE_YEAR)],
          },
        },
        assignUserTargetsInBulk: bulkTargetsDoc,
        updateUserTarget: {
          summary: "Change a person's target for a year",
          description: 'HR and admins. A missing reason keeps the current one.',
          responses: { 200: 'The target as changed' },
          errors: { 403: TARGET_MANAGERS_ONLY, 404: [ACCOUNT_MESSAGES.userNotFound, M.userTargetNotFound(EXAMPLE_YEAR)] },
        },
      },
    },
    settings,
  );
