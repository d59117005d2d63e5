import { ACCOUNT_MESSAGES as M, userSchema, usersRoutes, userSummarySchema } from '@tht/contracts';
import { describeRoutes, type DescribeFeatureApi } from '../openapi/operations';

/** The prose of the users' routes (`usersRoutes` in @tht/contracts). */
export const describeUsersApi: DescribeFeatureApi = (settings) =>
  describeRoutes(
    usersRoutes,
    {
      tag: { name: 'Users', description: 'The directory of people and the admin panel' },
      schemas: { User: userSchema, UserSummary: userSummarySchema },
      operations: {
        listUsers: {
          summary: 'Everyone',
          description: 'Admins get full records, everyone else the directory fields (the pool of possible managers).',
          responses: { 200: 'Users' },
        },
        getUser: {
          summary: 'One person',
          description: 'The full record for oneself and for admins; the directory fields otherwise.',
          responses: { 200: 'The user' },
          errors: { 404: [M.userNotFound] },
        },
        createUser: {
          summary: 'Create an account',
          description: 'The new user must choose a new password at the first sign-in.',
          responses: { 201: 'The new user' },
          errors: {
            400: [
              M.orgEmail(settings.orgEmailDomain),
              M.managerRequired,
              M.managerNotFound,
              M.unknownDepartment('{department}'),
              M.commonPassword,
            ],
            409: [M.accountAlreadyExists],
          },
        },
        updateUser: {
          summary: "Change a user's record",
          description:
            'Admins send any field of the admin form (first schema); others change the manager and department of ' +
            'their own record and send the rest unchanged (second schema).',
          responses: { 200: 'The user as changed' },
          errors: {
            400: [M.managerRequired, M.managerNotFound, M.ownManager, M.managerCycle, M.unknownDepartment('{department}')],
            403: [M.ownProfileOnly, M.ownRoleUnchangeable, M.identityAdminOnly],
            404: [M.userNotFound],
            409: [M.accountAlreadyExists],
          },
        },
        deleteUser: {
          summary: 'Delete an account',
          description: "Frees the e-mail address; the user's reports keep their manager's name as text.",
          responses: { 200: 'Deleted' },
          errors: { 400: [M.ownAccountUndeletable], 404: [M.userNotFound] },
        },
        setTemporaryPassword: {
          summary: "Set a user's temporary password",
          description: 'The user must choose a new password at the next sign-in; their sign-ins end.',
          responses: { 200: 'Set' },
          errors: { 400: [M.commonPassword], 404: [M.userNotFound] },
        },
      },
    },
    settings,
  );
