import { ACCOUNT_MESSAGES as M, passwordResetResponseSchema } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, ensureDepartment, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

/**
 * Every route where a person chooses a password refuses one attackers try first (whatever its
 * case) with a 400 saying why, and takes a password SPEC's rules allow that is not on their list.
 */

let app: TestApp;
let admin: SignedInTestUser;
let sequence = 0;
const newEmail = () => `sprayed.${++sequence}@${app.ctx.config.orgEmailDomain}`;
const refused = { status: 400, body: { error: M.commonPassword } };

beforeAll(async () => {
  app = await startTestApp();
  await ensureDepartment(app.ctx, 'Engineering');
  admin = await createUserAndLogin(app, { role: 'admin' });
});

afterAll(() => app?.close());

const events = async () => Number((await app.ctx.pool.query('SELECT count(*) FROM eventstore.events')).rows[0].count);
const login = (username: string, password: string) => request(app, 'POST', '/api/login', { body: { username, password } });

describe('a password attackers try first', () => {
  it('is refused at registration, whatever its case, and nothing is recorded', async () => {
    const email = newEmail();
    const register = (password: string) =>
      request(app, 'POST', '/api/register', {
        body: { email, firstName: 'Sam', lastName: 'Sprayed', department: 'Engineering', password, confirmPassword: password },
      });
    const before = await events();
    for (const password of ['123456', 'password', 'qwerty123', 'Password1', 'PASSWORD1']) {
      expect(await register(password)).toMatchObject(refused);
    }
    expect(await events()).toBe(before);
    expect((await register('Temp-Pass1')).status).toBe(201);
  });

  it("is refused for an admin's new user and temporary password", async () => {
    const create = (password: string) =>
      request(app, 'POST', '/api/users', {
        token: admin.token,
        body: {
          email: newEmail(),
          firstName: 'Nia',
          lastName: 'New',
          role: 'employee',
          managerId: admin.user.id,
          department: 'Engineering',
          password,
        },
      });
    expect(await create('iloveyou')).toMatchObject(refused);
    const created = await create('Temp-Pass1');
    expect(created.status).toBe(201);

    const setTemporary = (tempPassword: string) =>
      request(app, 'POST', '/api/admin/set-temp-password', { token: admin.token, body: { userId: created.body.id, tempPassword } });
    expect(await setTemporary('Qwerty123')).toMatchObject(refused);
    expect((await setTemporary('Temp-Pass2')).status).toBe(200);
    expect((await login(created.body.email, 'Temp-Pass2')).status).toBe(200);
  });

  it('is refused when a signed-in person sets a new password, which stays as it was', async () => {
    const person = await createUserAndLogin(app);
    const setPassword = (password: string) =>
      request(app, 'POST', '/api/set-password', {
        token: person.token,
        body: { currentPassword: person.password, password, confirmPassword: password },
      });
    expect(await setPassword('password123')).toMatchObject(refused);
    expect((await login(person.user.email, 'password123')).status).toBe(401);
    expect((await setPassword('Chosen-by-me-1')).status).toBe(200);
  });

  it('is refused when a reset link is used, and the link still works for a good password', async () => {
    const person = await createUserAndLogin(app);
    const link = await request(app, 'POST', '/api/reset-password', { token: admin.token, body: { username: person.user.email } });
    const { resetToken } = passwordResetResponseSchema.parse(link.body);
    const confirm = (password: string) =>
      request(app, 'POST', '/api/reset-password-confirm', { body: { token: resetToken, password, confirmPassword: password } });
    expect(await confirm('1q2w3e4r5t')).toMatchObject(refused);
    expect((await confirm('After-reset-1')).status).toBe(200);
    expect((await login(person.user.email, 'After-reset-1')).status).toBe(200);
  });
});
