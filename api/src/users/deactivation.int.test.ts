import {
  ACCOUNT_MESSAGES as M,
  adminUsersPageSchema,
  auditLogPageSchema,
  hrEmployeesPageSchema,
  hrStatsSchema,
  managerStatsSchema,
  userSchema,
  userSummarySchema,
} from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, TEST_PASSWORD, type SignedInTestUser } from '../testing/accounts';
import { logEntryAs } from '../testing/entries';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

/**
 * Leavers are switched off, not deleted (issue #30): an admin deactivates an account over HTTP,
 * its holder is out at once (sign-in, reset, every session), out of the pickers and lists, while
 * their entries stay in the figures; reactivation lets them back in.
 */

let app: TestApp;
let admin: SignedInTestUser;
let hr: SignedInTestUser;
let manager: SignedInTestUser;
let employee: SignedInTestUser;

const YEAR = new Date().getFullYear();

const deactivate = (id: number | string, token = admin.token) => request(app, 'POST', `/api/users/${id}/deactivate`, { token });
const reactivate = (id: number | string, token = admin.token) => request(app, 'POST', `/api/users/${id}/reactivate`, { token });
const logIn = (username: string, password: string) => request(app, 'POST', '/api/login', { body: { username, password } });
const get = (path: string, token: string) => request(app, 'GET', path, { token });

/** A new employee of `manager`'s team, signed in, with one entry of 5 hours this year. */
async function leaver(lastName: string): Promise<SignedInTestUser> {
  const person = await createUserAndLogin(app, { firstName: 'Lea', lastName, managerId: manager.user.id });
  await logEntryAs(app, person, { trainingName: `Course of ${lastName}`, date: `${YEAR}-01-10`, hours: 5 });
  return person;
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await createUserAndLogin(app, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  hr = await createUserAndLogin(app, { role: 'hr', firstName: 'Hana', lastName: 'Hughes', managerId: admin.user.id });
  manager = await createUserAndLogin(app, { role: 'manager', firstName: 'Max', lastName: 'Manager', managerId: admin.user.id });
  employee = await createUserAndLogin(app, { firstName: 'Emma', lastName: 'Employee', managerId: manager.user.id });
});

afterAll(() => app?.close());

describe('who may deactivate and reactivate', () => {
  it('is for admins only: 401 signed out, 403 for anyone else, and the account stays active', async () => {
    const person = await leaver('Untouched');
    expect((await request(app, 'POST', `/api/users/${person.user.id}/deactivate`)).status).toBe(401);
    for (const viewer of [hr, manager, employee]) {
      expect(await deactivate(person.user.id, viewer.token)).toMatchObject({ status: 403, body: { error: M.adminRequired } });
      expect(await reactivate(person.user.id, viewer.token)).toMatchObject({ status: 403, body: { error: M.adminRequired } });
    }
    expect((await get('/api/user', person.token)).status).toBe(200);
  });

  it('answers 404 for an unknown account, 400 for a malformed id, and refuses one’s own', async () => {
    expect(await deactivate(999_999)).toMatchObject({ status: 404, body: { error: M.userNotFound } });
    expect(await reactivate(999_999)).toMatchObject({ status: 404, body: { error: M.userNotFound } });
    expect(await deactivate('abc')).toMatchObject({ status: 400, body: { error: M.invalidUserId } });
    expect(await deactivate(admin.user.id)).toMatchObject({ status: 400, body: { error: M.ownAccountUndeactivatable } });
    expect((await get('/api/user', admin.token)).status).toBe(200);
  });
});

