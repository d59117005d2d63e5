import {
  MAX_UNEXPIRED_RESET_LINKS,
  PASSWORD_RESET_MESSAGES,
  RESET_TOKEN_PATTERN,
  currentUserResponseSchema,
  loginResponseSchema,
  managerOptionSchema,
  passwordResetResponseSchema,
  userStream,
} from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appendAndWait, systemActor } from '../platform/commands';
import { TEST_PASSWORD, createUserAndLogin, ensureDepartment } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { findUserByEmail } from '../users';
import { hashResetToken } from './password-commands';

let app: TestApp;
let domain: string;
let sequence = 0;

/** A fresh address in the organisation's domain. */
const newEmail = (name = 'person') => `${name}.${++sequence}@${domain}`;

function registration(overrides: Record<string, unknown> = {}) {
  return {
    email: newEmail(),
    firstName: 'Ada',
    lastName: 'Lovelace',
    department: 'Engineering',
    password: 'secret-1',
    confirmPassword: 'secret-1',
    ...overrides,
  };
}

let registrations = 0;
/** Each registration from an address of its own: the per-address limit has tests of its own (account-request-limits.int.test.ts). */
const register = (body: Record<string, unknown>) =>
  request(app, 'POST', '/api/register', { body, headers: { 'x-forwarded-for': `192.0.2.${++registrations}` } });
const login = (username: string, password: string) => request(app, 'POST', '/api/login', { body: { username, password } });
const currentUser = (token?: string) => request(app, 'GET', '/api/user', { token });

beforeAll(async () => {
  app = await startTestApp({ config: { trustProxy: true } });
  domain = app.ctx.config.orgEmailDomain;
  await ensureDepartment(app.ctx, 'Engineering');
});

afterAll(() => app?.close());

