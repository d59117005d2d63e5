import {
  ACCOUNT_MESSAGES as M,
  adminUserCreateSchema,
  adminUserUpdateSchema,
  messageResponseSchema,
  profileUpdateSchema,
  tempPasswordSchema,
  userIdSchema,
  userSchema,
  userSummarySchema,
} from '@tht/contracts';
import { z } from 'zod';
import type { DescribeFeatureApi } from '../openapi/operations';

const USER_ID = { id: userIdSchema };

/** The routes of `users-routes.ts`. */
export const describeUsersApi: DescribeFeatureApi = ({ orgEmailDomain }) => ({
  tag: { name: 'Users', description: 'The directory of people and the admin panel' },
  schemas: { User: userSchema, UserSummary: userSummarySchema },
  operations: [
    {
      method: 'get',
      path: '/api/users',
      operationId: 'listUsers',
      summary: 'Everyone',
      description: 'Admins get full records, everyone else the directory fields (the pool of possible managers).',
      access: 'signed-in',
      responses: { 200: { description: 'Users', schema: z.union([z.array(userSchema), z.array(userSummarySchema)]) } },
    },
    {
      method: 'get',
      path: '/api/users/{id}',
      operationId: 'getUser',
      summary: 'One person',
      description: 'The full record for oneself and for admins; the directory fields otherwise.',
      access: 'signed-in',
      params: USER_ID,
      responses: { 200: { description: 'The user', schema: z.union([userSchema, userSummarySchema]) } },
      errors: { 404: [M.userNotFound] },
    },
    {
      method: 'post',
      path: '/api/users',
      operationId: 'createUser',
      summary: 'Create an account',
      description: 'The new user must choose a new password at the first sign-in.',
      access: 'admin',
      body: adminUserCreateSchema(orgEmailDomain),
      responses: { 201: { description: 'The new user', schema: userSchema } },
      errors: {
        400: [
          M.orgEmail(orgEmailDomain),
          M.managerRequired,
          M.managerNotFound,
          M.unknownDepartment('{department}'),
          M.commonPassword,
        ],
        409: [M.accountAlreadyExists],
      },
    },
    {
      method: 'put',
      path: '/api/users/{id}',
      operationId: 'updateUser',
      summary: "Change a user's record",
      description:
        'Admins send any field of the admin form (first schema); others change the manager and department of ' +
        'their own record and send the rest unchanged (second schema).',
      access: 'signed-in',
      params: USER_ID,
      body: z.union([adminUserUpdateSchema(orgEmailDomain), profileUpdateSchema]),
      responses: { 200: { description: 'The user as changed', schema: userSchema } },
      errors: {
        400: [M.managerRequired, M.managerNotFound, M.ownManager, M.managerCycle, M.unknownDepartment('{department}')],
        403: [M.ownProfileOnly, M.ownRoleUnchangeable, M.identityAdminOnly],
        404: [M.userNotFound],
        409: [M.accountAlreadyExists],
      },
    },
    {
      method: 'delete',
      path: '/api/users/{id}',
      operationId: 'deleteUser',
      summary: 'Delete an account',
      description: "Frees the e-mail address; the user's reports keep their manager's name as text.",
      access: 'admin',
      params: USER_ID,
      responses: { 200: { description: 'Deleted', schema: messageResponseSchema } },
      errors: { 400: [M.ownAccountUndeletable], 404: [M.userNotFound] },
    },
    {
      method: 'post',
      path: '/api/admin/set-temp-password',
      operationId: 'setTemporaryPassword',
      summary: "Set a user's temporary password",
      description: 'The user must choose a new password at the next sign-in; their sign-ins end.',
      access: 'admin',
      body: tempPasswordSchema,
      responses: { 200: { description: 'Set', schema: messageResponseSchema } },
      errors: { 400: [M.commonPassword], 404: [M.userNotFound] },
    },
  ],
});
