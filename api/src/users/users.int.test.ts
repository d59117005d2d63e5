import { loginResponseSchema, userSchema, userSummarySchema } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createUserAndLogin, ensureDepartment, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

let app: TestApp;
let admin: SignedInTestUser;
let domain: string;
let sequence = 0;

const newEmail = (name = 'colleague') => `${name}.${++sequence}@${domain}`;

function newUser(overrides: Record<string, unknown> = {}) {
  return {
    email: newEmail(),
    firstName: 'Katherine',
    lastName: 'Johnson',
    role: 'employee',
    managerId: admin.user.id,
    department: 'Engineering',
    password: 'first-pass',
    ...overrides,
  };
}

const createUser = (body: object, token = admin.token) => request(app, 'POST', '/api/users', { token, body });
const updateUser = (id: number, body: object, token: string) => request(app, 'PUT', `/api/users/${id}`, { token, body });
const login = (username: string, password: string) => request(app, 'POST', '/api/login', { body: { username, password } });

beforeAll(async () => {
  app = await startTestApp();
  domain = app.ctx.config.orgEmailDomain;
  await ensureDepartment(app.ctx, 'Sales');
  admin = await createUserAndLogin(app, { role: 'admin', firstName: 'Alan', lastName: 'Admin' });
});

afterAll(() => app?.close());

describe('GET /api/users', () => {
  it('needs a sign-in', async () => {
    expect((await request(app, 'GET', '/api/users')).status).toBe(401);
  });

  it('gives colleagues the directory fields and admins the full records, sorted by last name', async () => {
    await createUserAndLogin(app, { lastName: 'Zimmer' });
    await createUserAndLogin(app, { lastName: 'Abbott' });
    const employee = await createUserAndLogin(app);

    const seen = await request(app, 'GET', '/api/users', { token: employee.token });
    expect(seen.status).toBe(200);
    const summaries = userSummarySchema.array().parse(seen.body);
    const lastNames = summaries.map((u) => u.lastName);
    expect(lastNames).toEqual([...lastNames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const full = userSchema.array().parse((await request(app, 'GET', '/api/users', { token: admin.token })).body);
    expect(full.map((u) => u.id)).toEqual(summaries.map((u) => u.id));
  });
});

describe('GET /api/users/{id}', () => {
  it('shows the full record to the user and admins, the directory fields to others', async () => {
    const ada = await createUserAndLogin(app);
    const bob = await createUserAndLogin(app);
    userSchema.parse((await request(app, 'GET', `/api/users/${ada.user.id}`, { token: ada.token })).body);
    userSchema.parse((await request(app, 'GET', `/api/users/${ada.user.id}`, { token: admin.token })).body);
    const asColleague = await request(app, 'GET', `/api/users/${ada.user.id}`, { token: bob.token });
    expect(userSummarySchema.parse(asColleague.body)).toMatchObject({ firstName: ada.user.firstName, lastName: ada.user.lastName });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect(await request(app, 'GET', '/api/users/999999', { token: admin.token })).toMatchObject({
      status: 404,
      body: { error: 'User not found' },
    });
    for (const id of ['abc', '0', '1.5', '99999999999']) {
      expect(await request(app, 'GET', `/api/users/${id}`, { token: admin.token })).toMatchObject({
        status: 400,
        body: { error: 'User id must be an integer of at least 1' },
      });
    }
  });
});

describe('POST /api/users (admin)', () => {
  it('creates a user who must change the password at first login', async () => {
    const body = newUser({ role: 'manager' });
    const response = await createUser(body);
    expect(response.status).toBe(201);
    const created = userSchema.parse(response.body);
    expect(created).toMatchObject({
      email: body.email,
      role: 'manager',
      managerId: admin.user.id,
      managerName: 'Alan Admin',
      firstLoginRequired: true,
    });

    const signIn = loginResponseSchema.parse((await login(body.email, 'first-pass')).body);
    expect(signIn.requiresPasswordChange).toBe(true);
    // Until the password is changed only the current user, set-password and logout answer.
    expect((await request(app, 'GET', '/api/user', { token: signIn.authToken })).status).toBe(200);
    expect(await request(app, 'GET', '/api/users', { token: signIn.authToken })).toMatchObject({
      status: 403,
      body: { error: 'You must set a new password before continuing' },
    });
    const changed = await request(app, 'POST', '/api/set-password', {
      token: signIn.authToken,
      body: { password: 'chosen-by-me', confirmPassword: 'chosen-by-me' },
    });
    expect(changed.body.requiresPasswordChange).toBe(false);
    expect((await request(app, 'GET', '/api/users', { token: changed.body.authToken })).status).toBe(200);
  });

  it.each([
    [{ managerId: undefined }, 'Manager is required'],
    [{ managerId: null }, 'Manager is required'],
    [{ role: 'owner' }, 'Role must be one of employee, manager, hr, smt, admin'],
    [{ email: 'x@elsewhere.org' }, 'Must be an @example.com email address'],
    [{ firstName: ' ' }, 'First name is required'],
    [{ department: '' }, 'Department is required'],
    [{ password: undefined }, 'Password is required'],
    [{ password: '12345' }, 'Password must be at least 6 characters'],
  ])('refuses %o with 400 "%s"', async (overrides, message) => {
    expect(await createUser(newUser(overrides))).toMatchObject({ status: 400, body: { error: message } });
  });

  it('is for admins only', async () => {
    const manager = await createUserAndLogin(app, { role: 'manager' });
    expect(await createUser(newUser(), manager.token)).toMatchObject({ status: 403, body: { error: 'Admin access required' } });
    expect((await request(app, 'POST', '/api/users', { body: newUser() })).status).toBe(401);
  });

  it('creates exactly one of 10 simultaneous users with one address', async () => {
    const body = newUser();
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => createUser(body)))).map((r) => r.status);
    expect(statuses.sort()).toEqual([201, ...Array(9).fill(409)]);
  });
});

