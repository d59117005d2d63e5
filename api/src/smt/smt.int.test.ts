import { smtOverviewSchema, type EntryView, type SmtOverview } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { logEntryAs, type TestEntry } from '../testing/entries';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

/**
 * The SMT overview against a fixture computed by hand. The main year is 2025 (a past year: the
 * whole year has elapsed, so the target card does not depend on today); 2024 is the year before;
 * 2021-2023 hold one entry each to meet the badge's boundaries (74.9%, 75%, 100%).
 */
let app: TestApp;
let admin: SignedInTestUser;
let hr: SignedInTestUser;
let smt: SignedInTestUser;
let manager: SignedInTestUser;
let ada: SignedInTestUser;
let bob: SignedInTestUser;
let dan: SignedInTestUser;
const entries: Record<string, EntryView> = {};

const LONG_NOTES = `${'Spreadsheets '.repeat(8)}and more`;

async function log(name: string, user: SignedInTestUser, entry: TestEntry) {
  entries[name] = await logEntryAs(app, user, entry);
}

async function overview(year?: number, viewer = smt): Promise<SmtOverview> {
  const response = await request(app, 'GET', `/api/smt/overview${year === undefined ? '' : `?year=${year}`}`, {
    token: viewer.token,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return smtOverviewSchema.parse(response.body);
}

async function setYearlyTarget(year: number, targetHours: number, description?: string) {
  expect(
    (await request(app, 'POST', '/api/yearly-targets', { token: hr.token, body: { year, targetHours, description } })).status,
  ).toBe(201);
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await createUserAndLogin(app, { role: 'admin', firstName: 'Zoe', lastName: 'Zimmer' });
  hr = await createUserAndLogin(app, { role: 'hr', firstName: 'Hana', lastName: 'Hughes' });
  smt = await createUserAndLogin(app, { role: 'smt', firstName: 'Sam', lastName: 'Smith', department: 'Executive' });
  manager = await createUserAndLogin(app, { role: 'manager', firstName: 'Carl', lastName: 'Clark', department: 'Engineering' });
  ada = await createUserAndLogin(app, { firstName: 'Ada', lastName: 'Adams', department: 'Engineering' });
  bob = await createUserAndLogin(app, { firstName: 'Bob', lastName: 'Brown', department: 'Finance' });
  await createUserAndLogin(app, { firstName: 'Eve', lastName: 'Evans', department: 'Finance' });
  dan = await createUserAndLogin(app, { firstName: 'Dan', lastName: 'Dunn', department: 'Sales' });

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
  await log('e3', ada, { date: '2025-07-04', hours: 1, rating: 3, trainingName: 'Excel Skills' });
  await log('e4', bob, {
    date: '2025-03-10',
    hours: 1.25,
    rating: 4,
    beInnovative: true,
    trainingName: 'Cloud Security',
    notes: LONG_NOTES,
  });
  await log('e5', bob, { date: '2025-06-15', hours: 3, rating: 5, trainingName: 'Leadership Essentials' });
  await log('e6', bob, { date: '2025-08-01', hours: 2, beInnovative: true, trainingName: 'Agile Coaching' });
  await log('e7', manager, { date: '2025-02-02', hours: 5, rating: 5, beInnovative: true, trainingName: 'Negotiation' });
  await log('e8', manager, { date: '2025-01-10', hours: 1, rating: 4, trainingName: 'Webinar on AI' });
  await log('e9', smt, { date: '2025-09-09', hours: 0.25, rating: 5, trainingName: 'Strategy offsite' });
  await log('e10', ada, { date: '2024-12-31', hours: 10, rating: 5, trainingName: 'Excel Skills' });
  await log('e11', dan, { date: '2024-04-04', hours: 6, trainingName: 'Sales Kick-off' });
  await log('e12', dan, { date: '2021-06-01', hours: 749, trainingName: 'Apprenticeship' });
  await log('e13', dan, { date: '2022-06-01', hours: 750, trainingName: 'Apprenticeship' });
  await log('e14', dan, { date: '2023-06-01', hours: 1000, trainingName: 'Apprenticeship' });

  await setYearlyTarget(2025, 25, 'Everyone learns');
  for (const year of [2021, 2022, 2023]) await setYearlyTarget(year, 1000);
});

afterAll(() => app?.close());

describe('GET /api/smt/overview', () => {
  it("serves the whole SMT screen of a year in one answer, every figure from the fixture's entries", async () => {
    const pick = (name: string) => entries[name]!;
    expect(await overview(2025)).toEqual({
      year: 2025,
      // Ada, Bob, Carl and Sam logged training in 2025 (Eve never did, Dan only in other years).
      activeEmployees: 4,
      totalHours: 20,
      averageHoursPerEmployee: 5,
      totalAccounts: 8,
      previousYear: { year: 2024, activeEmployees: 2, totalHours: 16, averageHoursPerEmployee: 8 },
      elapsedShare: 1,
      // 20 of 25 hours is 80%: On Track (75% or more), and on track (80% of the elapsed share).
      target: {
        targetHours: 25,
        description: 'Everyone learns',
        progressPercent: 80,
        completedPercent: 80,
        onTrack: true,
        hoursToGetBackOnTrack: 0,
        badge: 'On Track',
      },
      // Entries mentioning each enterprise keyword; ties in the list's order; 13 topics, the top 12 shown (AI is cut).
      topics: [
        { topic: 'Leadership', count: 2 },
        { topic: 'Excel', count: 2 },
        { topic: 'Risk', count: 1 },
        { topic: 'Management', count: 1 },
        { topic: 'Security', count: 1 },
        { topic: 'Data', count: 1 },
        { topic: 'Analytics', count: 1 },
        { topic: 'Strategy', count: 1 },
        { topic: 'Cloud', count: 1 },
        { topic: 'Negotiation', count: 1 },
        { topic: 'Coaching', count: 1 },
        { topic: 'Agile', count: 1 },
      ],
      innovation: {
        entries: 4,
        hours: 10.75,
        rate: 44,
        highlights: [
          {
            id: pick('e6').id,
            userId: bob.user.id,
            employeeName: 'Bob Brown',
            trainingName: 'Agile Coaching',
            date: '2025-08-01',
            hours: 2,
            notesPreview: '',
          },
          {
            id: pick('e4').id,
            userId: bob.user.id,
            employeeName: 'Bob Brown',
            trainingName: 'Cloud Security',
            date: '2025-03-10',
            hours: 1.25,
            notesPreview: `${'Spreadsheets '.repeat(6)}Sp...`, // 6 x 13 + 2 = 80 characters
          },
          {
            id: pick('e1').id,
            userId: ada.user.id,
            employeeName: 'Ada Adams',
            trainingName: 'Excel Skills',
            date: '2025-03-10',
            hours: 2.5,
            notesPreview: 'Data analytics with Excel',
          },
        ],
      },
      // Rated 4 or more: best rating first, then the latest date; Carl's 'Webinar on AI' (4, January) is the seventh.
      topRatedEntries: [
        {
          id: pick('e9').id,
          userId: smt.user.id,
          employeeName: 'Sam Smith',
          department: 'Executive',
          trainingName: 'Strategy offsite',
          courseGivenBy: '',
          date: '2025-09-09',
          hours: 0.25,
          rating: 5,
        },
        {
          id: pick('e5').id,
          userId: bob.user.id,
          employeeName: 'Bob Brown',
          department: 'Finance',
          trainingName: 'Leadership Essentials',
          courseGivenBy: '',
          date: '2025-06-15',
          hours: 3,
          rating: 5,
        },
        {
          id: pick('e1').id,
          userId: ada.user.id,
          employeeName: 'Ada Adams',
          department: 'Engineering',
          trainingName: 'Excel Skills',
          courseGivenBy: '',
          date: '2025-03-10',
          hours: 2.5,
          rating: 5,
        },
        {
          id: pick('e7').id,
          userId: manager.user.id,
          employeeName: 'Carl Clark',
          department: 'Engineering',
          trainingName: 'Negotiation',
          courseGivenBy: '',
          date: '2025-02-02',
          hours: 5,
          rating: 5,
        },
        {
          id: pick('e2').id,
          userId: ada.user.id,
          employeeName: 'Ada Adams',
          department: 'Engineering',
          trainingName: 'Leadership Essentials',
          courseGivenBy: '',
          date: '2025-05-01',
          hours: 4,
          rating: 4,
        },
        {
          id: pick('e4').id,
          userId: bob.user.id,
          employeeName: 'Bob Brown',
          department: 'Finance',
          trainingName: 'Cloud Security',
          courseGivenBy: '',
          date: '2025-03-10',
          hours: 1.25,
          rating: 4,
        },
      ],
      hoursByDepartment: [
        { department: 'Engineering', hours: 13.5, employees: 2 },
        { department: 'Finance', hours: 6.25, employees: 1 },
        { department: 'Executive', hours: 0.25, employees: 1 },
      ],
    });
  });

  it('shows no target card for a year without a target, and empty lists for a year without entries', async () => {
    expect(await overview(2024)).toMatchObject({
      activeEmployees: 2,
      totalHours: 16,
      averageHoursPerEmployee: 8,
      previousYear: { year: 2023, activeEmployees: 1, totalHours: 1000, averageHoursPerEmployee: 1000 },
      target: null,
      innovation: { entries: 0, hours: 0, rate: 0, highlights: [] },
      topRatedEntries: [{ id: entries.e10!.id, rating: 5 }],
    });
    expect(await overview(2019)).toMatchObject({
      activeEmployees: 0,
      totalHours: 0,
      averageHoursPerEmployee: 0,
      totalAccounts: 8,
      target: null,
      topics: [],
      innovation: { highlights: [] },
      topRatedEntries: [],
      hoursByDepartment: [],
    });
  });

  it('reads Needs Attention at 74.9% of the target, On Track at 75% and Complete at 100%', async () => {
    expect((await overview(2021)).target).toMatchObject({
      completedPercent: 74.9,
      progressPercent: 75,
      badge: 'Needs Attention',
      onTrack: false,
    });
    expect((await overview(2022)).target).toMatchObject({ completedPercent: 75, badge: 'On Track', onTrack: false });
    expect((await overview(2023)).target).toMatchObject({
      completedPercent: 100,
      progressPercent: 100,
      badge: 'Complete',
      onTrack: true,
    });
  });

  it('takes the current year by default', async () => {
    expect(await overview()).toMatchObject({
      year: new Date().getFullYear(),
      previousYear: { year: new Date().getFullYear() - 1 },
    });
  });

  it('refuses a malformed or repeated year, and unknown parameters, with 400', async () => {
    for (const query of ['?year=soon', '?year=2025&year=2024', '?yeer=2025', '?year=1800']) {
      const response = await request(app, 'GET', `/api/smt/overview${query}`, { token: smt.token });
      expect(response, query).toMatchObject({ status: 400, body: { error: expect.any(String) } });
    }
  });
});

describe('who may read the overview (by role)', () => {
  it('answers SMT and admins, refuses employees, managers and HR with 403, and asks the signed out to sign in', async () => {
    const matrix: Array<[string, SignedInTestUser | undefined, number]> = [
      ['signed out', undefined, 401],
      ['employee', ada, 403],
      ['manager', manager, 403],
      ['hr', hr, 403],
      ['smt', smt, 200],
      ['admin', admin, 200],
    ];
    for (const [who, viewer, status] of matrix) {
      const response = await request(app, 'GET', '/api/smt/overview?year=2025', { token: viewer?.token });
      expect(response.status, who).toBe(status);
      if (status === 403) expect(response.body, who).toEqual({ error: 'SMT or admin access required' });
    }
  });
});

describe('SMT is read-only', () => {
  it("gives SMT no write beyond their own entries: organisation data and other people's entries are refused, and nothing is appended", async () => {
    const departments = (await request<Array<{ id: number; name: string }>>(app, 'GET', '/api/departments')).body;
    const finance = departments.find((department) => department.name === 'Finance')!;
    const before = await app.ctx.store.countAll!();
    const overviewBefore = await overview(2025);
    const attempts: Array<[string, string, unknown?]> = [
      [
        'POST',
        '/api/users',
        {
          email: `new@${app.ctx.config.orgEmailDomain}`,
          firstName: 'New',
          lastName: 'Person',
          role: 'employee',
          managerId: manager.user.id,
          department: 'Finance',
          password: 'secret-password',
        },
      ],
      ['PUT', `/api/users/${ada.user.id}`, { ...ada.user, role: 'hr' }],
      ['DELETE', `/api/users/${ada.user.id}`],
      ['POST', '/api/admin/set-temp-password', { userId: ada.user.id, tempPassword: 'temporary-1' }],
      ['POST', '/api/departments', { name: 'Strategy Office' }],
      ['PUT', `/api/departments/${finance.id}`, { name: 'Money' }],
      ['DELETE', `/api/departments/${finance.id}`],
      ['POST', '/api/form-fields', { name: 'costCentre', label: 'Cost centre', type: 'text' }],
      ['POST', '/api/yearly-targets', { year: 2026, targetHours: 100 }],
      ['PUT', '/api/yearly-targets/2025', { targetHours: 1 }],
      ['POST', '/api/user-targets', { userId: ada.user.id, year: 2025, targetHours: 10 }],
      ['POST', '/api/user-targets/bulk', { year: 2025, targetHours: 10 }],
      ['POST', '/api/fiscal-years', { year: 2030, targetHours: 100 }],
      ['PUT', `/api/entries/${entries.e1!.id}`, { ...entries.e1, hours: 100 }],
      ['DELETE', `/api/entries/${entries.e1!.id}`],
    ];
    for (const [method, path, body] of attempts) {
      const response = await request(app, method, path, { token: smt.token, body });
      expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBe(403);
    }
    expect(await app.ctx.store.countAll!()).toBe(before);
    expect(await overview(2025)).toEqual(overviewBefore);
  });
});

describe('changes show on the next read', () => {
  it('counts a new entry, a deletion and a changed target at once, although the overview is kept between changes', async () => {
    const before = await overview(2025);
    await log('e15', bob, {
      date: '2025-10-01',
      hours: 5,
      rating: 5,
      beInnovative: true,
      trainingName: 'Cyber Security',
      notes: 'Phishing drills',
    });
    expect((await request(app, 'DELETE', `/api/entries/${entries.e9!.id}`, { token: smt.token })).status).toBe(200);
    expect((await request(app, 'PUT', '/api/yearly-targets/2025', { token: hr.token, body: { targetHours: 40 } })).status).toBe(
      200,
    );
    const after = await overview(2025);
    // Sam's only 2025 entry is gone: Ada, Bob and Carl remain active with 20 - 0.25 + 5 hours.
    expect(after).toMatchObject({
      activeEmployees: 3,
      totalHours: 24.75,
      averageHoursPerEmployee: 8.3,
      innovation: { entries: 5, hours: 15.75 },
    });
    expect(after.target).toMatchObject({ targetHours: 40, completedPercent: 61.8, badge: 'Needs Attention', onTrack: false });
    expect(after.innovation.highlights.map((highlight) => highlight.id)).toEqual([entries.e15!.id, entries.e6!.id, entries.e4!.id]);
    expect(after.topRatedEntries[0]).toMatchObject({ id: entries.e15!.id, trainingName: 'Cyber Security' });
    expect(after.topRatedEntries.map((entry) => entry.id)).not.toContain(entries.e9!.id);
    expect(after.hoursByDepartment.map((row) => row.department)).toEqual(['Engineering', 'Finance']);
    expect(before.totalHours).toBe(20);
  });
});
