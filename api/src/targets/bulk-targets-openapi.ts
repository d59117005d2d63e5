import { ACCOUNT_MESSAGES, bulkTargetResultSchema, bulkTargetSchema, TARGET_MESSAGES as M } from '@tht/contracts';
import type { ApiOperation } from '../openapi/operations';

/** POST /api/user-targets/bulk, listed with the other target operations in `targets-openapi.ts`. */
export const bulkTargetsOperation: ApiOperation = {
  method: 'post',
  path: '/api/user-targets/bulk',
  operationId: 'assignUserTargetsInBulk',
  summary: 'Set one target for many people of a year',
  description:
    'HR and admins. For the listed `userIds`, or every account without them: a person with a target for the year has it ' +
    "updated, the others get one created, all in one atomic append. Without `targetHours`: the most common target of the year, else the yearly target shared among all accounts (rounded), else 100. Default reason 'Company-wide assignment'.",
  access: 'signed-in',
  body: bulkTargetSchema,
  responses: { 200: { description: 'What the assignment did', schema: bulkTargetResultSchema } },
  errors: { 403: [M.targetManagerRequired], 404: [ACCOUNT_MESSAGES.userNotFound] },
};