describe('PUT /api/users/{id}: own profile', () => {
  it('changes manager and department; the manager name follows the chosen manager', async () => {
    const boss = await createUserAndLogin(app, { firstName: 'Dorothy', lastName: 'Vaughan' });
    const me = await createUserAndLogin(app);
    const response = await updateUser(
      me.user.id,
      { ...me.user, managerId: boss.user.id, managerName: 'Dorothy Vaughan', department: 'sales' },
      me.token,
    );
    expect(response.status).toBe(200);
    expect(userSchema.parse(response.body)).toMatchObject({
      managerId: boss.user.id,
      managerName: 'Dorothy Vaughan',
      department: 'Sales',
    });
    expect((await request(app, 'GET', '/api/user', { token: boss.token })).body.hasDirectReports).toBe(true);
  });

  it('keeps a typed manager name without a matching account', async () => {
    const me = await createUserAndLogin(app);
    const response = await updateUser(me.user.id, { managerId: null, managerName: 'Someone Outside' }, me.token);
    expect(response.body).toMatchObject({ managerId: null, managerName: 'Someone Outside' });
  });

  it("refuses someone else's profile", async () => {
    const me = await createUserAndLogin(app);
    const other = await createUserAndLogin(app, { managerId: me.user.id });
    expect(await updateUser(other.user.id, { department: 'Sales' }, me.token)).toMatchObject({
      status: 403,
      body: { error: 'You can only update your own profile' },
    });
  });

  // The decision rules (own role, identity fields, unknown department, own manager, loops) are
  // given/when/then tests of the account decider; this one checks the loop lookup on real data.
  it('finds a management loop through the read models', async () => {
    const me = await createUserAndLogin(app);
    const report = await createUserAndLogin(app, { managerId: me.user.id });
    const indirect = await createUserAndLogin(app, { managerId: report.user.id });
    expect(await updateUser(me.user.id, { managerId: indirect.user.id }, me.token)).toMatchObject({
      status: 400,
      body: { error: 'This manager reports (directly or indirectly) to the user; pick another manager' },
    });
  });
});

