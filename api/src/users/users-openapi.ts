import { ACCOUNT_MESSAGES as M, PERSONAL_DATA_MESSAGES as PD, userSchema, usersRoutes, userSummarySchema } from '@tht/contracts';
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
          description:
            'Admins get full records, everyone else the directory fields (the pool of possible managers). ' +
            '`status`: the active accounts (default), the deactivated ones (leavers) or all; the last two for HR and admins. ' +
            'A deactivated account carries `deactivatedAt`.',
          responses: { 200: 'Users' },
          errors: { 403: [M.deactivatedPeopleHidden] },
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
        deactivateUser: {
          summary: 'Deactivate an account (a leaver)',
          description:
            'Switched off, not deleted: password sign-in, single sign-on and password reset are refused, every session ' +
            'ends at once (the next request answers 401), and the person leaves the manager pickers, target lists and ' +
            'behind-schedule lists; their entries stay in every figure and export. Idempotent: an account already ' +
            'deactivated stays as it is (204).',
          responses: { 204: 'Deactivated (or already was)' },
          errors: { 400: [M.ownAccountUndeactivatable], 404: [M.userNotFound] },
        },
        reactivateUser: {
          summary: 'Reactivate an account',
          description:
            'Undoes a deactivation: the person signs in again as before (earlier sessions and reset links stay ended). ' +
            'Idempotent: an active account stays as it is (204).',
          responses: { 204: 'Reactivated (or already active)' },
          errors: { 404: [M.userNotFound] },
        },
        eraseUser: {
          summary: "Erase a deactivated person's personal data (GDPR article 17)",
          description:
            'Crypto-shredding (decision 038): the key their personal fields are encrypted with is deleted, so their name, ' +
            'e-mail, notes and free-text fields read as erased everywhere (screens, exports, the audit log, history, as-of ' +
            'replays, rebuilds), the event log included, while the hash chain still verifies. They show as "Erased person #id"; ' +
            'their hours and ratings stay in every figure. `confirmName` must be their full name (case and spaces aside). ' +
            'Only a deactivated account can be erased, once; it cannot be reactivated or changed afterwards.',
          responses: { 204: 'Erased' },
          errors: { 400: [M.eraseNameMismatch], 404: [M.userNotFound], 409: [M.eraseActiveAccount, M.accountErased] },
        },
        downloadPersonalData: {
          summary: 'Download everything held about a person (GDPR articles 15 and 20)',
          description:
            'The person themselves or an admin. A file download (`Content-Disposition: attachment`) that also works when a ' +
            'browser window opens the address (the `authToken` cookie signs in). `format=json` (default): one document with ' +
            'the sections about, profile, accountHistory, entries (each with its versions), targets, signIns, sessions, ' +
            'failedSignIns, passwordResets, emailConfirmations and dataDownloads. `format=csv`: the same, one line per value, ' +
            'columns `section,record,field,value`, written as the export writes CSV (formulas neutralised). No password, ' +
            'token or key hash is ever included. Each download is recorded (`PersonalDataExported`, the downloader as the ' +
            "actor) and shown in the audit log and in the file's own dataDownloads.",
          responses: { 200: 'The file' },
          headers: { 200: { 'Content-Disposition': 'attachment; filename="personal-data-user-<id>-<YYYY-MM-DD>.<json|csv>"' } },
          errors: { 400: [PD.badFormat], 403: [PD.ownDataOnly], 404: [M.userNotFound] },
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
