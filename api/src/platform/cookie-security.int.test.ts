import { SSO_CALLBACK_PATH, SSO_START_PATH } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { startTestIdentityProvider, type TestIdentityProvider } from '@tht/test-kit';

/**
 * The product behind a TLS proxy and nginx: PUBLIC_URL is https while the API itself is reached
 * over plain http (here directly, as nginx reaches it). Every cookie it sets must still be Secure
 * and carry the browser-enforced prefix, and be read back under that name.
 */
const PUBLIC_URL = 'https://training.example.org';
let app: TestApp;
let provider: TestIdentityProvider;

beforeAll(async () => {
  provider = await startTestIdentityProvider({ redirectUris: [`${PUBLIC_URL}${SSO_CALLBACK_PATH}`] });
  const sso = {
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    scopes: 'openid email profile',
    buttonLabel: 'Sign in with Acme',
    autoCreate: true,
  };
  app = await startTestApp({ config: { publicUrl: PUBLIC_URL, sso } });
});

afterAll(async () => {
  await app?.close();
  await provider?.close();
});

/** The Set-Cookie line of the cookie `name`. */
const setCookie = (headers: Headers, name: string | RegExp) =>
  headers.getSetCookie().find((line) => (typeof name === 'string' ? line.startsWith(`${name}=`) : name.test(line)));

/** A browser's navigation to `path`, its redirect not followed. */
const navigate = (path: string, cookie?: string) =>
  fetch(`${app.baseUrl}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });

/** `name=value` of a Set-Cookie line, as the browser sends it back. */
const sentBack = (line: string) => line.split(';')[0]!;

describe('cookies when PUBLIC_URL is https', () => {
  it('signs in with a Secure __Host-authToken cookie of the whole site, which the API reads back', async () => {
    const { user, password } = await createUserAndLogin(app);
    const login = await request(app, 'POST', '/api/login', { body: { username: user.email, password } });
    expect(login.status).toBe(200);

    const auth = setCookie(login.headers, '__Host-authToken');
    expect(auth, login.headers.getSetCookie().join('\n')).toBeDefined();
    expect(auth).toMatch(/; Secure/i);
    expect(auth).toMatch(/; Path=\/(;|$)/);
    expect(auth).toMatch(/; HttpOnly/i);
    expect(auth).not.toMatch(/; Domain=/i);
    expect(setCookie(login.headers, 'authToken')).toBeUndefined();

    const signedIn = await request(app, 'GET', '/api/user', { headers: { cookie: sentBack(auth!) } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe(user.email);
    // The unprefixed name is not read: a cookie planted over plain http or by a sibling subdomain signs no one in.
    const planted = await request(app, 'GET', '/api/user', { headers: { cookie: `authToken=${login.body.authToken}` } });
    expect(planted.status).toBe(401);

    const logout = await request(app, 'POST', '/api/logout', { headers: { cookie: sentBack(auth!), origin: PUBLIC_URL } });
    expect(logout.status).toBe(200);
    expect(setCookie(logout.headers, '__Host-authToken')).toMatch(/^__Host-authToken=;.*; Secure/i);
  });

  it("marks the browser's device with a Secure __Secure-device_ cookie scoped to the sign-in", async () => {
    const { user, password } = await createUserAndLogin(app);
    const login = await request(app, 'POST', '/api/login', { body: { username: user.email, password } });
    const device = setCookie(login.headers, /^__Secure-device_/);
    expect(device, login.headers.getSetCookie().join('\n')).toBeDefined();
    expect(device).toMatch(/; Secure/i);
    expect(device).toMatch(/; Path=\/api\/login(;|$)/);
    expect(setCookie(login.headers, /^device_/)).toBeUndefined();
  });

  it("keeps single sign-on's flow in a Secure __Secure-oidc_flow cookie, taken back at the callback", async () => {
    const start = await navigate(SSO_START_PATH);
    expect(start.status).toBe(303);
    const flow = setCookie(start.headers, '__Secure-oidc_flow');
    expect(flow, start.headers.getSetCookie().join('\n')).toMatch(/; Secure/i);
    expect(flow).toMatch(/; Path=\/api\/auth\/oidc(;|$)/);

    // Without the flow the callback says none was started here; with it, the flow is taken (and cleared).
    const withoutFlow = await navigate(`${SSO_CALLBACK_PATH}?code=x&state=y`);
    expect(withoutFlow.headers.get('location')).toMatch(/sso_error=expired/);
    const withFlow = await navigate(`${SSO_CALLBACK_PATH}?code=x&state=y`, sentBack(flow!));
    expect(withFlow.headers.get('location')).not.toMatch(/sso_error=expired/);
    expect(setCookie(withFlow.headers, '__Secure-oidc_flow')).toMatch(/^__Secure-oidc_flow=;.*; Secure/i);
  });
});
