import {
  expectedHoursAtMonthEnds,
  hrStatsSchema,
  hrTopicsSchema,
  hrEmployeesPageSchema,
  hrTrendsSchema,
  hrUsersSchema,
  topCoursesSchema,
  type EntryView,
  type HrEmployee,
  type HrEmployeesPage,
} from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../platform/commands';
import { createUserAndLogin, TEST_PASSWORD, type SignedInTestUser } from '../testing/accounts';
import { logEntryAs, type TestEntry } from '../testing/entries';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { addUser } from '../users';

/**
 * The HR dashboard's figures against a fixture computed by hand. The year is 2025 (a past year:
 * the whole year has elapsed, so the target card's figures do not depend on today).
 */
let app: TestApp;
let hr: SignedInTestUser;
let ada: SignedInTestUser;
let bob: SignedInTestUser;
let carl: SignedInTestUser;
let eve: SignedInTestUser;
const entries: Record<string, EntryView> = {};
/** The moment the fixture was recorded by (before the later tests change it). */
let fixtureRecorded: string;

const LONG_NOTES = `${'Spreadsheets '.repeat(10)}and more`;

async function log(name: string, user: SignedInTestUser, entry: TestEntry) {
  entries[name] = await logEntryAs(app, user, entry);
}

async function get<T>(path: string, schema: { parse(value: unknown): T }, token = hr.token): Promise<T> {
  const response = await request(app, 'GET', path, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return schema.parse(response.body);
}

const employee = (list: HrEmployee[], user: SignedInTestUser) => list.find((row) => row.id === user.user.id)!;

beforeAll(async () => {
  app = await startTestApp();
  await createUserAndLogin(app, { role: 'admin', firstName: 'Zoe', lastName: 'Zimmer' });
  hr = await createUserAndLogin(app, { role: 'hr', firstName: 'Hana', lastName: 'Hughes' });
  await createUserAndLogin(app, { role: 'smt', firstName: 'Sam', lastName: 'Smith' });
  ada = await createUserAndLogin(app, { firstName: 'Ada', lastName: 'Adams', department: 'Engineering' });
  bob = await createUserAndLogin(app, { firstName: 'Bob', lastName: 'Brown', department: 'Finance' });
  carl = await createUserAndLogin(app, { role: 'manager', firstName: 'Carl', lastName: 'Clark', department: 'Engineering' });
  eve = await createUserAndLogin(app, { firstName: 'Eve', lastName: 'Evans', department: 'Finance' });

  await log('e1', ada, {
    date: '2025-03-10',
    hours: 2.5,
    rating: 5,
    beInnovative: true,
    trainingName: 'Excel Skills',
    notes: 'Data analytics with Excel',
  });
  await log('e2', ada, {
    date: '2025-05-01',
    hours: 4,
    rating: 4,
    trainingName: 'Leadership Essentials',
    notes: 'Risk and management',
  });
  await log('e3', ada, { date: '2024-12-31', hours: 10, rating: 5, trainingName: 'Excel Skills' });
  await log('e4', ada, { date: '2025-07-04', hours: 1, rating: 3, trainingName: 'Excel Skills' });
  await log('e5', bob, {
    date: '2025-03-10',
    hours: 1.25,
    rating: 4,
    beInnovative: true,
    trainingName: 'Excel Skills',
    notes: LONG_NOTES,
  });
  await log('e6', bob, { date: '2025-06-15', hours: 3, rating: 5, trainingName: 'Leadership Essentials' });
  await log('e7', bob, { date: '2025-08-01', hours: 2, beInnovative: true, trainingName: 'Cloud Security' });
  await log('e8', carl, { date: '2025-02-02', hours: 5, rating: 5, beInnovative: true, trainingName: 'Negotiation' });
  await log('e9', carl, { date: '2025-01-10', hours: 1, rating: 2, beInnovative: true, trainingName: 'Webinar on AI' });
  await log('e10', carl, { date: '2025-01-05', hours: 1, beInnovative: true, trainingName: 'Webinar' });

  // 7 accounts; the yearly target of 1400 hours shares out as 200 each; Ada has her own 40.
  expect(
    (
      await request(app, 'POST', '/api/yearly-targets', {
        token: hr.token,
        body: { year: 2025, targetHours: 1400, description: 'Grow' },
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await request(app, 'POST', '/api/user-targets', {
        token: hr.token,
        body: { userId: ada.user.id, year: 2025, targetHours: 40 },
      })
    ).status,
  ).toBe(201);
  const recorded = new Date();
  while (Date.now() <= recorded.getTime()) await new Promise((resolve) => setTimeout(resolve, 1));
  fixtureRecorded = recorded.toISOString();
});

afterAll(() => app?.close());

describe('GET /api/hr/stats', () => {
  it("adds up the organisation's year: totals, innovation, the 5 latest innovative entries and the target card", async () => {
    const stats = await get('/api/hr/stats?year=2025', hrStatsSchema);
    expect(stats).toEqual({
      year: 2025,
      totalUsers: 7,
      totalHours: 20.75,
      completedTraining: 9,
      innovativeEntries: 6,
      innovativeHours: 12.75,
      innovationRate: 67,
      recentInnovative: [
        {
          id: entries.e7!.id,
          userId: bob.user.id,
          employeeName: 'Bob Brown',
          trainingName: 'Cloud Security',
          date: '2025-08-01',
          hours: 2,
          notesPreview: '',
        },
        {
          id: entries.e5!.id,
          userId: bob.user.id,
          employeeName: 'Bob Brown',
          trainingName: 'Excel Skills',
          date: '2025-03-10',
          hours: 1.25,
          notesPreview: `${'Spreadsheets '.repeat(7)}Spreadshe...`, // 7 x 13 + 9 = 100 characters
        },
        {
          id: entries.e1!.id,
          userId: ada.user.id,
          employeeName: 'Ada Adams',
          trainingName: 'Excel Skills',
          date: '2025-03-10',
          hours: 2.5,
          notesPreview: 'Data analytics with Excel',
        },
        {
          id: entries.e8!.id,
          userId: carl.user.id,
          employeeName: 'Carl Clark',
          trainingName: 'Negotiation',
          date: '2025-02-02',
          hours: 5,
          notesPreview: '',
        },
        {
          id: entries.e9!.id,
          userId: carl.user.id,
          employeeName: 'Carl Clark',
          trainingName: 'Webinar on AI',
          date: '2025-01-10',
          hours: 1,
          notesPreview: '',
        },
      ],
      elapsedShare: 1,
      // 20.75 of 1400 hours is 1.5%; on track needs 80% of it: 1120 hours, 1099.25 (so 1100) missing.
      target: { targetHours: 1400, description: 'Grow', progressPercent: 1, onTrack: false, hoursToGetBackOnTrack: 1100 },
    });
    expect(stats.recentInnovative[1]!.notesPreview).toHaveLength(103);
  });

  it('says when a year has no target, and takes the current year by default', async () => {
    const previous = await get('/api/hr/stats?year=2024', hrStatsSchema);
    expect(previous).toMatchObject({
      totalHours: 10,
      completedTraining: 1,
      innovativeEntries: 0,
      innovationRate: 0,
      recentInnovative: [],
      target: null,
    });
    expect(await get('/api/hr/stats', hrStatsSchema)).toMatchObject({
      year: new Date().getFullYear(),
      totalUsers: 7,
      totalHours: 0,
    });
  });
});

describe('GET /api/hr/users', () => {
  it('lists every account by last name with hours, entries, target and the latest 2 courses of the year', async () => {
    const users = await get('/api/hr/users?year=2025', hrUsersSchema);
    expect(users.map((row) => row.name)).toEqual([
      'Ada Adams',
      'Bob Brown',
      'Carl Clark',
      'Eve Evans',
      'Hana Hughes',
      'Sam Smith',
      'Zoe Zimmer',
    ]);
    expect(employee(users, ada)).toEqual({
      id: ada.user.id,
      name: 'Ada Adams',
      email: ada.user.email,
      role: 'employee',
      department: 'Engineering',
      totalHours: 7.5,
      completedTraining: 3,
      targetHours: 40,
      hasOwnTarget: true,
      recentCourses: [
        { trainingName: 'Excel Skills', date: '2025-07-04' },
        { trainingName: 'Leadership Essentials', date: '2025-05-01' },
      ],
    });
    expect(employee(users, bob)).toMatchObject({ totalHours: 6.25, completedTraining: 3, targetHours: 200, hasOwnTarget: false });
    expect(employee(users, bob).recentCourses.map((course) => course.trainingName)).toEqual([
      'Cloud Security',
      'Leadership Essentials',
    ]);
    expect(employee(users, carl)).toMatchObject({ role: 'manager', totalHours: 7, completedTraining: 3 });
    expect(employee(users, eve)).toMatchObject({ totalHours: 0, completedTraining: 0, targetHours: 200, recentCourses: [] });
  });
});

describe('GET /api/hr/employees', () => {
  const page = (query: string) => get(`/api/hr/employees?year=2025&${query}`, hrEmployeesPageSchema);
  const names = (found: HrEmployeesPage) => found.employees.map((row) => row.name);

  it('answers the rows of GET /api/hr/users a page at a time, with the matching and all counts and the bulk default', async () => {
    const everyone = await get('/api/hr/users?year=2025', hrUsersSchema);
    expect(await page('')).toEqual({
      employees: everyone,
      total: 7,
      page: 1,
      pageSize: 50,
      totalPages: 1,
      allEmployees: 7,
      bulkTargetHours: 40,
    });
  });

  it('searches name or e-mail and filters the role on the server', async () => {
    expect(names(await page('search=bROw'))).toEqual(['Bob Brown']);
    expect(names(await page(`search=${encodeURIComponent(carl.user.email.toUpperCase())}`))).toEqual(['Carl Clark']);
    expect(names(await page('search=ada%20ad'))).toEqual(['Ada Adams']);
    expect(await page('role=hr')).toMatchObject({ total: 1, allEmployees: 7, employees: [{ name: 'Hana Hughes' }] });
    expect(await page('role=hr&search=ada')).toMatchObject({ total: 0, totalPages: 1, employees: [] });
  });

  it("sorts by a column either way, ties by name: hours, entries, target (own, else the year's share) and role", async () => {
    expect(names(await page('sort=totalHours&order=desc'))).toEqual([
      'Ada Adams',
      'Carl Clark',
      'Bob Brown',
      'Eve Evans',
      'Hana Hughes',
      'Sam Smith',
      'Zoe Zimmer',
    ]);
    expect(names(await page('sort=targetHours'))).toEqual([
      'Ada Adams',
      'Bob Brown',
      'Carl Clark',
      'Eve Evans',
      'Hana Hughes',
      'Sam Smith',
      'Zoe Zimmer',
    ]);
    expect(names(await page('sort=completedTraining&order=asc')).slice(0, 4)).toEqual([
      'Eve Evans',
      'Hana Hughes',
      'Sam Smith',
      'Zoe Zimmer',
    ]);
    expect(names(await page('sort=role&order=desc'))[0]).toBe('Sam Smith');
    expect(names(await page('sort=name&order=desc'))[0]).toBe('Zoe Zimmer');
  });

  it('refuses a bad page, role, sort or order with 400', async () => {
    for (const query of ['page=0', 'role=boss', 'sort=salary', 'order=up', 'size=10', 'page=1&page=2']) {
      const response = await request(app, 'GET', `/api/hr/employees?${query}`, { token: hr.token });
      expect(response, query).toMatchObject({ status: 400, body: { error: expect.any(String) } });
    }
  });
});

describe('GET /api/hr/top-courses and /api/hr/topics', () => {
  it('ranks the courses rated 4 or more by average, then completions, then name; at most 6', async () => {
    expect(await get('/api/hr/top-courses?year=2025', topCoursesSchema)).toEqual([
      { trainingName: 'Negotiation', averageRating: 5, completions: 1 },
      { trainingName: 'Excel Skills', averageRating: 4.5, completions: 2 },
      { trainingName: 'Leadership Essentials', averageRating: 4.5, completions: 2 },
    ]);
    expect(await get('/api/hr/top-courses?year=2024', topCoursesSchema)).toEqual([
      { trainingName: 'Excel Skills', averageRating: 5, completions: 1 },
    ]);
    expect(await get('/api/hr/top-courses?year=2023', topCoursesSchema)).toEqual([]);
  });

  it('counts the entries that mention each topic of the enterprise list: the top 8, ties in list order', async () => {
    expect(await get('/api/hr/topics?year=2025', hrTopicsSchema)).toEqual([
      { topic: 'Excel', count: 3 },
      { topic: 'Leadership', count: 2 },
      { topic: 'Risk', count: 1 },
      { topic: 'Management', count: 1 },
      { topic: 'Security', count: 1 },
      { topic: 'Data', count: 1 },
      { topic: 'Analytics', count: 1 },
      { topic: 'Cloud', count: 1 },
    ]);
  });
});

describe('GET /api/hr/trends', () => {
  it('gives the hours per month against the pace of the yearly target, and hours by department', async () => {
    expect(await get('/api/hr/trends?year=2025', hrTrendsSchema)).toEqual({
      year: 2025,
      hoursByMonth: [2, 5, 3.75, 0, 4, 3, 1, 2, 0, 0, 0, 0],
      targetPace: expectedHoursAtMonthEnds(1400, 2025),
      hoursByDepartment: [
        { department: 'Engineering', hours: 14.5, employees: 2 },
        { department: 'Finance', hours: 6.25, employees: 1 },
      ],
    });
    expect((await get('/api/hr/trends?year=2024', hrTrendsSchema)).targetPace).toBeNull();
  });
});

describe('read-your-writes', () => {
  it('shows a deleted entry and a changed target on the very next read', async () => {
    expect((await request(app, 'DELETE', `/api/entries/${entries.e8!.id}`, { token: carl.token })).status).toBe(200);
    expect((await request(app, 'PUT', '/api/yearly-targets/2025', { token: hr.token, body: { targetHours: 700 } })).status).toBe(
      200,
    );
    const stats = await get('/api/hr/stats?year=2025', hrStatsSchema);
    expect(stats).toMatchObject({ totalHours: 15.75, completedTraining: 8, innovativeEntries: 5, target: { targetHours: 700 } });
    expect(stats.recentInnovative.map((entry) => entry.id)).toEqual([
      entries.e7!.id,
      entries.e5!.id,
      entries.e1!.id,
      entries.e9!.id,
      entries.e10!.id,
    ]);
    expect((await get('/api/hr/top-courses?year=2025', topCoursesSchema))[0]!.trainingName).toBe('Excel Skills');
    expect(employee(await get('/api/hr/users?year=2025', hrUsersSchema), bob).targetHours).toBe(100);
  });

  it('gives the top courses, topics and trends as they stood at a moment (asOf), from its replay: 202 until it is there', async () => {
    const asOf = async <T>(path: string, schema: { parse(value: unknown): T }): Promise<T> => {
      const deadline = Date.now() + 60_000;
      let response = await request(app, 'GET', `${path}&asOf=${fixtureRecorded}`, { token: hr.token });
      while (response.status === 202 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        response = await request(app, 'GET', `${path}&asOf=${fixtureRecorded}`, { token: hr.token });
      }
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return schema.parse(response.body);
    };
    // Since then Carl's Negotiation entry was deleted and the yearly target changed to 700 (above).
    expect((await asOf('/api/hr/top-courses?year=2025', topCoursesSchema))[0]).toEqual({
      trainingName: 'Negotiation',
      averageRating: 5,
      completions: 1,
    });
    expect(await asOf('/api/hr/trends?year=2025', hrTrendsSchema)).toMatchObject({
      hoursByMonth: [2, 5, 3.75, 0, 4, 3, 1, 2, 0, 0, 0, 0],
      targetPace: expectedHoursAtMonthEnds(1400, 2025),
    });
    expect((await asOf('/api/hr/topics?year=2025', hrTopicsSchema))[0]).toEqual({ topic: 'Excel', count: 3 });
    expect((await get('/api/hr/trends?year=2025', hrTrendsSchema)).targetPace).toEqual(expectedHoursAtMonthEnds(700, 2025));
  });

  it('refuses a malformed year with 400', async () => {
    expect(await request(app, 'GET', '/api/hr/stats?year=soon', { token: hr.token })).toMatchObject({
      status: 400,
      body: { error: expect.any(String) },
    });
    expect((await request(app, 'GET', '/api/hr/users?year=2025&year=2024', { token: hr.token })).status).toBe(400);
  });
});

describe('paging the employee table', () => {
  it('serves 50 a page, and the next page carries on the same order', async () => {
    const department = 'Engineering';
    await Promise.all(
      Array.from({ length: 51 }, (_, index) =>
        addUser(
          app.ctx,
          {
            email: `pager${index}@${app.ctx.config.orgEmailDomain}`,
            firstName: 'Pat',
            lastName: `Pager${String(index).padStart(2, '0')}`,
            role: 'employee',
            managerId: null,
            department,
            password: TEST_PASSWORD,
          },
          { registered: false, firstLoginRequired: false },
          systemActor(),
        ),
      ),
    );
    const first = await get('/api/hr/employees?year=2025&search=pager', hrEmployeesPageSchema);
    expect(first).toMatchObject({ total: 51, page: 1, pageSize: 50, totalPages: 2, allEmployees: 58 });
    expect(first.employees).toHaveLength(50);
    const second = await get('/api/hr/employees?year=2025&search=pager&page=2', hrEmployeesPageSchema);
    expect(second.employees.map((row) => row.name)).toEqual(['Pat Pager50']);
    expect(first.employees[49]!.name).toBe('Pat Pager49');
    expect((await get('/api/hr/employees?year=2025&search=pager&page=3', hrEmployeesPageSchema)).employees).toEqual([]);
  });
});
