import type { SsoFailure } from '@tht/contracts';
import * as oidc from 'openid-client';
import type { SsoSettings } from '../config';

/** What the browser's cookie keeps between the redirect to the provider and the callback. */
export interface SignInFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** A single sign-on that did not end with a person: `failure` is what the person is told, `detail` what the log says. */
export class SsoFailureError extends Error {
  constructor(
    readonly failure: SsoFailure,
    detail: string,
    options?: ErrorOptions,
  ) {
    super(detail, options);
    this.name = 'SsoFailureError';
  }
}

/** Seconds each request to the provider may take: a provider that hangs is "unreachable", not a hung sign-in. */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** How long a discovered configuration is used before the provider is asked again (keys rotate by themselves). */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

/** Errors of the network or of a provider that answers with something other than OAuth: it is not there. */
function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof TypeError || error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  return (
    error instanceof oidc.ClientError && ['OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_RESPONSE_IS_NOT_JSON'].includes(error.code ?? '')
  );
}

/** What a failed code redemption means for the person. */
export function failureOf(error: unknown): SsoFailure {
  if (error instanceof oidc.AuthorizationResponseError) return error.error === 'access_denied' ? 'cancelled' : 'refused';
  if (error instanceof oidc.ResponseBodyError) {
    if (error.error === 'invalid_grant') return 'expired'; // the code expired, was used already, or PKCE did not match
    return error.status >= 500 ? 'unavailable' : 'refused';
  }
  if (isUnreachable(error)) return 'unavailable';
  if (error instanceof oidc.ClientError) return 'unverifiable'; // ID token claims, signature, keys, timestamps
  return 'refused';
}

const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}${'code' in error ? ` (${String(error.code)})` : ''}` : String(error);

/**
 * The product as an OpenID Connect relying party (openid-client, certified): authorization code
 * flow with PKCE (S256), `state` and `nonce`; the ID token's issuer, audience, expiry, nonce and
 * signature (against the provider's JWKS) are checked. The provider is discovered when a sign-in
 * starts, not at start-up; a discovery that failed is tried again at the next sign-in.
 */
export function createOidcClient(settings: SsoSettings, redirectUri: string, now = Date.now) {
  let discovered: { configuration: Promise<oidc.Configuration>; at: number } | null = null;

  async function discover(): Promise<oidc.Configuration> {
    const insecure = new URL(settings.issuer).protocol === 'http:'; // a loopback provider (config allows no other)
    const configuration = await oidc.discovery(
      new URL(settings.issuer),
      settings.clientId,
      undefined,
      oidc.ClientSecretBasic(settings.clientSecret),
      { timeout: PROVIDER_TIMEOUT_SECONDS, execute: insecure ? [oidc.allowInsecureRequests] : [] },
    );
    // openid-client leaves the signature of an ID token from the token endpoint unchecked by default (TLS vouches for it).
    oidc.enableNonRepudiationChecks(configuration);
    return configuration;
  }

  function configuration(): Promise<oidc.Configuration> {
    if (!discovered || now() - discovered.at > DISCOVERY_TTL_MS) {
      const attempt = { configuration: discover(), at: now() };
      attempt.configuration.catch(() => {
        if (discovered === attempt) discovered = null;
      });
      discovered = attempt;
    }
    return discovered.configuration;
  }

  return {
    /** Where to send the browser, and the flow its cookie keeps; 'unavailable' when the provider cannot be discovered. */
    async authorizationRequest(): Promise<{ url: URL; flow: SignInFlow }> {
      const config = await configuration().catch((error: unknown) => {
        throw new SsoFailureError('unavailable', `discovery of ${settings.issuer} failed: ${describe(error)}`, { cause: error });
      });
      const flow = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: settings.scopes,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { url, flow };
    },

    /**
     * The person's claims for the authorization response `query` (the callback's), redeemed with the
     * flow the browser started: the ID token's, and when it holds no e-mail (a provider that keeps
     * the scopes' claims for the UserInfo endpoint, as OpenID Connect Core 5.4 allows) those of
     * UserInfo for the same subject. Throws an SsoFailureError saying why not.
     */
    async redeem(query: URLSearchParams, flow: SignInFlow): Promise<oidc.IDToken> {
      if (query.get('state') !== flow.state) {
        throw new SsoFailureError('state-mismatch', 'the state does not match the flow this browser started');
      }
      try {
        const config = await configuration();
        const tokens = await oidc.authorizationCodeGrant(config, new URL(`${redirectUri}?${query.toString()}`), {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims()!;
        if (claims.email !== undefined || !config.serverMetadata().userinfo_endpoint) return claims;
        return { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
      } catch (error) {
        throw new SsoFailureError(failureOf(error), describe(error), { cause: error });
      }
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
