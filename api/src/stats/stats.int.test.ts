import { toIsoDate, type EntryStats } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

let app: TestApp;
let manager: SignedInTestUser;
let employee: SignedInTestUser;
let stranger: SignedInTestUser;
let hr: SignedInTestUser;

const today = new Date();
const thisYear = today.getFullYear();
const todayIso = toIsoDate(thisYear, today.getMonth() + 1, today.getDate());

async function log(user: SignedInTestUser, date: string, hours: number | string): Promise<void> {
  const response = await request(app, 'POST', '/api/entries', {
    token: user.token,
    body: { firstName: 'Ada', lastName: 'Lovelace', trainingName: 'Course', date, hours },
  });
  expect(response.status).toBe(201);
}

beforeAll(async () => {
  app = await startTestApp();
  manager = await createUserAndLogin(app, { role: 'manager' });
  employee = await createUserAndLogin(app, { managerId: manager.user.id });
  stranger = await createUserAndLogin(app);
  hr = await createUserAndLogin(app, { role: 'hr' });
  await log(employee, todayIso, 1.5);
  await log(employee, todayIso, '2.25');
  await log(employee, `${thisYear}-01-01`, 3);
  await log(employee, '2019-06-15', 10);
  await log(stranger, todayIso, 7);
});

afterAll(() => app?.close());

describe('GET /api/stats', () => {
  it('sums hours, counts entries and adds up the hours dated this month', async () => {
    const thisMonthHours = today.getMonth() === 0 ? 6.75 : 3.75;
    const all = await request<EntryStats>(app, 'GET', `/api/stats?userId=${employee.user.id}`, { token: employee.token });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ totalHours: 16.75, completedTraining: 4, thisMonth: thisMonthHours });
    const year = await request<EntryStats>(app, 'GET', `/api/stats?userId=${employee.user.id}&year=${thisYear}`, {
      token: employee.token,
    });
    expect(year.body).toEqual({ totalHours: 6.75, completedTraining: 3, thisMonth: thisMonthHours });
    const past = await request<EntryStats>(app, 'GET', `/api/stats?userId=${employee.user.id}&year=2019`, {
      token: employee.token,
    });
    expect(past.body).toEqual({ totalHours: 10, completedTraining: 1, thisMonth: 0 });
  });

  it('defaults to the signed-in user and is zero without entries', async () => {
    const own = await request<EntryStats>(app, 'GET', '/api/stats', { token: stranger.token });
    expect(own.body).toEqual({ totalHours: 7, completedTraining: 1, thisMonth: 7 });
    const empty = await request<EntryStats>(app, 'GET', '/api/stats', { token: hr.token });
    expect(empty.body).toEqual({ totalHours: 0, completedTraining: 0, thisMonth: 0 });
  });

  it("follows the entries' read permissions", async () => {
    expect((await request(app, 'GET', `/api/stats?userId=${employee.user.id}`, { token: manager.token })).status).toBe(200);
    expect((await request(app, 'GET', `/api/stats?userId=${employee.user.id}`, { token: hr.token })).status).toBe(200);
    const denied = await request(app, 'GET', `/api/stats?userId=${employee.user.id}`, { token: stranger.token });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ error: 'You do not have access to these entries' });
    expect((await request(app, 'GET', '/api/stats')).status).toBe(401);
  });
});

describe('GET /api/available-years', () => {
  it('lists the years with entries and the current year, latest first', async () => {
    const response = await request<number[]>(app, 'GET', '/api/available-years', { token: stranger.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([thisYear, 2019]);
  });
});
