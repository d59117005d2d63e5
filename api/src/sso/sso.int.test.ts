import {
  ACCOUNT_MESSAGES as M,
  SSO_CALLBACK_PATH,
  SSO_MESSAGES as S,
  loginResponseSchema,
  userSessionsStream,
  userStream,
  type AuditLogPage,
  type LoginResponse,
  type SsoFailure,
} from '@tht/contracts';
import { freePort, startTestIdentityProvider, type TestIdentityProvider } from '@tht/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieBrowser } from '../testing/cookie-browser';
import { ensureDepartment, createUserAndLogin, TEST_PASSWORD } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { addUser, deactivateUser, reactivateUser } from '../users';
import { systemActor } from '../platform/commands';
import type { SsoSettings } from '../config';

/**
 * Single sign-on against a real OpenID Connect provider (oidc-provider) in this process, driven as
 * a browser drives it: redirects followed by hand, cookies kept per host.
 *
 * `app` signs in through `provider` with every default. `strict` shares its database as a second
 * API process would, with PASSWORD_LOGIN=false and OIDC_AUTO_CREATE=false, and its provider is
 * down until the test that starts it.
 */
let provider: TestIdentityProvider;
let app: TestApp;
let strict: TestApp;
let strictProvider: TestIdentityProvider | undefined;
let strictProviderPort: number;
const domain = 'example.com';
const adminEmail = 'boss@example.com';

const ssoSettings = (issuer: TestIdentityProvider | string, autoCreate: boolean): SsoSettings => ({
  issuer: typeof issuer === 'string' ? issuer : issuer.issuer,
  clientId: 'training-hours-tracker',
  clientSecret: 'test-client-secret-of-the-training-hours-tracker',
  scopes: 'openid email profile',
  buttonLabel: 'Sign in with Acme',
  autoCreate,
});

beforeAll(async () => {
  const [port, strictPort] = [await freePort(), await freePort()];
  strictProviderPort = await freePort();
  const urls = [port, strictPort].map((each) => `http://127.0.0.1:${each}`);
  const redirectUris = urls.map((url) => `${url}${SSO_CALLBACK_PATH}`);
  provider = await startTestIdentityProvider({ redirectUris });
  app = await startTestApp({ port, config: { publicUrl: urls[0]!, sso: ssoSettings(provider, true) } });
  strict = await startTestApp({
    port: strictPort,
    databaseUrl: app.ctx.config.databaseUrl!,
    config: {
      publicUrl: urls[1]!,
      sso: ssoSettings(`http://localhost:${strictProviderPort}`, false),
      passwordLogin: false,
      startupAdmin: { email: adminEmail, password: TEST_PASSWORD },
    },
  });
  await ensureDepartment(app.ctx, 'Engineering');
});

afterAll(async () => {
  await strict?.close();
  await app?.close();
  await provider?.close();
  await strictProvider?.close();
});

const loginOf = (name: string) => `${name}@${domain}`;

/** Clicks the sign-in button of `product`: the provider's authorization URL. */
const start = (browser: CookieBrowser, product: TestApp = app) => browser.startSignOn(product.baseUrl);

/** The whole single sign-on of `login`; where the product sends the browser at the end. */
const singleSignOn = (browser: CookieBrowser, login: string, product: TestApp = app) =>
  browser.singleSignOn(product.baseUrl, login);

const failure = (name: SsoFailure) => `/auth?sso_error=${name}`;

/** The page's POST that takes the session over from the cookie. */
async function complete(browser: CookieBrowser) {
  const { response, text } = await browser.go(`${app.baseUrl}/api/auth/oidc/complete`, { method: 'POST' });
  return { status: response.status, body: JSON.parse(text) as unknown };
}

/** The person's events in the log's order: their account's stream and their sessions stream (decision 049). */
async function eventsOf(userId: number) {
  const streams = await Promise.all(
    [userStream(userId), userSessionsStream(userId)].map((stream) => app.ctx.store.readStream(stream)),
  );
  return streams
    .flat()
    .sort((a, b) => (a.globalPosition < b.globalPosition ? -1 : 1))
    .map(({ type, data }) => ({ type, data }));
}

