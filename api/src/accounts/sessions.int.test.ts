import { ACCOUNT_MESSAGES as M, loginResponseSchema } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TEST_PASSWORD, createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

let app: TestApp;
let admin: SignedInTestUser;

const login = (username: string, password: string) => request(app, 'POST', '/api/login', { body: { username, password } });
const statusOf = async (token: string, path = '/api/user') => (await request(app, 'GET', path, { token })).status;

/** A second device's sign-in to the same account. */
async function signInAgain(user: SignedInTestUser, password = user.password): Promise<string> {
  const response = await login(user.user.email, password);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return loginResponseSchema.parse(response.body).authToken;
}

const setPassword = (token: string, body: Record<string, unknown>) => request(app, 'POST', '/api/set-password', { token, body });

beforeAll(async () => {
  app = await startTestApp();
  admin = await createUserAndLogin(app, { role: 'admin' });
});
afterAll(() => app?.close());

describe('each sign-in is its own session', () => {
  it('logout on one device leaves the other devices signed in', async () => {
    const phone = await createUserAndLogin(app);
    const laptop = await signInAgain(phone);

    const out = await request(app, 'POST', '/api/logout', { token: phone.token });
    expect(out).toMatchObject({ status: 200, body: { message: 'You have been successfully logged out' } });
    expect(out.headers.get('set-cookie')).toMatch(/^authToken=;/);

    expect(await statusOf(phone.token)).toBe(401);
    expect((await request(app, 'GET', '/api/user', { headers: { cookie: `authToken=${phone.token}` } })).status).toBe(401);
    expect(await statusOf(laptop)).toBe(200);
    // Logging out again with the ended token changes nothing for the other device.
    expect((await request(app, 'POST', '/api/logout', { token: phone.token })).status).toBe(200);
    expect(await statusOf(laptop)).toBe(200);
  });

  it('sign out everywhere ends every session of the user, and only theirs', async () => {
    const phone = await createUserAndLogin(app);
    const laptop = await signInAgain(phone);
    const colleague = await createUserAndLogin(app);

    const out = await request(app, 'POST', '/api/logout-everywhere', { token: phone.token });
    expect(out).toMatchObject({ status: 200, body: { message: M.signedOutEverywhere } });
    expect(out.headers.get('set-cookie')).toMatch(/^authToken=;/);

    expect(await statusOf(phone.token)).toBe(401);
    expect(await statusOf(laptop)).toBe(401);
    expect(await statusOf(colleague.token)).toBe(200);
    expect(await statusOf(await signInAgain(phone))).toBe(200);
    expect((await request(app, 'POST', '/api/logout-everywhere', { token: phone.token })).status).toBe(401);
  });

  it('a password change ends the other sessions but not the current one', async () => {
    const phone = await createUserAndLogin(app);
    const laptop = await signInAgain(phone);

    const changed = await setPassword(phone.token, { currentPassword: phone.password, password: 'brand-new-pass' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const fresh = loginResponseSchema.extend({ message: z.string() }).parse(changed.body).authToken;

    expect(await statusOf(laptop)).toBe(401);
    expect(await statusOf(phone.token)).toBe(401); // the token before the change; its fresh one replaces it
    expect(await statusOf(fresh)).toBe(200);
    // The fresh token belongs to the same session: logging it out ends it.
    const tablet = await signInAgain(phone, 'brand-new-pass');
    expect((await request(app, 'POST', '/api/logout', { token: fresh })).status).toBe(200);
    expect(await statusOf(fresh)).toBe(401);
    expect(await statusOf(tablet)).toBe(200);
  });

  it('a temporary password set by an admin ends every session of the user', async () => {
    const phone = await createUserAndLogin(app);
    const laptop = await signInAgain(phone);
    const set = await request(app, 'POST', '/api/admin/set-temp-password', {
      token: admin.token,
      body: { userId: phone.user.id, tempPassword: 'temporary-1' },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(await statusOf(phone.token)).toBe(401);
    expect(await statusOf(laptop)).toBe(401);
  });

  it('a role change and a deletion take effect on the very next request', async () => {
    const user = await createUserAndLogin(app);
    expect(await statusOf(user.token, '/api/admin/users')).toBe(403);
    const promote = await request(app, 'PUT', `/api/users/${user.user.id}`, { token: admin.token, body: { role: 'admin' } });
    expect(promote.status, JSON.stringify(promote.body)).toBe(200);
    expect(await statusOf(user.token, '/api/admin/users')).toBe(200);
    const demote = await request(app, 'PUT', `/api/users/${user.user.id}`, { token: admin.token, body: { role: 'employee' } });
    expect(demote.status, JSON.stringify(demote.body)).toBe(200);
    expect(await statusOf(user.token, '/api/admin/users')).toBe(403);

    expect((await request(app, 'DELETE', `/api/users/${user.user.id}`, { token: admin.token })).status).toBe(200);
    expect(await statusOf(user.token)).toBe(401);
  });
});

describe('POST /api/set-password asks for the current password', () => {
  it('refuses a stolen token without the current password, and leaves the password as it was', async () => {
    const victim = await createUserAndLogin(app);
    const attempt = await setPassword(victim.token, { password: 'attacker-chosen', confirmPassword: 'attacker-chosen' });
    expect(attempt).toMatchObject({ status: 400, body: { error: M.currentPasswordRequired } });
    expect((await login(victim.user.email, 'attacker-chosen')).status).toBe(401);
    expect((await login(victim.user.email, TEST_PASSWORD)).status).toBe(200);
    expect(await statusOf(victim.token)).toBe(200);
  });

  it('refuses a wrong current password with a clear message', async () => {
    const victim = await createUserAndLogin(app);
    const attempt = await setPassword(victim.token, { currentPassword: 'a-guess', password: 'attacker-chosen' });
    expect(attempt).toMatchObject({ status: 400, body: { error: M.currentPasswordWrong } });
    expect((await login(victim.user.email, 'attacker-chosen')).status).toBe(401);
  });

  it('counts wrong current passwords as sign-in guesses: past the limit, a 429 before any check', async () => {
    const victim = await createUserAndLogin(app);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        setPassword(victim.token, { currentPassword: `guess-${i}`, password: 'attacker-chosen' }),
      ),
    );
    const statuses = guesses.map(({ status }) => status).sort();
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    const right = await setPassword(victim.token, { currentPassword: victim.password, password: 'owner-chosen' });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('lets a user forced to change a temporary password set one without the current password', async () => {
    const user = await createUserAndLogin(app);
    await request(app, 'POST', '/api/admin/set-temp-password', {
      token: admin.token,
      body: { userId: user.user.id, tempPassword: 'temporary-1' },
    });
    const forced = await signInAgain(user, 'temporary-1');
    const changed = await setPassword(forced, { password: 'chosen-by-me', confirmPassword: 'chosen-by-me' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.requiresPasswordChange).toBe(false);
  });
});
