import { ACCOUNT_MESSAGES, SECOND_FACTOR_MESSAGES as M, secondFactorRoutes, secondFactorStatusSchema } from '@tht/contracts';
import { LOGIN_LIMITS } from '../auth/login-limiter';
import { describeRoutes, type DescribeFeatureApi } from '../openapi/operations';

const WHO = [M.adminsOnly, M.passwordSessionOnly];

/** The prose of the second factor's routes (`secondFactorRoutes` in @tht/contracts). */
export const describeSecondFactorApi: DescribeFeatureApi = (settings) =>
  describeRoutes(
    secondFactorRoutes,
    {
      tag: {
        name: 'Two-step sign-in',
        description:
          "An administrator's second factor at password sign-ins: TOTP (RFC 6238, 6 digits, 30 s) with 10 one-time recovery codes. " +
          'With it, `POST /api/login` with the right password and no `code` answers 401 `{error, mfaRequired: true}`; the same call ' +
          'with `code` signs in. `ADMIN_MFA=required` makes it mandatory: until it is set up, such an administrator gets 403 on every ' +
          'route but these, `GET /api/user` (which says `secondFactorSetupRequired: true`) and signing out.',
      },
      schemas: { SecondFactorStatus: secondFactorStatusSchema },
      operations: {
        getSecondFactor: {
          summary: "The signed-in user's second factor",
          responses: { 200: 'Whether it is on, required, and how many recovery codes are left' },
        },
        startSecondFactorEnrolment: {
          summary: 'Start setting up an authenticator app',
          description:
            'A new key, not stored yet: its QR code and text, and the key sealed for this account (10 minutes) to confirm with.',
          responses: { 200: 'The key to scan or type in' },
          errors: { 403: WHO, 409: [M.alreadyOn] },
        },
        confirmSecondFactor: {
          summary: "Turn two-step sign-in on with the authenticator's first code",
          description: 'Answers the recovery codes, shown this once (stored only as hashes).',
          responses: { 201: 'On; the recovery codes' },
          errors: { 400: [M.enrolmentExpired, M.wrongCode], 403: WHO, 409: [M.alreadyOn] },
        },
        disableSecondFactor: {
          summary: 'Turn two-step sign-in off',
          description:
            'Needs a current code or an unused recovery code; each try is counted as a sign-in attempt ' +
            `(${LOGIN_LIMITS.perAccount.points} per account in 15 minutes, then 429).`,
          responses: { 200: 'Off' },
          errors: {
            400: [M.wrongCode, M.codeAlreadyUsed],
            403: [...WHO, M.requiredCannotTurnOff],
            409: [M.notOn],
            429: [ACCOUNT_MESSAGES.tooManyLoginAttempts],
          },
          headers: { 429: { 'Retry-After': 'Seconds until the next attempt is allowed' } },
        },
      },
    },
    settings,
  );