describe('signing in with an existing account', () => {
  it('links the account by its verified e-mail at the first single sign-on and signs in as a password sign-in does', async () => {
    const existing = await createUserAndLogin(app, { email: loginOf('ada.lovelace') });
    const browser = new CookieBrowser();
    const callbackUrl = await browser.signInAtProvider(await start(browser), loginOf('ada.lovelace'));
    const { response, location } = await browser.go(callbackUrl);
    expect(location).toBe('/auth?sso=signed-in');
    expect(location).not.toMatch(/token|code/i);
    expect(response.headers.getSetCookie().find((cookie) => cookie.startsWith('authToken='))).toMatch(/HttpOnly/i);

    const { status, body } = await complete(browser);
    expect(status).toBe(200);
    const signedIn = loginResponseSchema.parse(body);
    expect(signedIn).toMatchObject({ user: { id: existing.user.id, role: 'employee' }, passwordSignIn: true });
    expect((await request(app, 'GET', '/api/user', { token: signedIn.authToken })).status).toBe(200);

    const events = await eventsOf(existing.user.id);
    expect(events.filter((event) => event.type === 'SsoIdentityLinked')).toEqual([
      { type: 'SsoIdentityLinked', data: { userId: existing.user.id, issuer: provider.issuer, subject: loginOf('ada.lovelace') } },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'UserLoggedIn', data: { provider: provider.issuer } });
    const admin = await createUserAndLogin(app, { role: 'admin' });
    const log = await request<AuditLogPage>(app, 'GET', `/api/audit/log?kind=security&actorId=${existing.user.id}`, {
      token: admin.token,
    });
    expect(log.body.items.map(({ event, summary }) => ({ event, summary }))).toContainEqual({
      event: 'UserLoggedIn',
      summary: `user logged in: provider ${provider.issuer}`,
    });

    expect(await singleSignOn(new CookieBrowser(), loginOf('ada.lovelace'))).toBe('/auth?sso=signed-in');
    const again = await eventsOf(existing.user.id);
    expect(again.filter((event) => event.type === 'SsoIdentityLinked')).toHaveLength(1); // linked once
    const login = await request(app, 'POST', '/api/login', {
      body: { username: loginOf('ada.lovelace'), password: TEST_PASSWORD },
    });
    expect(login.status).toBe(200); // the password stays as it was
  });

  it('is not held back by a pending password change, and leaves that password as it is', async () => {
    await addUser(
      app.ctx,
      {
        email: loginOf('temp.password'),
        firstName: 'Temp',
        lastName: 'Password',
        role: 'employee',
        department: 'Engineering',
        password: 'admin-given-1',
      },
      { registered: false, firstLoginRequired: true },
      systemActor(),
    );
    const browser = new CookieBrowser();
    expect(await singleSignOn(browser, loginOf('temp.password'))).toBe('/auth?sso=signed-in');
    const signedIn = loginResponseSchema.parse((await complete(browser)).body);
    expect(signedIn.requiresPasswordChange).toBe(false);
    const ownEntries = `/api/entries?userId=${signedIn.user.id}`;
    expect((await request(app, 'GET', ownEntries, { token: signedIn.authToken })).status).toBe(200);
    expect((await request(app, 'GET', '/api/user', { token: signedIn.authToken })).body).toMatchObject({
      requiresPasswordChange: false,
    });

    const byPassword = await request(app, 'POST', '/api/login', {
      body: { username: loginOf('temp.password'), password: 'admin-given-1' },
    });
    expect(byPassword.body).toMatchObject({ requiresPasswordChange: true });
    expect((await request(app, 'GET', ownEntries, { token: byPassword.body.authToken })).body).toEqual({
      error: M.passwordChangeRequired,
    });
  });

  it('refuses an account linked to another person at the provider (an address handed on)', async () => {
    expect(await singleSignOn(new CookieBrowser(), loginOf('handed.on'))).toBe('/auth?sso=first-sign-in');
    await createUserAndLogin(app, { email: loginOf('handed.on2') });
    expect(await singleSignOn(new CookieBrowser(), loginOf('handed.on2'))).toBe('/auth?sso=signed-in');
    provider.subjectFor(loginOf('handed.on2'), 'a-newcomer');
    expect(await singleSignOn(new CookieBrowser(), loginOf('handed.on2'))).toBe(failure('identity-mismatch'));
  });
});

