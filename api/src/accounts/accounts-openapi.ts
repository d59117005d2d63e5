import {
  ACCOUNT_MESSAGES as M,
  accountsRoutes,
  EMAIL_CONFIRMATION_MESSAGES as C,
  EMAIL_CONFIRMATION_TTL_MS,
  MAX_SESSIONS_PER_ACCOUNT,
  MAX_UNEXPIRED_RESET_LINKS,
  PASSWORD_RESET_MESSAGES as R,
  currentUserResponseSchema,
  loginResponseSchema,
  managerOptionSchema,
  messageResponseSchema,
  SECOND_FACTOR_MESSAGES as SF,
  SSO_MESSAGES as S,
} from '@tht/contracts';
import { LOGIN_LIMITS } from '../auth/login-limiter';
import { describeLimit } from '../auth/request-limits';
import { describeRoutes, type DescribeFeatureApi } from '../openapi/operations';
import {
  EMAIL_CHECK_LIMIT,
  REGISTRATION_LIMIT,
  RESET_REQUESTS_PER_ACCOUNT,
  RESET_REQUESTS_PER_ADDRESS,
} from './account-request-limits';

const SIGNED_IN_COOKIE = 'The token is also set as the httpOnly `authToken` cookie.';
const RETRY_AFTER = { 429: { 'Retry-After': 'Seconds until the next attempt is allowed' } };

