import { ACCOUNT_MESSAGES, TARGET_MESSAGES as M } from '@tht/contracts';
import type { OperationDoc } from '../openapi/operations';

/** POST /api/user-targets/bulk, described with the other target routes in `targets-openapi.ts`. */
export const bulkTargetsDoc = {
  summary: 'Set one target for many people of a year',
  description:
    'HR and admins. For the listed `userIds`, or every account without them: a person with a target for the year has it ' +
    "updated, the others get one created, all in one atomic append. Without `targetHours`: the most common target of the year, else the yearly target shared among all accounts (rounded), else 100. Default reason 'Company-wide assignment'.",
  responses: { 200: 'What the assignment did' },
  errors: { 403: [M.targetManagerRequired], 404: [ACCOUNT_MESSAGES.userNotFound] },
} satisfies OperationDoc;