describe('the first single sign-on of a person without an account', () => {
  it('asks for the department and manager, then creates an employee account without a password and signs in', async () => {
    const manager = await createUserAndLogin(app, { role: 'manager' });
    const browser = new CookieBrowser();
    expect(await singleSignOn(browser, loginOf('new.starter'))).toBe('/auth?sso=first-sign-in');
    const pending = await browser.go(`${app.baseUrl}/api/auth/oidc/first-sign-in`);
    expect(JSON.parse(pending.text)).toEqual({ email: loginOf('new.starter'), firstName: 'New', lastName: 'Starter' });

    const firstSignIn = (json: unknown) => browser.go(`${app.baseUrl}/api/auth/oidc/first-sign-in`, { method: 'POST', json });
    const unplaced = await firstSignIn({ firstName: 'New', lastName: 'Starter' });
    expect(JSON.parse(unplaced.text)).toEqual({ error: M.departmentRequired });

    const answer = await firstSignIn({
      firstName: 'New',
      lastName: 'Starter',
      department: 'engineering',
      managerId: manager.user.id,
    });
    expect(answer.response.status).toBe(201);
    const signedIn = loginResponseSchema.parse(JSON.parse(answer.text));
    expect(signedIn.user).toMatchObject({
      email: loginOf('new.starter'),
      role: 'employee',
      department: 'Engineering',
      managerId: manager.user.id,
    });
    expect(signedIn).toMatchObject({ requiresPasswordChange: false, passwordSignIn: false });
    expect((await eventsOf(signedIn.user.id)).map((event) => event.type)).toEqual([
      'UserRegistered',
      'SsoIdentityLinked',
      'UserLoggedIn',
    ]);
    const byPassword = await request(app, 'POST', '/api/login', {
      body: { username: loginOf('new.starter'), password: 'anything' },
    });
    expect(byPassword).toMatchObject({ status: 401, body: { error: S.noPasswordOnAccount } });
    expect(await singleSignOn(new CookieBrowser(), loginOf('new.starter'))).toBe('/auth?sso=signed-in');
    expect((await firstSignIn({ firstName: 'New', lastName: 'Starter', department: 'Engineering' })).response.status).toBe(401);
  });

  it('forgets who was signing in after its cookie, and never without one', async () => {
    const answer = await request(app, 'GET', '/api/auth/oidc/first-sign-in');
    expect(answer).toMatchObject({ status: 401, body: { error: S.firstSignInExpired } });
    const forged = await request(app, 'GET', '/api/auth/oidc/first-sign-in', {
      headers: { cookie: 'oidc_first_sign_in=eyJhbGciOiJub25lIn0.eyJlbWFpbCI6ImJvc3NAZXhhbXBsZS5jb20ifQ.' },
    });
    expect(forged.status).toBe(401);
  });
});

