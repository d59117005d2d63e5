import {
  adminBulkEntriesResultSchema,
  adminStatsSchema,
  adminUsersPageSchema,
  entryStream,
  userStream,
  type AdminUsersPage,
} from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, ensureDepartment, TEST_PASSWORD, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

let app: TestApp;
let admin: SignedInTestUser;

beforeAll(async () => {
  app = await startTestApp();
  admin = await createUserAndLogin(app, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
});

afterAll(() => app?.close());

const asAdmin = (method: string, path: string, body?: unknown) => request(app, method, path, { token: admin.token, body });

const entry = (overrides: Record<string, unknown> = {}) => ({
  trainingName: 'Excel basics',
  date: '2026-03-02',
  hours: 2,
  ...overrides,
});

describe('GET /api/admin-stats', () => {
  it('counts users, entries, hours and departments, and follows changes', async () => {
    const before = adminStatsSchema.parse((await asAdmin('GET', '/api/admin-stats')).body);
    const employee = await createUserAndLogin(app, { department: 'Stats Dept' });
    for (const hours of [1.5, 2.25]) {
      const logged = await request(app, 'POST', '/api/entries', {
        token: employee.token,
        body: entry({
          hours,
          trainingName: `Course ${hours}`,
          firstName: 'A',
          lastName: 'B',
          managerName: 'M',
          department: 'Stats Dept',
        }),
      });
      expect(logged.status).toBe(201);
    }
    const after = adminStatsSchema.parse((await asAdmin('GET', '/api/admin-stats')).body);
    expect(after).toEqual({
      totalUsers: before.totalUsers + 1,
      totalEntries: before.totalEntries + 2,
      totalHours: before.totalHours + 3.75,
      totalDepartments: before.totalDepartments + 1,
    });
  });
});

describe('GET /api/admin/users', () => {
  const page = async (query: string): Promise<AdminUsersPage> => {
    const response = await asAdmin('GET', `/api/admin/users${query}`);
    expect(response.status).toBe(200);
    return adminUsersPageSchema.parse(response.body);
  };

  it('serves 50 users a page by last name then first name, with the total', async () => {
    // 60 people whose last names all start with "Pager", created in shuffled order.
    const names = Array.from({ length: 60 }, (_, index) => `Pager${String(59 - index).padStart(2, '0')}`);
    for (const lastName of names) await createUserAndLogin(app, { lastName, firstName: lastName.endsWith('7') ? 'Zed' : 'Amy' });
    await createUserAndLogin(app, { lastName: 'Pager07', firstName: 'Bob' });

    const first = await page('?search=pager');
    expect(first).toMatchObject({ total: 61, page: 1, pageSize: 50, totalPages: 2 });
    expect(first.users).toHaveLength(50);
    const second = await page('?search=pager&page=2');
    expect(second.users).toHaveLength(11);
    const listed = [...first.users, ...second.users].map((user) => `${user.lastName} ${user.firstName}`);
    const expected = [...names.map((last) => `${last} ${last.endsWith('7') ? 'Zed' : 'Amy'}`), 'Pager07 Bob'].sort((a, b) =>
      a < b ? -1 : 1,
    );
    expect(listed).toEqual(expected);
    expect(listed.indexOf('Pager07 Bob')).toBeLessThan(listed.indexOf('Pager07 Zed'));
    expect((await page('?search=pager&page=9')).users).toEqual([]);
  });

  it('searches first name, last name, full name and e-mail ignoring case; % and _ are plain characters', async () => {
    const grace = await createUserAndLogin(app, {
      firstName: 'Grace',
      lastName: 'Hopperton',
      email: `g.hop_per@${app.ctx.config.orgEmailDomain}`,
    });
    await createUserAndLogin(app, { firstName: 'Gracie', lastName: 'Other' });
    const ids = async (search: string) => (await page(`?search=${encodeURIComponent(search)}`)).users.map((user) => user.id);
    expect(await ids('HOPPERTON')).toEqual([grace.user.id]);
    expect(await ids('grace hopp')).toEqual([grace.user.id]);
    expect(await ids('g.hop_per@')).toEqual([grace.user.id]);
    expect(await ids('hop%per')).toEqual([]);
    expect((await ids('grac')).length).toBe(2);
  });

  it('filters by role and lists direct reports, sorted like the list', async () => {
    const boss = await createUserAndLogin(app, { role: 'smt', lastName: 'Bossman' });
    const zoe = await createUserAndLogin(app, { managerId: boss.user.id, lastName: 'Zulu' });
    const abe = await createUserAndLogin(app, { managerId: boss.user.id, lastName: 'Alpha' });
    const result = await page('?role=smt&search=bossman');
    expect(result.total).toBe(1);
    expect(result.users[0]!.directReports.map((report) => report.id)).toEqual([abe.user.id, zoe.user.id]);
    expect(result.users[0]!.directReports[0]).not.toHaveProperty('lastLogin');
    expect((await page('?role=hr&search=bossman')).total).toBe(0);
  });

  it('refuses a bad page, a bad role and unknown parameters with 400', async () => {
    for (const query of ['?page=0', '?page=x', '?role=boss', '?size=10', '?page=1&page=2']) {
      const response = await asAdmin('GET', `/api/admin/users${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error).toEqual(expect.any(String));
    }
  });

  it('leaves GET /api/users the whole pool of possible managers', async () => {
    const all = await asAdmin('GET', '/api/users');
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThan(50);
  });
});

describe('POST /api/sync-roles', () => {
  it('promotes employees with reports, demotes managers without, leaves hr, smt and admin; a second call changes nothing', async () => {
    await request(app, 'POST', '/api/sync-roles', { token: admin.token }); // start from a synced organisation
    const lead = await createUserAndLogin(app, { role: 'employee' });
    await createUserAndLogin(app, { managerId: lead.user.id });
    const idleManager = await createUserAndLogin(app, { role: 'manager' });
    const busyManager = await createUserAndLogin(app, { role: 'manager' });
    await createUserAndLogin(app, { managerId: busyManager.user.id });
    const hr = await createUserAndLogin(app, { role: 'hr' });
    const smtWithReport = await createUserAndLogin(app, { role: 'smt' });
    await createUserAndLogin(app, { managerId: smtWithReport.user.id, role: 'manager' });

    const first = await asAdmin('POST', '/api/sync-roles');
    expect(first).toMatchObject({ status: 200, body: { promoted: 1, demoted: 2 } });
    const roleOf = async (id: number) => (await asAdmin('GET', `/api/users/${id}`)).body.role;
    expect(await roleOf(lead.user.id)).toBe('manager');
    expect(await roleOf(idleManager.user.id)).toBe('employee');
    expect(await roleOf(busyManager.user.id)).toBe('manager');
    expect(await roleOf(hr.user.id)).toBe('hr');
    expect(await roleOf(smtWithReport.user.id)).toBe('smt');
    expect(await roleOf(admin.user.id)).toBe('admin');

    expect((await asAdmin('POST', '/api/sync-roles')).body).toEqual({ promoted: 0, demoted: 0 });
    const changes = (await app.ctx.store.readStream(userStream(lead.user.id))).filter((event) => event.type === 'UserUpdated');
    expect(changes.map((event) => event.data)).toEqual([{ userId: lead.user.id, changes: { role: 'manager' } }]);
  });
});

describe('POST /api/admin/entries/bulk', () => {
  let employee: SignedInTestUser;

  beforeAll(async () => {
    const manager = await createUserAndLogin(app, { firstName: 'Mona', lastName: 'Manager' });
    await ensureDepartment(app.ctx, 'Bulk Dept');
    employee = await createUserAndLogin(app, {
      managerId: manager.user.id,
      department: 'Bulk Dept',
      firstName: 'Eve',
      lastName: 'Employee',
    });
  });

  const bulk = async (entries: unknown[], targetUserId: unknown = employee.user.id) => {
    const response = await asAdmin('POST', '/api/admin/entries/bulk', { entries, targetUserId, validateData: true });
    return {
      status: response.status,
      body: response.status === 200 ? adminBulkEntriesResultSchema.parse(response.body) : response.body,
    };
  };
  const entriesOf = async (user: SignedInTestUser) =>
    (await request(app, 'GET', `/api/entries?userId=${user.user.id}`, { token: admin.token })).body as Record<string, unknown>[];

  it("logs rows under the admin grid's rules for the employee, with their names, manager and department", async () => {
    const { status, body } = await bulk([
      entry({ trainingName: 'Conf talk', trainingType: 'conference', beInnovative: '1', rating: '5' }),
      entry({ trainingName: 'Self paced', trainingType: 'self-study', beInnovative: 0, managerName: 'Someone Else' }),
    ]);
    expect(status).toBe(200);
    expect(body).toMatchObject({ created: 2, failed: 0, duplicates: 0, errors: [], duplicateIndexes: [] });
    const stored = await entriesOf(employee);
    expect(stored.find((row) => row.trainingName === 'Conf talk')).toMatchObject({
      userId: employee.user.id,
      firstName: 'Eve',
      lastName: 'Employee',
      managerName: 'Mona Manager',
      department: 'Bulk Dept',
      trainingType: 'conference',
      beInnovative: true,
      rating: 5,
    });
    expect(stored.find((row) => row.trainingName === 'Self paced')).toMatchObject({
      trainingType: 'self-study',
      beInnovative: false,
      managerName: 'Someone Else',
    });
  });

  it('skips and counts duplicates of stored entries and within the batch; reports bad rows by their own index', async () => {
    await bulk([entry({ trainingName: 'Stored once', date: '2026-04-01' })]);
    const { body } = await bulk([
      entry({ trainingName: '  STORED once ', date: '2026-04-01' }), // stored already
      entry({ trainingName: 'New one', date: '2026-04-02' }),
      entry({ trainingName: 'new ONE', date: '2026-04-02' }), // repeats row 1
      entry({ trainingName: 'New one', date: '2026-04-03' }), // another date: not a duplicate
      entry({ trainingName: 'Bad type', trainingType: 'seminar' }),
      entry({ trainingName: 'Bad rating', rating: '7' }),
    ]);
    expect(body).toMatchObject({ created: 2, failed: 2, duplicates: 2, duplicateIndexes: [0, 2] });
    expect(body.errors.map((error: { index: number }) => error.index)).toEqual([4, 5]);
    expect(JSON.stringify(body.errors[0])).toContain(
      'Training type must be one of: internal, external, self-study, conference, webinar, workshop, certification',
    );
    const names = (await entriesOf(employee)).map((row) => row.trainingName);
    expect(names.filter((name) => String(name).toLowerCase().trim() === 'new one')).toHaveLength(2);
    expect(names.filter((name) => String(name).toLowerCase().trim() === 'stored once')).toHaveLength(1);
  });

  it("refuses an admin as the target, an unknown target and a missing one ('No employee selected')", async () => {
    const otherAdmin = await createUserAndLogin(app, { role: 'admin' });
    expect(await bulk([entry()], otherAdmin.user.id)).toEqual({
      status: 400,
      body: { error: 'Entries cannot be imported for an admin user; pick an employee' },
    });
    expect(await bulk([entry()], 999_999)).toEqual({ status: 404, body: { error: 'User not found' } });
    expect(await bulk([entry()], null)).toEqual({ status: 400, body: { error: 'No employee selected' } });
    expect(await entriesOf(otherAdmin)).toEqual([]);
  });
});

describe('DELETE /api/users/{id} (what the admin panel decides)', () => {
  it('removes the account from lists and sign-in, its entries and targets from the read models, keeps the event log, and detaches reports', async () => {
    const leaver = await createUserAndLogin(app, { firstName: 'Lea', lastName: 'Leaver' });
    const report = await createUserAndLogin(app, { managerId: leaver.user.id });
    const logged = await request(app, 'POST', '/api/entries', {
      token: leaver.token,
      body: entry({ firstName: 'Lea', lastName: 'Leaver', managerName: 'X', department: 'Engineering' }),
    });
    expect(logged.status).toBe(201);
    expect((await asAdmin('POST', '/api/user-targets', { userId: leaver.user.id, year: 2026, targetHours: 40 })).status).toBe(201);
    const before = adminStatsSchema.parse((await asAdmin('GET', '/api/admin-stats')).body);

    expect((await asAdmin('DELETE', `/api/users/${leaver.user.id}`)).status).toBe(200);

    const signIn = await request(app, 'POST', '/api/login', { body: { username: leaver.user.email, password: TEST_PASSWORD } });
    expect(signIn.status).toBe(401);
    expect((await request(app, 'GET', '/api/user', { token: leaver.token })).status).toBe(401);
    const after = adminStatsSchema.parse((await asAdmin('GET', '/api/admin-stats')).body);
    expect(after).toMatchObject({
      totalUsers: before.totalUsers - 1,
      totalEntries: before.totalEntries - 1,
      totalHours: before.totalHours - 2,
    });
    expect((await asAdmin('GET', '/api/user-targets?year=2026')).body).not.toContainEqual(
      expect.objectContaining({ userId: leaver.user.id }),
    );
    expect((await asAdmin('GET', `/api/admin/users?search=${report.user.lastName}`)).body.users[0]).toMatchObject({
      managerId: null,
      managerName: 'Lea Leaver',
    });
    const history = await app.ctx.store.readStream(entryStream(logged.body.id));
    expect(history.map((event) => event.type)).toEqual(['EntryLogged']);
  });
});
