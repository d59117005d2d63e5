import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentityProvider, TEST_CLIENT_ID, type TestIdentityProvider } from './identity-provider';

let provider: TestIdentityProvider;

beforeAll(async () => {
  provider = await startTestIdentityProvider({ redirectUris: ['http://127.0.0.1:9/api/auth/oidc/callback'] });
});

afterAll(() => provider.close());

const authorize = (redirectUri: string) =>
  fetch(
    `${provider.issuer}/auth?${new URLSearchParams({
      client_id: TEST_CLIENT_ID,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: redirectUri,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    })}`,
    { redirect: 'manual' },
  );

describe('the test identity provider', () => {
  it('publishes its discovery document on loopback', async () => {
    const discovery = (await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(discovery).toMatchObject({ issuer: provider.issuer, code_challenge_methods_supported: ['S256'] });
    expect(provider.issuer).toMatch(/^http:\/\/localhost:\d+$/);
  });

  it('sends a sign-in to its own page for a registered redirect URI, and one added while it runs', async () => {
    expect((await authorize('http://127.0.0.1:9/api/auth/oidc/callback')).headers.get('location')).toMatch(/^\/interaction\//);
    const later = 'http://127.0.0.1:10/api/auth/oidc/callback';
    expect((await authorize(later)).status).toBe(400);
    provider.allowRedirectUri(later);
    expect((await authorize(later)).headers.get('location')).toMatch(/^\/interaction\//);
  });
});
