import {
  ACCOUNT_MESSAGES,
  fiscalYearCreateSchema,
  TARGET_MESSAGES as M,
  targetUserIdSchema,
  targetYearParamSchema,
  userTargetCreateSchema,
  userTargetSchema,
  userTargetsQuerySchema,
  userTargetUpdateSchema,
  yearlyTargetCreateSchema,
  yearlyTargetSchema,
  yearlyTargetUpdateSchema,
} from '@tht/contracts';
import { z } from 'zod';
import type { ApiOperation, DescribeFeatureApi } from '../openapi/operations';
import { bulkTargetsOperation } from './bulk-targets-openapi';

const EXAMPLE_YEAR = 2026;
const TARGET_MANAGERS_ONLY = [M.targetManagerRequired];
const YEARLY_TARGETS_ARE_FISCAL_YEARS =
  'Yearly targets and fiscal years are one list: a fiscal year an admin creates is the yearly target HR sees.';

function listYearlyTargets(path: string, operationId: string): ApiOperation {
  return {
    method: 'get',
    path,
    operationId,
    summary: 'Every year with an organisation-wide target',
    description: YEARLY_TARGETS_ARE_FISCAL_YEARS,
    access: 'signed-in',
    responses: { 200: { description: 'Latest year first', schema: z.array(yearlyTargetSchema) } },
  };
}

/** The routes of `targets-routes.ts`. */
export const describeTargetsApi: DescribeFeatureApi = () => ({
  tag: { name: 'Targets', description: 'Yearly (fiscal-year) targets and personal targets' },
  schemas: { YearlyTarget: yearlyTargetSchema, UserTarget: userTargetSchema },
  operations: [
    listYearlyTargets('/api/yearly-targets', 'listYearlyTargets'),
    {
      method: 'post',
      path: '/api/yearly-targets',
      operationId: 'createYearlyTarget',
      summary: "Set a year's organisation-wide target",
      access: 'signed-in',
      description: 'HR and admins.',
      body: yearlyTargetCreateSchema,
      responses: { 201: { description: 'The new target', schema: yearlyTargetSchema } },
      errors: { 403: TARGET_MANAGERS_ONLY, 409: [M.yearlyTargetExists(EXAMPLE_YEAR)] },
    },
    {
      method: 'put',
      path: '/api/yearly-targets/{year}',
      operationId: 'updateYearlyTarget',
      summary: "Change a year's target",
      description: 'HR and admins. A missing description keeps the current one.',
      access: 'signed-in',
      params: { year: targetYearParamSchema },
      body: yearlyTargetUpdateSchema,
      responses: { 200: { description: 'The target as changed', schema: yearlyTargetSchema } },
      errors: { 403: TARGET_MANAGERS_ONLY, 404: [M.yearlyTargetNotFound(EXAMPLE_YEAR)] },
    },
    listYearlyTargets('/api/fiscal-years', 'listFiscalYears'),
    {
      method: 'post',
      path: '/api/fiscal-years',
      operationId: 'createFiscalYear',
      summary: 'Create a fiscal year',
      description: `${YEARLY_TARGETS_ARE_FISCAL_YEARS} A blank description becomes the default text for the year.`,
      access: 'admin',
      body: fiscalYearCreateSchema,
      responses: { 201: { description: 'The new fiscal year', schema: yearlyTargetSchema } },
      errors: { 409: [M.yearlyTargetExists(EXAMPLE_YEAR)] },
    },
    {
      method: 'get',
      path: '/api/user-targets',
      operationId: 'listUserTargets',
      summary: 'Personal targets the caller may see',
      description: "Everyone's for HR, SMT and admins; otherwise one's own and one's direct reports'. Without `year`, every year.",
      access: 'signed-in',
      query: userTargetsQuerySchema,
      responses: { 200: { description: 'Sorted by user, then year', schema: z.array(userTargetSchema) } },
    },
    {
      method: 'post',
      path: '/api/user-targets',
      operationId: 'createUserTarget',
      summary: "Set a person's target for a year",
      description: 'HR and admins. `setBy` is recorded as the signed-in user (a sent value is ignored).',
      access: 'signed-in',
      body: userTargetCreateSchema,
      responses: { 201: { description: 'The new target', schema: userTargetSchema } },
      errors: {
        403: TARGET_MANAGERS_ONLY,
        404: [ACCOUNT_MESSAGES.userNotFound],
        409: [M.userTargetExists(EXAMPLE_YEAR)],
      },
    },
    bulkTargetsOperation,
    {
      method: 'put',
      path: '/api/user-targets/{userId}/{year}',
      operationId: 'updateUserTarget',
      summary: "Change a person's target for a year",
      description: 'HR and admins. A missing reason keeps the current one.',
      access: 'signed-in',
      params: { userId: targetUserIdSchema, year: targetYearParamSchema },
      body: userTargetUpdateSchema,
      responses: { 200: { description: 'The target as changed', schema: userTargetSchema } },
      errors: { 403: TARGET_MANAGERS_ONLY, 404: [ACCOUNT_MESSAGES.userNotFound, M.userTargetNotFound(EXAMPLE_YEAR)] },
    },
  ],
});