/** The prose of the accounts' routes (`accountsRoutes` in @tht/contracts). */
export const describeAccountsApi: DescribeFeatureApi = (settings) => {
  const { orgEmailDomain } = settings;
  return describeRoutes(
    accountsRoutes,
    {
      tag: { name: 'Accounts', description: 'Registration, sign-in and out, passwords and the current user' },
      schemas: {
        CurrentUser: currentUserResponseSchema,
        LoginResponse: loginResponseSchema,
        ManagerOption: managerOptionSchema,
        MessageResponse: messageResponseSchema,
      },
      operations: {
        getCurrentUser: {
          summary: 'The signed-in user',
          responses: { 200: 'The user, whether a password change is pending, and whether they manage anyone' },
        },
        logIn: {
          summary: 'Sign in',
          description:
            `${SIGNED_IN_COOKIE} Attempts are counted before the password is checked: ` +
            `${describeLimit(LOGIN_LIMITS.perAccountAndAddress)} per account and address, ` +
            `${describeLimit(LOGIN_LIMITS.perAddress)} per address (an IPv6 address counted by its /64), ` +
            `${describeLimit(LOGIN_LIMITS.perAccount)} per account. A successful attempt is not counted and forgives ` +
            "the account's failures from that address; it also sets an httpOnly device cookie (`device_…`, path " +
            '`/api/login`) for the account. Attempts carrying it are counted per device instead ' +
            `(${describeLimit(LOGIN_LIMITS.perDevice)}), so others' failures never lock that browser out. ` +
            `Every attempt, successful or not, also counts against ${describeLimit(LOGIN_LIMITS.perAccountPerMinute)} per account; ` +
            `an account holds at most ${MAX_SESSIONS_PER_ACCOUNT} sessions, and a sign-in past that ends its oldest. ` +
            'An account with two-step sign-in needs `code` too (a TOTP code, each accepted once, or an unused recovery code): ' +
            'with the right password and no code, or a wrong one (counted as a failed attempt), the 401 carries `mfaRequired: true`. ' +
            'A deactivated account (a leaver) is refused with 403 once its password is right; a wrong one answers as for any account.',
          responses: { 200: 'Signed in' },
          errors: {
            401: [M.accountDoesNotExist, M.wrongPassword, S.noPasswordOnAccount, SF.codeRequired, SF.wrongCode, SF.codeAlreadyUsed],
            403: [S.passwordSignInOff, M.accountDeactivated],
            429: [M.tooManyLoginAttempts, M.tooManySignIns],
          },
          headers: RETRY_AFTER,
        },
        register: {
          summary: 'Register as an employee and sign in',
          description:
            `The e-mail must be an @${orgEmailDomain} address. ${SIGNED_IN_COOKIE} At most ${describeLimit(REGISTRATION_LIMIT)} ` +
            'per client address. A confirmation link is mailed to the address (without `SMTP_URL`, written to the server ' +
            "log); until it is opened, the address's owner signing in through single sign-on takes the account over.",
          responses: { 201: 'Registered and signed in' },
          errors: {
            400: [
              M.orgEmail(orgEmailDomain),
              M.passwordsDontMatch,
              M.commonPassword,
              M.unknownDepartment('{department}'),
              M.managerNotFound,
            ],
            403: [S.registrationOff],
            409: [M.accountAlreadyExists],
            429: [M.tooManyRequests],
          },
          headers: RETRY_AFTER,
        },
        logOut: {
          summary: 'Sign out on this device',
          description:
            "Ends this sign-in (the token's session) and clears the cookie; the user's other sign-ins go on. Answers the " +
            'same without a valid token.',
          responses: { 200: 'Signed out' },
        },
        logOutEverywhere: {
          summary: 'Sign out on every device',
          description:
            'Ends every sign-in of the user, this one included, and clears the cookie (the account menu\'s "Sign out everywhere").',
          responses: { 200: 'Signed out everywhere' },
        },
        setPassword: {
          summary: 'Choose a new password',
          description:
            '`currentPassword` is required unless the account must change its password (a temporary or admin-given one). ' +
            'Each check of it counts as a sign-in attempt against the sign-in limits of the account and address. Ends ' +
            `every other sign-in of the user; this one goes on with the fresh token of the answer. ${SIGNED_IN_COOKIE}`,
          responses: { 200: 'Password changed and signed in again' },
          errors: {
            400: [M.currentPasswordRequired, M.currentPasswordWrong, M.passwordsDontMatch, M.commonPassword],
            429: [M.tooManyLoginAttempts],
          },
          headers: RETRY_AFTER,
        },
        requestPasswordReset: {
          summary: 'Ask for a password reset link',
          description:
            "Signed out, or signed in for one's own account: the same answer whatever the address, known or not; the " +
            'link never comes in it. After answering, the server mails the link (built from `PUBLIC_URL`, never from ' +
            "the request's headers) to the account's e-mail address through `SMTP_URL`, or without one writes it to the " +
            'server log for the operator to relay (`mailConfigured: false`). Each link works for 15 minutes and once; ' +
            `an account has at most ${MAX_UNEXPIRED_RESET_LINKS} unexpired links, and a new request never cancels an ` +
            'earlier one (using one, or a new password, ends them all). At most ' +
            `${describeLimit(RESET_REQUESTS_PER_ADDRESS)} per client address and ${describeLimit(RESET_REQUESTS_PER_ACCOUNT)} ` +
            'per requested address. An admin asking for another, non-admin account gets the answer with the token ' +
            'and its link, to hand over (for an admin account the link goes by e-mail).',
          responses: { 200: "The generic answer, or an admin's link for another account" },
          errors: {
            403: [S.passwordSignInOff, M.accountDeactivated],
            404: [M.accountDoesNotExist],
            409: [R.tooManyUnexpiredLinks(MAX_UNEXPIRED_RESET_LINKS)],
            429: [M.tooManyRequests, R.tooManyRequestsForAccount],
          },
          headers: RETRY_AFTER,
        },
        confirmPasswordReset: {
          summary: 'Set a new password with a reset token',
          description:
            "Any of the account's unexpired reset tokens works once; using one ends the account's other reset links and every sign-in.",
          responses: { 200: 'Password reset' },
          errors: {
            400: [M.invalidResetToken, M.resetTokenExpired, M.passwordsDontMatch, M.commonPassword],
            403: [M.accountDeactivated],
            409: [M.resetTokenExpired],
          },
        },
        confirmEmail: {
          summary: "Confirm a registered account's e-mail address",
          description:
            'The token of the link mailed at registration (`<user id>.<64 hex>`) proves the address is the account ' +
            `holder's. It works once, within ${EMAIL_CONFIRMATION_TTL_MS / 3_600_000} hours, while the address is unchanged.`,
          responses: { 200: 'Address confirmed' },
          errors: { 400: [C.invalidLink, C.expiredLink] },
        },
        checkEmail: {
          summary: 'Whether an account uses this e-mail address',
          description: `At most ${describeLimit(EMAIL_CHECK_LIMIT)} per client address.`,
          responses: { 200: 'Whether it exists' },
          errors: { 429: [M.tooManyRequests] },
          headers: RETRY_AFTER,
        },
        listManagers: {
          summary: 'People who can be chosen as a manager',
          description: 'Public: the registration form picks a manager before anyone is signed in.',
          responses: { 200: 'Manager options' },
        },
      },
    },
    settings,
  );
};