describe('POST /api/register', () => {
  it('creates an employee, signs them in and sets an httpOnly SameSite=Lax cookie', async () => {
    const email = newEmail('grace');
    const response = await register(registration({ email: email.toUpperCase(), firstName: 'Grace', lastName: 'Hopper' }));

    expect(response.status).toBe(201);
    const body = loginResponseSchema.parse(response.body);
    expect(body.user).toMatchObject({
      email,
      username: email,
      firstName: 'Grace',
      lastName: 'Hopper',
      role: 'employee',
      department: 'Engineering',
      managerId: null,
      firstLoginRequired: false,
    });
    expect(body.requiresPasswordChange).toBe(false);
    expect(body.hasDirectReports).toBe(false);
    expect(body.user.lastLogin).not.toBeNull();
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^authToken=${body.authToken};`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const me = await currentUser(body.authToken);
    expect(me.status).toBe(200);
    expect(currentUserResponseSchema.parse(me.body).user.id).toBe(body.user.id);
  });

  it('stores the department as listed and the chosen manager with their name', async () => {
    const manager = await createUserAndLogin(app, { firstName: 'Mary', lastName: 'Jackson' });
    const response = await register(registration({ department: 'engineering', managerId: manager.user.id }));
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({
      department: 'Engineering',
      managerId: manager.user.id,
      managerName: 'Mary Jackson',
    });

    const managerView = await currentUser(manager.token);
    expect(managerView.body.hasDirectReports).toBe(true);
  });

  it.each([
    [{ email: 'ada@gmail.com' }, 'Must be an @example.com email address'],
    [{ email: 'not an email' }, 'Must be a valid email address'],
    [{ firstName: '' }, 'First name is required'],
    [{ lastName: undefined }, 'Last name is required'],
    [{ department: ' ' }, 'Department is required'],
    [{ password: 'abc', confirmPassword: 'abc' }, 'Password must be at least 6 characters'],
    [{ confirmPassword: 'secret2' }, "Passwords don't match"],
    [{ managerId: 'boss' }, 'Manager must be a valid user id'],
    [{ managerId: 99999 }, 'The selected manager does not exist'],
    [{ department: 'Astrology' }, "Department 'Astrology' does not exist; pick one from the list"],
  ])('refuses %o with 400 "%s" and creates nothing', async (overrides, message) => {
    const body = registration(overrides);
    const response = await register(body);
    expect(response).toMatchObject({ status: 400, body: { error: message } });
    if (typeof body.email === 'string') expect(await findUserByEmail(app.ctx.db, body.email)).toBeUndefined();
  });

  it('refuses an address that already has an account, whatever its letter case', async () => {
    const body = registration();
    expect((await register(body)).status).toBe(201);
    const again = await register({ ...body, email: body.email.toUpperCase() });
    expect(again).toMatchObject({ status: 409, body: { error: 'This account already exists' } });
  });

  it('lets exactly one of 10 simultaneous registrations of one address through', async () => {
    const body = registration();
    const responses = await Promise.all(Array.from({ length: 10 }, () => register(body)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    expect(responses.filter((r) => r.status === 409).every((r) => r.body.error === 'This account already exists')).toBe(true);
  });
});

describe('GET /api/check-email/{email}', () => {
  it('tells whether an account exists, ignoring letter case', async () => {
    const { user } = await createUserAndLogin(app);
    expect((await request(app, 'GET', `/api/check-email/${encodeURIComponent(user.email.toUpperCase())}`)).body).toEqual({
      exists: true,
    });
    expect((await request(app, 'GET', `/api/check-email/${encodeURIComponent(newEmail('nobody'))}`)).body).toEqual({
      exists: false,
    });
  });
});

describe('GET /api/managers', () => {
  it('lists every account as id and names, signed out too, sorted by last name', async () => {
    await createUserAndLogin(app, { firstName: 'Zed', lastName: 'Aardvark' });
    const response = await request(app, 'GET', '/api/managers');
    expect(response.status).toBe(200);
    const managers = managerOptionSchema.array().parse(response.body);
    expect(managers[0]).toMatchObject({ firstName: 'Zed', lastName: 'Aardvark' });
    const lastNames = managers.map((m) => m.lastName);
    expect(lastNames).toEqual([...lastNames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});

describe('POST /api/login', () => {
  it('signs in with the e-mail in any letter case and returns the token and the user', async () => {
    const { user } = await createUserAndLogin(app);
    const response = await login(user.email.toUpperCase(), TEST_PASSWORD);
    expect(response.status).toBe(200);
    const body = loginResponseSchema.parse(response.body);
    expect(body.user.id).toBe(user.id);
    expect(body.requiresPasswordChange).toBe(false);
    expect(response.headers.get('set-cookie')).toMatch(/^authToken=/);
  });

  it('says which of the two credentials is wrong', async () => {
    const { user } = await createUserAndLogin(app);
    const wrong = await login(user.email, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toContain('password you entered is incorrect');
    expect(await login(newEmail('ghost'), 'whatever')).toMatchObject({
      status: 401,
      body: { error: 'This account does not exist, please register your email account to begin using the tool' },
    });
  });

  it('requires a username and a password', async () => {
    expect(await login('', 'x')).toMatchObject({ status: 400, body: { error: 'Username is required' } });
    expect(await login('a@example.com', '')).toMatchObject({ status: 400, body: { error: 'Password is required' } });
  });

  it('refuses further attempts after 10 failures for one account from one address, even with the right password', async () => {
    const { user } = await createUserAndLogin(app);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await login(user.email, 'wrong-password')).status).toBe(401);
    }
    const blocked = await login(user.email, TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('Too many failed login attempts. Please wait 15 minutes or reset your password.');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);

    const colleague = await createUserAndLogin(app);
    expect((await login(colleague.user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('forgives earlier typos after a successful sign-in', async () => {
    const { user } = await createUserAndLogin(app);
    for (let attempt = 0; attempt < 9; attempt++) await login(user.email, 'typo');
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
    for (let attempt = 0; attempt < 9; attempt++) await login(user.email, 'typo');
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
  });
});

describe('GET /api/user', () => {
  it('answers 401 when signed out or with a token that is not ours', async () => {
    expect(await currentUser()).toMatchObject({ status: 401, body: { error: 'Please sign in to continue' } });
    expect((await currentUser('not-a-jwt')).status).toBe(401);
    const { token } = await createUserAndLogin(app);
    const [header, payload] = token.split('.');
    expect((await currentUser(`${header}.${payload}.forged-signature`)).status).toBe(401);
  });

  it('accepts the authToken cookie instead of the Bearer header', async () => {
    const { token, user } = await createUserAndLogin(app);
    const response = await request(app, 'GET', '/api/user', { headers: { cookie: `authToken=${token}` } });
    expect(response.status).toBe(200);
    expect(response.body.user.id).toBe(user.id);
  });
});

describe('POST /api/logout', () => {
  it("ends this sign-in (not the user's others) and clears the cookie", async () => {
    const { user, token } = await createUserAndLogin(app);
    const second = loginResponseSchema.parse((await login(user.email, TEST_PASSWORD)).body).authToken;

    const response = await request(app, 'POST', '/api/logout', { token });
    expect(response).toMatchObject({ status: 200, body: { message: 'You have been successfully logged out' } });
    expect(response.headers.get('set-cookie')).toMatch(/^authToken=;/);

    expect((await currentUser(token)).status).toBe(401);
    expect((await currentUser(second)).status).toBe(200);
    expect((await request(app, 'GET', '/api/user', { headers: { cookie: `authToken=${token}` } })).status).toBe(401);
    const again = loginResponseSchema.parse((await login(user.email, TEST_PASSWORD)).body).authToken;
    expect((await currentUser(again)).status).toBe(200);
  });

  it('succeeds without a valid sign-in too', async () => {
    expect((await request(app, 'POST', '/api/logout')).status).toBe(200);
    expect((await request(app, 'POST', '/api/logout', { token: 'expired.or.bogus' })).status).toBe(200);
  });
});

describe('POST /api/set-password', () => {
  it('changes the password, ends earlier sign-ins and returns a fresh token', async () => {
    const { user, token } = await createUserAndLogin(app);
    const response = await request(app, 'POST', '/api/set-password', {
      token,
      body: { currentPassword: TEST_PASSWORD, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
    });
    expect(response.status).toBe(200);
    const body = loginResponseSchema.extend({ message: z.string() }).parse(response.body);
    expect(body.message).toBe('Password updated successfully');

    expect((await currentUser(token)).status).toBe(401);
    expect((await currentUser(body.authToken)).status).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(user.email, 'brand-new-pass')).status).toBe(200);
  });

  it('needs 8 characters, a matching confirmation and a sign-in', async () => {
    const { token } = await createUserAndLogin(app);
    const set = (body: object, withToken = token) => request(app, 'POST', '/api/set-password', { token: withToken, body });
    expect(await set({ password: 'short', confirmPassword: 'short' })).toMatchObject({
      status: 400,
      body: { error: 'Password must be at least 8 characters' },
    });
    expect(await set({ password: 'long-enough', confirmPassword: 'long-enougH' })).toMatchObject({
      status: 400,
      body: { error: "Passwords don't match" },
    });
    expect((await request(app, 'POST', '/api/set-password', { body: { password: 'long-enough' } })).status).toBe(401);
  });
});

describe('password reset', () => {
  const requestReset = (username: string, token?: string) =>
    request(app, 'POST', '/api/reset-password', { body: { username }, token });
  const confirmReset = (token: string, password: string) =>
    request(app, 'POST', '/api/reset-password-confirm', { body: { token, password, confirmPassword: password } });

  // An administrator's link for another account comes in the answer (password-reset.int.test.ts: the mailed one).
  let adminToken: string;
  beforeAll(async () => {
    adminToken = (await createUserAndLogin(app, { role: 'admin' })).token;
  });
  const handedOverToken = async (email: string) =>
    passwordResetResponseSchema.parse((await requestReset(email, adminToken)).body).resetToken;

  it('issues a 64-hex token with an absolute link, usable once, that ends earlier sign-ins', async () => {
    const { user, token: session } = await createUserAndLogin(app);
    const response = await requestReset(user.email, adminToken);
    expect(response.status).toBe(200);
    const body = passwordResetResponseSchema.parse(response.body);
    expect(body.resetToken).toMatch(RESET_TOKEN_PATTERN);
    expect(body.resetLink).toBe(`${app.ctx.config.publicUrl}/auth?token=${body.resetToken}`);

    expect(await confirmReset(body.resetToken, 'after-reset-1')).toMatchObject({
      status: 200,
      body: { message: 'Password reset successful' },
    });
    expect((await currentUser(session)).status).toBe(401);
    expect((await login(user.email, 'after-reset-1')).status).toBe(200);

    expect(await confirmReset(body.resetToken, 'after-reset-2')).toMatchObject({
      status: 400,
      body: { error: 'This reset link has expired or was already used. Please request a new one.' },
    });
    expect((await login(user.email, 'after-reset-2')).status).toBe(401);
  });

  it('keeps earlier tokens valid when another is issued, and using one ends the others', async () => {
    const { user } = await createUserAndLogin(app);
    const first = await handedOverToken(user.email);
    const second = await handedOverToken(user.email);
    expect((await confirmReset(first, 'new-password-1')).status).toBe(200);
    expect((await confirmReset(second, 'new-password-2')).status).toBe(400);
    expect((await login(user.email, 'new-password-1')).status).toBe(200);
  });

  it(`issues at most ${MAX_UNEXPIRED_RESET_LINKS} unexpired tokens, and none after a password change ended them`, async () => {
    const { user, token, password } = await createUserAndLogin(app);
    const tokens = [];
    for (let i = 0; i < MAX_UNEXPIRED_RESET_LINKS; i += 1) tokens.push(await handedOverToken(user.email));
    expect(await requestReset(user.email, adminToken)).toMatchObject({
      status: 409,
      body: { error: PASSWORD_RESET_MESSAGES.tooManyUnexpiredLinks(MAX_UNEXPIRED_RESET_LINKS) },
    });
    const changed = await request(app, 'POST', '/api/set-password', {
      token,
      body: { currentPassword: password, password: 'changed-meanwhile', confirmPassword: 'changed-meanwhile' },
    });
    expect(changed.status).toBe(200);
    for (const issued of tokens) expect((await confirmReset(issued, 'too-late-password')).status).toBe(400);
    expect((await confirmReset(await handedOverToken(user.email), 'after-change-1')).status).toBe(200);
  });

  it('refuses a token after its 15 minutes', async () => {
    const { user } = await createUserAndLogin(app);
    const token = 'c'.repeat(64);
    const row = (await findUserByEmail(app.ctx.db, user.email))!;
    // A request made 16 minutes ago: its expiry passed a minute ago.
    await appendAndWait(
      app.ctx,
      userStream(user.id),
      [
        {
          type: 'PasswordResetRequested',
          data: { userId: user.id, tokenHash: hashResetToken(token), expiresAt: new Date(Date.now() - 60_000).toISOString() },
        },
      ],
      row.version,
      systemActor(),
    );
    expect(await confirmReset(token, 'too-late-password')).toMatchObject({
      status: 400,
      body: { error: 'This reset link has expired or was already used. Please request a new one.' },
    });
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("lets only one of three simultaneous uses of an account's tokens through", async () => {
    const { user } = await createUserAndLogin(app);
    const token = await handedOverToken(user.email);
    const other = await handedOverToken(user.email);
    const results = await Promise.all([
      confirmReset(token, 'first-choice'),
      confirmReset(token, 'second-choice'),
      confirmReset(other, 'third-choice'),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400 || r.status === 409)).toHaveLength(2);
  });

  it('validates the token format, the new password and the username', async () => {
    expect(await confirmReset('ABC', 'long-enough')).toMatchObject({
      status: 400,
      body: { error: 'Invalid Token: Reset token must be exactly 64 characters (hex format).' },
    });
    expect(await confirmReset('d'.repeat(64), 'short')).toMatchObject({
      status: 400,
      body: { error: 'Password must be at least 8 characters' },
    });
    expect(await requestReset('')).toMatchObject({ status: 400, body: { error: 'Username is required' } });
  });

  it('keeps passwords and reset tokens out of the event log', async () => {
    const password = 'plain-text-never-stored';
    const { user } = await createUserAndLogin(app, { password });
    const resetToken = await handedOverToken(user.email);
    await confirmReset(resetToken, 'another-plain-password');

    const { events } = await app.ctx.store.readAll(null, 100_000);
    const log = JSON.stringify(events);
    expect(log).not.toContain(password);
    expect(log).not.toContain('another-plain-password');
    expect(log).not.toContain(resetToken);
    expect(log).toContain(hashResetToken(resetToken));
    expect(log).toMatch(/\$argon2id\$/);
  });
});

describe('odd input', () => {
  it('answers 4xx, never 500', async () => {
    expect((await request(app, 'GET', '/api/check-email/%E0%A4%A')).status).toBe(400);
    expect(await login('x'.repeat(300), 'whatever')).toMatchObject({
      status: 400,
      body: { error: 'This account does not exist, please register your email account to begin using the tool' },
    });
    expect(await register(registration({ email: `${'a'.repeat(250)}@example.com` }))).toMatchObject({
      status: 400,
      body: { error: 'Must be a valid email address' },
    });
    expect(await register(registration({ managerId: 2 ** 31 }))).toMatchObject({
      status: 400,
      body: { error: 'Manager must be a valid user id' },
    });
    expect((await request(app, 'POST', '/api/register', { body: ['not', 'an', 'object'] })).status).toBe(400);
    expect((await request(app, 'POST', '/api/login', { body: 'just a string' })).status).toBe(400);
  });
});