describe('an address someone registered with a password before its owner signed in (squatting)', () => {
  const registration = (email: string, managerId: number) => ({
    email,
    firstName: 'Squat',
    lastName: 'Ter',
    department: 'Engineering',
    managerId,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
  });

  it("is claimed by the address's owner at their first single sign-on: the squatter is out, the owner places it again", async () => {
    const accomplice = await createUserAndLogin(app, { role: 'manager' });
    const squat = await request<LoginResponse>(app, 'POST', '/api/register', {
      body: registration(loginOf('new.hire'), accomplice.user.id),
      headers: { 'x-forwarded-for': '198.51.100.28' },
    });
    expect(squat.status).toBe(201);
    const squatterToken = squat.body.authToken;
    const accountId = squat.body.user.id;

    const owner = new CookieBrowser();
    expect(await singleSignOn(owner, loginOf('new.hire'))).toBe('/auth?sso=first-sign-in');

    const byPassword = await request(app, 'POST', '/api/login', {
      body: { username: loginOf('new.hire'), password: TEST_PASSWORD },
    });
    expect(byPassword).toMatchObject({ status: 401, body: { error: S.noPasswordOnAccount } });
    expect((await request(app, 'GET', '/api/user', { token: squatterToken })).status).toBe(401);
    const squatterEntries = await request(app, 'GET', `/api/entries?userId=${accountId}`, { token: squatterToken });
    expect(squatterEntries.status).toBe(401);

    const pending = await owner.go(`${app.baseUrl}/api/auth/oidc/first-sign-in`);
    expect(JSON.parse(pending.text)).toEqual({ email: loginOf('new.hire'), firstName: 'New', lastName: 'Hire', claimed: true });
    const manager = await createUserAndLogin(app, { role: 'manager' });
    const placed = await owner.go(`${app.baseUrl}/api/auth/oidc/first-sign-in`, {
      method: 'POST',
      json: { firstName: 'New', lastName: 'Hire', department: 'Engineering', managerId: manager.user.id },
    });
    expect(placed.response.status).toBe(200);
    const signedIn = loginResponseSchema.parse(JSON.parse(placed.text));
    expect(signedIn.user).toMatchObject({ id: accountId, firstName: 'New', lastName: 'Hire', managerId: manager.user.id });
    expect(signedIn).toMatchObject({ requiresPasswordChange: false, passwordSignIn: false });
    expect((await request(app, 'GET', '/api/user', { token: signedIn.authToken })).status).toBe(200);
    expect((await eventsOf(accountId)).map((event) => event.type).slice(3)).toEqual([
      'AccountClaimed',
      'SsoIdentityLinked',
      'UserUpdated',
      'PlacementConfirmed',
      'UserLoggedIn',
    ]);

    const admin = await createUserAndLogin(app, { role: 'admin' });
    const log = await request<AuditLogPage>(app, 'GET', `/api/audit/log?kind=security&actorId=${accountId}`, {
      token: admin.token,
    });
    expect(log.body.items.map(({ event, summary }) => ({ event, summary }))).toContainEqual({
      event: 'AccountClaimed',
      summary: `claimed by the address's owner at ${provider.issuer}`,
    });
    expect(await singleSignOn(new CookieBrowser(), loginOf('new.hire'))).toBe('/auth?sso=signed-in'); // placed: claimed once
  });

  it('asks the owner again at the next sign-in when they left the first-sign-in screen unfinished', async () => {
    const accomplice = await createUserAndLogin(app, { role: 'manager' });
    const body = registration(loginOf('left.early'), accomplice.user.id);
    const squat = await request(app, 'POST', '/api/register', { body, headers: { 'x-forwarded-for': '198.51.100.29' } });
    expect(squat.status).toBe(201);
    expect(await singleSignOn(new CookieBrowser(), loginOf('left.early'))).toBe('/auth?sso=first-sign-in');
    expect(await singleSignOn(new CookieBrowser(), loginOf('left.early'))).toBe('/auth?sso=first-sign-in');
    const claims = (await eventsOf(squat.body.user.id)).filter((event) => event.type === 'AccountClaimed');
    expect(claims).toHaveLength(1);
  });
});