describe('a deactivated account', () => {
  let person: SignedInTestUser;

  beforeAll(async () => {
    person = await leaver('Leaver');
    expect((await get('/api/user', person.token)).status).toBe(200);
    const answer = await deactivate(person.user.id);
    expect(answer).toMatchObject({ status: 204, body: '' });
  });

  it('ends every session at once: the live token answers 401 on its next request', async () => {
    expect(await get('/api/user', person.token)).toMatchObject({ status: 401, body: { error: M.signInRequired } });
    expect((await get('/api/entries', person.token)).status).toBe(401);
  });

  it('cannot sign in with the right password (a clear 403); a wrong one reads as for any account', async () => {
    expect(await logIn(person.user.email, TEST_PASSWORD)).toMatchObject({ status: 403, body: { error: M.accountDeactivated } });
    expect(await logIn(person.user.email, 'not-the-password')).toMatchObject({ status: 401, body: { error: M.wrongPassword } });
  });

  it('gets no reset link: an admin is told why, a visitor gets the same answer as for any address', async () => {
    const handOver = await request(app, 'POST', '/api/reset-password', {
      token: admin.token,
      body: { username: person.user.email },
    });
    expect(handOver).toMatchObject({ status: 403, body: { error: M.accountDeactivated } });
    const visitor = await request(app, 'POST', '/api/reset-password', { body: { username: person.user.email } });
    const unknown = await request(app, 'POST', '/api/reset-password', {
      body: { username: `nobody@${app.ctx.config.orgEmailDomain}` },
    });
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual(unknown.body);
  });

  it('deactivating again changes nothing (204)', async () => {
    const before = (await app.ctx.store.readStream(`user-${person.user.id}`)).length;
    expect((await deactivate(person.user.id)).status).toBe(204);
    expect((await app.ctx.store.readStream(`user-${person.user.id}`)).length).toBe(before);
  });

  it('leaves the lists of people: GET /api/users by default, the manager picker, the Manager View', async () => {
    const ids = (body: { id: number }[]) => body.map((user) => user.id);
    for (const viewer of [admin, employee]) {
      expect(ids((await get('/api/users', viewer.token)).body)).not.toContain(person.user.id);
      expect(ids((await get('/api/users?status=active', viewer.token)).body)).not.toContain(person.user.id);
    }
    expect(ids((await request(app, 'GET', '/api/managers')).body)).not.toContain(person.user.id);
    const team = ids((await get(`/api/manager/${manager.user.id}/employees`, manager.token)).body);
    expect(team).toContain(employee.user.id);
    expect(team).not.toContain(person.user.id);
    const stats = managerStatsSchema.parse((await get(`/api/manager/${manager.user.id}/stats?year=${YEAR}`, manager.token)).body);
    expect(stats.employeeStats.map((report) => report.id)).not.toContain(person.user.id);
  });

  it('is listed for HR and admins with a filter, and never for others', async () => {
    const deactivated = userSchema.array().parse((await get('/api/users?status=deactivated', admin.token)).body);
    expect(deactivated.find((user) => user.id === person.user.id)).toMatchObject({ deactivatedAt: expect.any(String) });
    expect(deactivated.every((user) => user.deactivatedAt !== undefined)).toBe(true);
    const all = userSummarySchema.array().parse((await get('/api/users?status=all', hr.token)).body);
    expect(all.map((user) => user.id)).toEqual(expect.arrayContaining([person.user.id, employee.user.id]));
    for (const status of ['deactivated', 'all']) {
      expect(await get(`/api/users?status=${status}`, employee.token)).toMatchObject({
        status: 403,
        body: { error: M.deactivatedPeopleHidden },
      });
    }
    expect(await get('/api/users?status=gone', admin.token)).toMatchObject({
      status: 400,
      body: { error: 'status must be one of active, deactivated, all (active when absent)' },
    });

    const adminList = async (status?: string) =>
      adminUsersPageSchema.parse((await get(`/api/admin/users${status ? `?status=${status}` : ''}`, admin.token)).body).users;
    expect((await adminList()).map((user) => user.id)).not.toContain(person.user.id);
    expect((await adminList('deactivated')).map((user) => user.id)).toContain(person.user.id);
    expect((await adminList('all')).map((user) => user.id)).toEqual(expect.arrayContaining([person.user.id, admin.user.id]));

    const hrTable = async (status?: string) =>
      hrEmployeesPageSchema.parse((await get(`/api/hr/employees?year=${YEAR}${status ? `&status=${status}` : ''}`, hr.token)).body)
        .employees;
    expect((await hrTable()).map((row) => row.id)).not.toContain(person.user.id);
    expect((await hrTable('deactivated')).find((row) => row.id === person.user.id)).toMatchObject({
      totalHours: 5,
      deactivatedAt: expect.any(String),
    });
  });

  it('shows in the audit log, by the admin who acted, under Users and under Sign-ins and security', async () => {
    for (const kind of ['users', 'security']) {
      const log = auditLogPageSchema.parse((await get(`/api/audit/log?kind=${kind}&actorId=${admin.user.id}`, admin.token)).body);
      expect(log.items.find((item) => item.event === 'UserDeactivated' && item.recordId === String(person.user.id))).toMatchObject({
        summary: 'user deactivated',
        actor: { id: admin.user.id },
      });
    }
  });
});

describe('figures keep a leaver’s entries', () => {
  it('counts their hours in HR stats and the team’s totals before and after the deactivation', async () => {
    const person = await leaver('Counted');
    const hrStats = async () => hrStatsSchema.parse((await get(`/api/hr/stats?year=${YEAR}`, hr.token)).body);
    const teamStats = async () =>
      managerStatsSchema.parse((await get(`/api/manager/${manager.user.id}/stats?year=${YEAR}`, manager.token)).body);
    const [hrBefore, teamBefore] = [await hrStats(), await teamStats()];
    expect((await deactivate(person.user.id)).status).toBe(204);
    const [hrAfter, teamAfter] = [await hrStats(), await teamStats()];
    expect({ hours: hrAfter.totalHours, entries: hrAfter.completedTraining }).toEqual({
      hours: hrBefore.totalHours,
      entries: hrBefore.completedTraining,
    });
    expect({ hours: teamAfter.totalHours, entries: teamAfter.completedTraining }).toEqual({
      hours: teamBefore.totalHours,
      entries: teamBefore.completedTraining,
    });
    expect(teamAfter.totalEmployees).toBe(teamBefore.totalEmployees - 1);
  });
});

describe('reactivation', () => {
  it('lets the person sign in again as before; reactivating an active account changes nothing', async () => {
    const person = await leaver('Returner');
    expect((await deactivate(person.user.id)).status).toBe(204);
    expect((await reactivate(person.user.id)).status).toBe(204);
    const signedIn = await logIn(person.user.email, TEST_PASSWORD);
    expect(signedIn.status).toBe(200);
    expect((await get('/api/user', signedIn.body.authToken)).status).toBe(200);
    // The session the deactivation ended stays ended.
    expect((await get('/api/user', person.token)).status).toBe(401);
    expect((await reactivate(person.user.id)).status).toBe(204);
    const ids = ((await get('/api/users', admin.token)).body as { id: number }[]).map((user) => user.id);
    expect(ids).toContain(person.user.id);

    const log = auditLogPageSchema.parse((await get(`/api/audit/log?kind=users&actorId=${admin.user.id}`, admin.token)).body);
    const events = log.items.filter((item) => item.recordId === String(person.user.id)).map((item) => item.event);
    expect(events).toEqual(['UserReactivated', 'UserDeactivated']);
  });
});
