import {
  elapsedShareOfYear,
  managerEmployeesSchema,
  managerEntriesSchema,
  managerStatsSchema,
  scheduleStatus,
  toIsoDate,
  type EntryView,
  type ManagerStats,
  type UserSummary,
} from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

let app: TestApp;
let manager: SignedInTestUser;
let ada: SignedInTestUser;
let bob: SignedInTestUser;
let otherManager: SignedInTestUser;
let carol: SignedInTestUser;
let hr: SignedInTestUser;
let smt: SignedInTestUser;
let admin: SignedInTestUser;

const today = new Date();
const thisYear = today.getFullYear();
const lastYear = thisYear - 1;
const thisMonth = today.getMonth() + 1;
/** A month of this year that is not the current one, so 'This Month' leaves its entries out. */
const otherMonth = thisMonth === 1 ? 2 : 1;
const todayIso = toIsoDate(thisYear, thisMonth, today.getDate());

interface EntryFields {
  date: string;
  hours: number;
  rating?: number;
  beInnovative?: boolean;
  trainingName: string;
  notes?: string;
}

async function log(user: SignedInTestUser, entry: EntryFields): Promise<EntryView> {
  const response = await request<EntryView>(app, 'POST', '/api/entries', {
    token: user.token,
    body: { firstName: user.user.firstName, lastName: user.user.lastName, ...entry },
  });
  expect(response.status).toBe(201);
  return response.body;
}

async function asHr(method: string, path: string, body: unknown): Promise<void> {
  const response = await request(app, method, path, { token: hr.token, body });
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
}

