import {
  ACCOUNT_MESSAGES,
  SECOND_FACTOR_MESSAGES as M,
  messageResponseSchema,
  secondFactorConfirmSchema,
  secondFactorDisableSchema,
  secondFactorEnabledSchema,
  secondFactorEnrolmentSchema,
  secondFactorStatusSchema,
} from '@tht/contracts';
import { LOGIN_LIMITS } from '../auth/login-limiter';
import type { DescribeFeatureApi } from '../openapi/operations';

const WHO = [M.adminsOnly, M.passwordSessionOnly];
const PATH = '/api/account/second-factor';

/** The routes of `second-factor-routes.ts`. */
export const describeSecondFactorApi: DescribeFeatureApi = () => ({
  tag: {
    name: 'Two-step sign-in',
    description:
      "An administrator's second factor at password sign-ins: TOTP (RFC 6238, 6 digits, 30 s) with 10 one-time recovery codes. " +
      'With it, `POST /api/login` with the right password and no `code` answers 401 `{error, mfaRequired: true}`; the same call ' +
      'with `code` signs in. `ADMIN_MFA=required` makes it mandatory: until it is set up, such an administrator gets 403 on every ' +
      'route but these, `GET /api/user` (which says `secondFactorSetupRequired: true`) and signing out.',
  },
  schemas: { SecondFactorStatus: secondFactorStatusSchema },
  operations: [
    {
      method: 'get',
      path: PATH,
      operationId: 'getSecondFactor',
      summary: "The signed-in user's second factor",
      access: 'signed-in',
      responses: {
        200: { description: 'Whether it is on, required, and how many recovery codes are left', schema: secondFactorStatusSchema },
      },
    },
    {
      method: 'post',
      path: `${PATH}/enrolment`,
      operationId: 'startSecondFactorEnrolment',
      summary: 'Start setting up an authenticator app',
      description:
        'A new key, not stored yet: its QR code and text, and the key sealed for this account (10 minutes) to confirm with.',
      access: 'signed-in',
      responses: { 200: { description: 'The key to scan or type in', schema: secondFactorEnrolmentSchema } },
      errors: { 403: WHO, 409: [M.alreadyOn] },
    },
    {
      method: 'post',
      path: PATH,
      operationId: 'confirmSecondFactor',
      summary: "Turn two-step sign-in on with the authenticator's first code",
      description: 'Answers the recovery codes, shown this once (stored only as hashes).',
      access: 'signed-in',
      body: secondFactorConfirmSchema,
      responses: { 201: { description: 'On; the recovery codes', schema: secondFactorEnabledSchema } },
      errors: { 400: [M.enrolmentExpired, M.wrongCode], 403: WHO, 409: [M.alreadyOn] },
    },
    {
      method: 'post',
      path: `${PATH}/disable`,
      operationId: 'disableSecondFactor',
      summary: 'Turn two-step sign-in off',
      description:
        'Needs a current code or an unused recovery code; each try is counted as a sign-in attempt ' +
        `(${LOGIN_LIMITS.perAccount.points} per account in 15 minutes, then 429).`,
      access: 'signed-in',
      body: secondFactorDisableSchema,
      responses: { 200: { description: 'Off', schema: messageResponseSchema } },
      errors: {
        400: [M.wrongCode, M.codeAlreadyUsed],
        403: [...WHO, M.requiredCannotTurnOff],
        409: [M.notOn],
        429: [ACCOUNT_MESSAGES.tooManyLoginAttempts],
      },
      headers: { 429: { 'Retry-After': 'Seconds until the next attempt is allowed' } },
    },
  ],
});