describe('completing a single sign-on (the page takes over the session the callback began)', () => {
  it("renews no token: a password session's token, as bearer or cookie, gets none", async () => {
    const { token } = await createUserAndLogin(app, { email: loginOf('renewer') });
    const byBearer = await request(app, 'POST', '/api/auth/oidc/complete', { token });
    expect(byBearer).toMatchObject({ status: 401, body: { error: S.signInResultExpired } });
    const byCookie = await request(app, 'POST', '/api/auth/oidc/complete', {
      headers: { cookie: `authToken=${token}`, origin: app.baseUrl },
    });
    expect(byCookie).toMatchObject({ status: 401, body: { error: S.signInResultExpired } });
  });

  it("renews no single sign-on session's token either: the callback's result is taken over once", async () => {
    await createUserAndLogin(app, { email: loginOf('once.only') });
    const browser = new CookieBrowser();
    expect(await singleSignOn(browser, loginOf('once.only'))).toBe('/auth?sso=signed-in');
    const copied = browser.clone(); // the result cookie, kept by an attacker or replayed by the same browser
    const first = await complete(browser);
    expect(first.status).toBe(200);
    expect(await complete(browser)).toMatchObject({ status: 401, body: { error: S.signInResultExpired } });
    expect(await complete(copied)).toMatchObject({ status: 401, body: { error: S.signInResultExpired } });
    const { authToken } = loginResponseSchema.parse(first.body);
    expect((await request(app, 'POST', '/api/auth/oidc/complete', { token: authToken })).status).toBe(401);
  });

  it('is taken over once whichever API process is asked (the redemption is kept in PostgreSQL)', async () => {
    await createUserAndLogin(app, { email: loginOf('two.processes') });
    const resultCookie = async () => {
      const browser = new CookieBrowser();
      expect(await singleSignOn(browser, loginOf('two.processes'))).toBe('/auth?sso=signed-in');
      const jar = browser.cookies.get(new URL(app.baseUrl).host)!;
      return { browser, cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') };
    };
    const atStrict = (cookie: string) =>
      request(strict, 'POST', '/api/auth/oidc/complete', { headers: { cookie, origin: strict.baseUrl } });

    const taken = await resultCookie();
    expect((await atStrict(taken.cookie)).status).toBe(200); // the other process takes it over
    expect(await complete(taken.browser)).toMatchObject({ status: 401, body: { error: S.signInResultExpired } });

    const other = await resultCookie();
    expect((await complete(other.browser)).status).toBe(200);
    expect(await atStrict(other.cookie)).toMatchObject({ status: 401, body: { error: S.signInResultExpired } });
  });
});

describe('refusals', () => {
  it('refuses an address in another domain and an unverified address, and opens no account', async () => {
    expect(await singleSignOn(new CookieBrowser(), 'outsider@elsewhere.org')).toBe(failure('other-domain'));
    expect(await singleSignOn(new CookieBrowser(), `unverified.${loginOf('someone')}`)).toBe(failure('email-unverified'));
    await createUserAndLogin(app, { email: loginOf('someone') });
    expect(await singleSignOn(new CookieBrowser(), `unverified.${loginOf('someone')}`)).toBe(failure('email-unverified'));
  });

  it('refuses a replayed callback: without the flow cookie, and with it (the code was used)', async () => {
    await createUserAndLogin(app, { email: loginOf('replayed') });
    const browser = new CookieBrowser();
    const callbackUrl = await browser.signInAtProvider(await start(browser), loginOf('replayed'));
    const kept = browser.clone(); // the flow cookie as it was before the callback
    expect(await browser.callback(callbackUrl)).toBe('/auth?sso=signed-in');
    expect(await browser.callback(callbackUrl)).toBe(failure('expired'));
    expect(await kept.callback(callbackUrl)).toBe(failure('expired'));
    expect(await new CookieBrowser().callback(callbackUrl)).toBe(failure('expired'));
  });

  it("refuses a callback whose state is not the browser's flow (another flow's answer)", async () => {
    const browser = new CookieBrowser();
    const first = await browser.signInAtProvider(await start(browser), loginOf('two.tabs'));
    await start(browser); // a second sign-in started in the same browser replaces the flow
    expect(await browser.callback(first)).toBe(failure('state-mismatch'));
    const tampered = new URL(first);
    tampered.searchParams.set('state', 'forged');
    expect(await new CookieBrowser().callback(tampered.href)).toBe(failure('expired'));
  });

  it('refuses an ID token with another nonce than the flow sent', async () => {
    const browser = new CookieBrowser();
    const authorization = await start(browser);
    authorization.searchParams.set('nonce', 'a-nonce-of-the-attacker');
    expect(await browser.callback(await browser.signInAtProvider(authorization, loginOf('nonce')))).toBe(failure('unverifiable'));
  });

  it('lands a cancelled sign-in on the auth page', async () => {
    const browser = new CookieBrowser();
    const interaction = new URL((await browser.go(await start(browser))).location!, provider.issuer);
    const cancelled = await browser.followToCallback(new URL(`${interaction.pathname}/abort`, provider.issuer));
    expect(await browser.callback(cancelled)).toBe(failure('cancelled'));
  });
});

describe('a provider that cannot be reached', () => {
  it('sends the browser back to the auth page, and is asked again at the next sign-in', async () => {
    const { response, location } = await new CookieBrowser().go(`${strict.baseUrl}/api/auth/oidc/start`);
    expect({ status: response.status, location }).toEqual({ status: 303, location: failure('unavailable') });
    strictProvider = await startTestIdentityProvider({
      redirectUris: [`${strict.baseUrl}${SSO_CALLBACK_PATH}`],
      port: strictProviderPort,
      thinIdToken: true, // the e-mail comes from UserInfo
    });
    expect((await start(new CookieBrowser(), strict)).origin).toBe(strictProvider.issuer);
  });
});

describe('OIDC_AUTO_CREATE=false', () => {
  it('tells a person without an account to ask an administrator', async () => {
    expect(await singleSignOn(new CookieBrowser(), loginOf('no.account'), strict)).toBe(failure('no-account'));
    expect((await request(app, 'GET', `/api/check-email/${loginOf('no.account')}`)).body).toEqual({ exists: false });
  });
});

describe('PASSWORD_LOGIN=false', () => {
  it('lets the start-up admin (only) sign in with a password, and refuses registration', async () => {
    await addUser(
      app.ctx,
      { email: adminEmail, firstName: 'The', lastName: 'Boss', role: 'admin', department: 'Engineering', password: TEST_PASSWORD },
      { registered: false, firstLoginRequired: false },
      systemActor(),
    );
    const admin = await request(strict, 'POST', '/api/login', { body: { username: adminEmail, password: TEST_PASSWORD } });
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject({ passwordSignIn: true });
    const colleague = await createUserAndLogin(app);
    const refused = await request(strict, 'POST', '/api/login', {
      body: { username: colleague.user.email, password: TEST_PASSWORD },
    });
    expect(refused).toMatchObject({ status: 403, body: { error: S.passwordSignInOff } });
    expect((await request(strict, 'GET', '/api/user', { token: colleague.token })).body).toMatchObject({ passwordSignIn: false });
    const registration = {
      email: loginOf('late.comer'),
      firstName: 'Late',
      lastName: 'Comer',
      department: 'Engineering',
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    };
    expect(await request(strict, 'POST', '/api/register', { body: registration })).toMatchObject({
      status: 403,
      body: { error: S.registrationOff },
    });
    expect((await request(strict, 'GET', '/api/config')).body).toEqual({
      orgEmailDomain: domain,
      passwordLogin: false,
      sso: { buttonLabel: 'Sign in with Acme' },
    });
  });
});

describe('a deactivated account (a leaver)', () => {
  it('is refused at the callback, saying why, with nothing appended; once reactivated it signs in again', async () => {
    const leaver = await createUserAndLogin(app, { email: loginOf('lea.leaver') });
    await deactivateUser(app.ctx, leaver.user.id, systemActor());
    const before = (await eventsOf(leaver.user.id)).length;
    expect(await singleSignOn(new CookieBrowser(), loginOf('lea.leaver'))).toBe(failure('deactivated'));
    expect(await eventsOf(leaver.user.id)).toHaveLength(before);

    await reactivateUser(app.ctx, leaver.user.id, systemActor());
    expect(await singleSignOn(new CookieBrowser(), loginOf('lea.leaver'))).toBe('/auth?sso=signed-in');
  });
});