const statsOf = async (viewer: SignedInTestUser, managerId: number, year: number) => {
  const response = await request<ManagerStats>(app, 'GET', `/api/manager/${managerId}/stats?year=${year}`, { token: viewer.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return managerStatsSchema.parse(response.body);
};

const entryIds = async (viewer: SignedInTestUser, managerId: number, query = '') => {
  const response = await request<EntryView[]>(app, 'GET', `/api/manager/${managerId}/entries${query}`, { token: viewer.token });
  expect(response.status).toBe(200);
  return managerEntriesSchema.parse(response.body).map((entry) => entry.id);
};

/** Ids as a list answers them: latest date first, then latest id. */
const byDateDesc = (...entries: EntryView[]) =>
  entries.sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id).map((entry) => entry.id);

const months = (filled: Record<number, number>) => Array.from({ length: 12 }, (_, index) => filled[index + 1] ?? 0);

let adaToday: EntryView;
let adaOtherMonth: EntryView;
let adaLastYear: EntryView;
let bobOtherMonth: EntryView;
let bobLastYear: EntryView;
let carolThisYear: EntryView;
let bobToday: EntryView;

beforeAll(async () => {
  app = await startTestApp();
  manager = await createUserAndLogin(app, { role: 'manager', firstName: 'Grace', lastName: 'Hopper' });
  // Sorted by last name: Adams before Brown.
  bob = await createUserAndLogin(app, { managerId: manager.user.id, firstName: 'Bob', lastName: 'Brown' });
  ada = await createUserAndLogin(app, { managerId: manager.user.id, firstName: 'Ada', lastName: 'Adams' });
  otherManager = await createUserAndLogin(app, { role: 'manager', firstName: 'Alan', lastName: 'Turing' });
  carol = await createUserAndLogin(app, { managerId: otherManager.user.id, firstName: 'Carol', lastName: 'Clark' });
  hr = await createUserAndLogin(app, { role: 'hr' });
  smt = await createUserAndLogin(app, { role: 'smt' });
  admin = await createUserAndLogin(app, { role: 'admin' });

  adaToday = await log(ada, {
    date: todayIso,
    hours: 2.5,
    rating: 5,
    beInnovative: true,
    trainingName: 'Leadership Essentials',
    notes: 'Risk, leadership and management',
  });
  adaOtherMonth = await log(ada, {
    date: toIsoDate(thisYear, otherMonth, 15),
    hours: 4,
    rating: 4,
    trainingName: 'Agile Project Management',
  });
  adaLastYear = await log(ada, { date: toIsoDate(lastYear, 6, 10), hours: 10, rating: 5, trainingName: 'Leadership' });
  bobOtherMonth = await log(bob, {
    date: toIsoDate(thisYear, otherMonth, 20),
    hours: 1.25,
    rating: 3,
    trainingName: 'Excel for data analytics',
    notes: 'Teamwork',
  });
  bobLastYear = await log(bob, { date: toIsoDate(lastYear, 3, 3), hours: 2, rating: 4, trainingName: 'Risk' });
  carolThisYear = await log(carol, { date: todayIso, hours: 7, trainingName: 'Leadership' });

  // Ada has targets of her own; Bob shares the yearly target of 1000 hours among the 8 users (125).
  await asHr('POST', '/api/user-targets', { userId: ada.user.id, year: thisYear, targetHours: 40 });
  await asHr('POST', '/api/user-targets', { userId: ada.user.id, year: lastYear, targetHours: 10 });
  await asHr('POST', '/api/yearly-targets', { year: thisYear, targetHours: 1000 });
});

afterAll(() => app?.close());

describe('GET /api/manager/{managerId}/stats', () => {
  it("adds up the team's year from the read models: totals, each report against their target, months and topics", async () => {
    const stats = await statsOf(manager, manager.user.id, thisYear);
    const share = elapsedShareOfYear(thisYear, today);
    expect(stats).toEqual({
      year: thisYear,
      totalEmployees: 2,
      totalHours: 7.75,
      completedTraining: 3,
      thisMonth: 2.5,
      targetHours: 165,
      scheduleStatus: scheduleStatus(7.75, 165, share),
      hoursByMonth: months({ [thisMonth]: 2.5, [otherMonth]: 5.25 }),
      popularTopics: [
        { topic: 'Management', count: 2 },
        { topic: 'Leadership', count: 1 },
        { topic: 'Risk', count: 1 },
        { topic: 'Project', count: 1 },
        { topic: 'Data', count: 1 },
        { topic: 'Analytics', count: 1 },
        { topic: 'Teamwork', count: 1 },
        { topic: 'Excel', count: 1 },
      ],
      employeeStats: [
        {
          id: ada.user.id,
          name: 'Ada Adams',
          totalHours: 6.5,
          completedTraining: 2,
          highRatedTraining: 2,
          targetHours: 40,
          scheduleStatus: scheduleStatus(6.5, 40, share),
          expiringCertificates: [],
        },
        {
          id: bob.user.id,
          name: 'Bob Brown',
          totalHours: 1.25,
          completedTraining: 1,
          highRatedTraining: 0,
          targetHours: 125,
          scheduleStatus: scheduleStatus(1.25, 125, share),
          expiringCertificates: [],
        },
      ],
    });
  });

  it('judges a past year against the whole target: achieved, else behind; no hours this month', async () => {
    const stats = await statsOf(hr, manager.user.id, lastYear);
    expect(stats).toMatchObject({
      totalHours: 12,
      completedTraining: 2,
      thisMonth: 0,
      targetHours: 110,
      scheduleStatus: 'behind-schedule',
    });
    expect(
      stats.employeeStats.map(({ name, targetHours, highRatedTraining, scheduleStatus: status }) => [
        name,
        targetHours,
        highRatedTraining,
        status,
      ]),
    ).toEqual([
      ['Ada Adams', 10, 1, 'target-achieved'],
      ['Bob Brown', 100, 1, 'behind-schedule'],
    ]);
    expect(stats.popularTopics).toEqual([
      { topic: 'Leadership', count: 1 },
      { topic: 'Risk', count: 1 },
    ]);
  });

  it('defaults to the current year and lists every report, with zeros, for a year without entries', async () => {
    const response = await request<ManagerStats>(app, 'GET', `/api/manager/${manager.user.id}/stats`, { token: manager.token });
    expect(response.body.year).toBe(thisYear);
    const empty = await statsOf(manager, manager.user.id, 2001);
    expect(empty).toMatchObject({
      totalEmployees: 2,
      totalHours: 0,
      completedTraining: 0,
      popularTopics: [],
      hoursByMonth: months({}),
    });
    expect(empty.employeeStats.map((employee) => [employee.totalHours, employee.targetHours])).toEqual([
      [0, 100],
      [0, 100],
    ]);
  });

  it('refuses a bad year with 400', async () => {
    const response = await request(app, 'GET', `/api/manager/${manager.user.id}/stats?year=abc`, { token: manager.token });
    expect(response).toMatchObject({ status: 400, body: { error: 'year must be a whole number from 1901 to 2099' } });
  });
});

describe('GET /api/manager/{managerId}/employees and /entries', () => {
  it('lists the direct reports by last name', async () => {
    const response = await request<UserSummary[]>(app, 'GET', `/api/manager/${manager.user.id}/employees`, {
      token: manager.token,
    });
    expect(response.status).toBe(200);
    expect(managerEmployeesSchema.parse(response.body).map((user) => [user.id, user.firstName, user.managerId])).toEqual([
      [ada.user.id, 'Ada', manager.user.id],
      [bob.user.id, 'Bob', manager.user.id],
    ]);
  });

  it("lists the reports' entries of a year, or of every year, latest date first, and nobody else's", async () => {
    expect(await entryIds(manager, manager.user.id, `?year=${thisYear}`)).toEqual(
      byDateDesc(adaToday, adaOtherMonth, bobOtherMonth),
    );
    expect(await entryIds(manager, manager.user.id)).toEqual(
      byDateDesc(adaToday, adaOtherMonth, bobOtherMonth, adaLastYear, bobLastYear),
    );
    expect(await entryIds(otherManager, otherManager.user.id)).toEqual([carolThisYear.id]);
    const [entry] = managerEntriesSchema.parse(
      (await request(app, 'GET', `/api/manager/${manager.user.id}/entries?year=${lastYear}`, { token: manager.token })).body,
    );
    expect(entry).toMatchObject({ id: adaLastYear.id, employeeName: 'Ada Adams', hours: '10', rating: 5 });
  });
});

describe('who may read a team', () => {
  const paths = (managerId: number | string) => [
    `/api/manager/${managerId}/stats`,
    `/api/manager/${managerId}/employees`,
    `/api/manager/${managerId}/entries`,
  ];

  it('lets the manager, HR, SMT and admins read it, and refuses a report and another manager with 403', async () => {
    const matrix: Array<[string, SignedInTestUser, number]> = [
      ['employee', ada, 403],
      ['manager of the team', manager, 200],
      ['another manager', otherManager, 403],
      ['hr', hr, 200],
      ['smt', smt, 200],
      ['admin', admin, 200],
    ];
    for (const path of paths(manager.user.id)) {
      for (const [who, viewer, status] of matrix) {
        const response = await request(app, 'GET', path, { token: viewer.token });
        expect(response.status, `${who} on ${path}`).toBe(status);
        if (status === 403) expect(response.body).toEqual({ error: "You do not have access to this manager's team" });
      }
      expect((await request(app, 'GET', path)).status).toBe(401);
    }
  });

  it('refuses an employee their own team until someone reports to them', async () => {
    for (const path of paths(ada.user.id)) expect((await request(app, 'GET', path, { token: ada.token })).status).toBe(403);
  });

  it('answers 400 for a non-numeric manager id and 404 for an unknown one', async () => {
    for (const path of paths('abc')) {
      expect(await request(app, 'GET', path, { token: hr.token })).toMatchObject({
        status: 400,
        body: { error: 'Manager id must be a whole number of at least 1' },
      });
    }
    for (const path of paths(987_654)) {
      expect(await request(app, 'GET', path, { token: admin.token })).toMatchObject({
        status: 404,
        body: { error: 'User not found' },
      });
    }
  });
});

describe('changes show on the next read', () => {
  it("counts a report's new entry and new target at once", async () => {
    const before = await statsOf(manager, manager.user.id, thisYear);
    bobToday = await log(bob, { date: todayIso, hours: 3, rating: 4, trainingName: 'Coaching' });
    await asHr('PUT', `/api/user-targets/${ada.user.id}/${thisYear}`, { targetHours: 50 });
    const after = await statsOf(manager, manager.user.id, thisYear);
    expect(after.totalHours).toBe(before.totalHours + 3);
    expect(after.thisMonth).toBe(before.thisMonth + 3);
    expect(after.employeeStats.map((employee) => [employee.name, employee.targetHours, employee.highRatedTraining])).toEqual([
      ['Ada Adams', 50, 2],
      ['Bob Brown', 125, 1],
    ]);
  });

  it('moves a report who changes manager, with all their entries, to the new manager, who may then read the team', async () => {
    const newManager = await createUserAndLogin(app, { firstName: 'Dora', lastName: 'Dean' });
    expect((await request(app, 'GET', `/api/manager/${newManager.user.id}/stats`, { token: newManager.token })).status).toBe(403);
    const moved = await request(app, 'PUT', `/api/users/${bob.user.id}`, {
      token: admin.token,
      body: { managerId: newManager.user.id },
    });
    expect(moved.status).toBe(200);

    const oldTeam = await statsOf(manager, manager.user.id, thisYear);
    expect(oldTeam.employeeStats.map((employee) => employee.name)).toEqual(['Ada Adams']);
    expect(oldTeam).toMatchObject({ totalEmployees: 1, totalHours: 6.5, completedTraining: 2 });
    expect(await entryIds(manager, manager.user.id)).toEqual(byDateDesc(adaToday, adaOtherMonth, adaLastYear));

    const newTeam = await statsOf(newManager, newManager.user.id, thisYear);
    expect(newTeam).toMatchObject({ totalEmployees: 1, totalHours: 4.25, completedTraining: 2 });
    expect(await entryIds(newManager, newManager.user.id)).toEqual(byDateDesc(bobToday, bobOtherMonth, bobLastYear));
  });
});
