import { ACCOUNT_MESSAGES as M, CONFLICT_MESSAGE, SSO_FAILURES, SSO_MESSAGES as S, ssoRoutes } from '@tht/contracts';
import { describeRoutes, type DescribeFeatureApi } from '../openapi/operations';

const NOT_CONFIGURED = { 404: [S.notConfigured] };
const BROWSER_ONLY = 'A browser navigation, not an API call: it answers with a redirect (303) and sets httpOnly cookies.';

/** The prose of the single sign-on's routes (`ssoRoutes` in @tht/contracts). */
export const describeSsoApi: DescribeFeatureApi = (settings) => {
  const { orgEmailDomain } = settings;
  return describeRoutes(
    ssoRoutes,
    {
      tag: {
        name: 'Single sign-on',
        description:
          "Sign-in through the organisation's OpenID Connect provider (`OIDC_ISSUER`): authorization code flow with PKCE, " +
          '`state` and `nonce`. Without `OIDC_ISSUER` every route answers 404.',
      },
      operations: {
        startSingleSignOn: {
          summary: "Go to the organisation's sign-in service",
          description:
            `${BROWSER_ONLY} Redirects to the provider's authorization endpoint (discovered now, cached an hour; a failed ` +
            'discovery is tried again at the next start) and keeps the flow (state, nonce, PKCE verifier) in a signed ' +
            'cookie for 10 minutes. A provider that cannot be reached redirects to `/auth?sso_error=unavailable`.',
          responses: { 303: 'To the provider, or to `/auth?sso_error=unavailable`' },
          errors: NOT_CONFIGURED,
        },
        singleSignOnCallback: {
          summary: "The provider's answer (the registered redirect URI)",
          description:
            `${BROWSER_ONLY} The redirect URI to register at the provider: \`PUBLIC_URL/api/auth/oidc/callback\`. Redeems the ` +
            "code and checks the ID token (issuer, audience, expiry, nonce, signature against the provider's keys). The " +
            `person is the token's verified e-mail address, which must be an @${orgEmailDomain} address. An existing ` +
            'account is linked to the identity at its first single sign-on and signed in as by `POST /api/login` (the ' +
            '`authToken` cookie, and a one-time result cookie for `POST /api/auth/oidc/complete`, 2 minutes), then the ' +
            'browser goes to `/auth?sso=signed-in`. An account whose address was never proven (self-registered, ' +
            'unconfirmed) is claimed by the person: its password is removed, its sessions end, and the browser goes to ' +
            '`/auth?sso=first-sign-in` to choose department and manager again, as a person without an account does ' +
            '(unless `OIDC_AUTO_CREATE=false`). Every failure redirects to ' +
            `\`/auth?sso_error=<failure>\`, one of ${SSO_FAILURES.map((failure) => `\`${failure}\``).join(', ')}.`,
          responses: { 303: 'To `/auth` with the outcome or the failure' },
          errors: NOT_CONFIGURED,
        },
        completeSingleSignOn: {
          summary: 'Take over the session the callback began',
          description:
            'The page the callback led to calls this with the one-time result cookie the callback set (2 minutes); it ' +
            'answers as `POST /api/login` does, with a token of the session the callback began (the token never travels ' +
            'in a URL). Each result is taken over once, whichever API process is asked; a bearer token or the ' +
            '`authToken` cookie alone gets nothing (no token is renewed here).',
          responses: { 200: 'Signed in' },
          errors: { 401: [S.signInResultExpired], ...NOT_CONFIGURED },
        },
        getFirstSingleSignOn: {
          summary: 'Who is signing in for the first time',
          description:
            'The person the provider named, from the signed cookie the callback set (valid 30 minutes); `claimed: true` ' +
            'when they just claimed an account someone had registered with their address.',
          responses: { 200: 'Their e-mail and names' },
          errors: { 401: [S.firstSignInExpired], ...NOT_CONFIGURED },
        },
        completeFirstSingleSignOn: {
          summary: "Create the first-time person's account and sign them in",
          description:
            "An employee account with the provider's e-mail address, the names and the department and manager chosen, " +
            'without a password, linked to the identity; for an account the person just claimed, its names, department ' +
            'and manager (200). Sets the `authToken` cookie.',
          responses: {
            200: 'Claimed account placed and signed in',
            201: 'Account created and signed in',
          },
          errors: {
            400: [M.unknownDepartment('{department}'), M.managerNotFound],
            401: [S.firstSignInExpired],
            409: [M.accountAlreadyExists, CONFLICT_MESSAGE],
            ...NOT_CONFIGURED,
          },
        },
      },
    },
    settings,
  );
};