describe('PUT /api/users/{id}: admin', () => {
  it('changes any field, and a new e-mail frees the old one', async () => {
    const target = await createUserAndLogin(app);
    const newAddress = newEmail('renamed');
    const response = await updateUser(
      target.user.id,
      { username: newAddress, firstName: 'Renamed', lastName: 'Person', role: 'hr', managerId: admin.user.id, department: 'Sales' },
      admin.token,
    );
    expect(response.status).toBe(200);
    expect(userSchema.parse(response.body)).toMatchObject({
      email: newAddress,
      firstName: 'Renamed',
      role: 'hr',
      department: 'Sales',
    });

    expect((await login(newAddress, TEST_PASSWORD)).status).toBe(200);
    const reuse = await request(app, 'POST', '/api/register', {
      body: {
        email: target.user.email,
        firstName: 'New',
        lastName: 'Owner',
        department: 'Sales',
        password: 'secret-1',
        confirmPassword: 'secret-1',
      },
    });
    expect(reuse.status).toBe(201);
    const taken = await updateUser(target.user.id, { email: reuse.body.user.email }, admin.token);
    expect(taken).toMatchObject({ status: 409, body: { error: 'This account already exists' } });
  });

  it("renaming a manager renames the manager's name on their reports", async () => {
    const boss = await createUserAndLogin(app, { firstName: 'Old', lastName: 'Name' });
    const report = await createUserAndLogin(app, { managerId: boss.user.id });
    await updateUser(boss.user.id, { firstName: 'New' }, admin.token);
    const seen = await request(app, 'GET', `/api/users/${report.user.id}`, { token: report.token });
    expect(seen.body.managerName).toBe('New Name');
  });
});

describe('DELETE /api/users/{id}', () => {
  it('removes the account, ends its sign-ins, frees the address and detaches its reports', async () => {
    const leaver = await createUserAndLogin(app);
    const report = await createUserAndLogin(app, { managerId: leaver.user.id });
    expect(await request(app, 'DELETE', `/api/users/${leaver.user.id}`, { token: admin.token })).toMatchObject({
      status: 200,
      body: { message: 'User deleted' },
    });
    expect((await request(app, 'GET', '/api/user', { token: leaver.token })).status).toBe(401);
    expect((await request(app, 'GET', `/api/users/${leaver.user.id}`, { token: admin.token })).status).toBe(404);
    const reportNow = (await request(app, 'GET', `/api/users/${report.user.id}`, { token: report.token })).body;
    expect(reportNow).toMatchObject({ managerId: null, managerName: leaver.user.firstName + ' ' + leaver.user.lastName });
    expect((await request(app, 'GET', `/api/check-email/${leaver.user.email}`)).body).toEqual({ exists: false });
    expect((await createUser(newUser({ email: leaver.user.email }))).status).toBe(201);
  });

  it('is for admins only', async () => {
    const employee = await createUserAndLogin(app);
    expect((await request(app, 'DELETE', `/api/users/${admin.user.id}`, { token: employee.token })).status).toBe(403);
  });
});

describe('POST /api/admin/set-temp-password', () => {
  const setTemp = (body: object, token = admin.token) => request(app, 'POST', '/api/admin/set-temp-password', { token, body });

  it('forces a change at the next sign-in and ends current sign-ins', async () => {
    const target = await createUserAndLogin(app);
    expect((await setTemp({ userId: target.user.id, tempPassword: 'temp-123' })).status).toBe(200);
    expect((await request(app, 'GET', '/api/user', { token: target.token })).status).toBe(401);
    expect((await login(target.user.email, TEST_PASSWORD)).status).toBe(401);
    const signIn = loginResponseSchema.parse((await login(target.user.email, 'temp-123')).body);
    expect(signIn.requiresPasswordChange).toBe(true);
  });

  it('validates and is for admins only', async () => {
    const target = await createUserAndLogin(app);
    expect(await setTemp({ userId: target.user.id })).toMatchObject({
      status: 400,
      body: { error: 'Temporary password is required' },
    });
    expect(await setTemp({ userId: target.user.id, tempPassword: 'abc' })).toMatchObject({
      status: 400,
      body: { error: 'Password must be at least 6 characters' },
    });
    expect((await setTemp({ userId: target.user.id, tempPassword: 'abcdef' }, target.token)).status).toBe(403);
  });
});
