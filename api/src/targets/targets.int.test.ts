import { effectiveTargetHours, userTargetSchema, yearlyTargetSchema, type UserTarget, type YearlyTarget } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

let app: TestApp;
let admin: SignedInTestUser;
let hr: SignedInTestUser;
let smt: SignedInTestUser;
let manager: SignedInTestUser;
let report: SignedInTestUser;
let employee: SignedInTestUser;

const postYearly = (body: unknown, token = hr.token) => request(app, 'POST', '/api/yearly-targets', { token, body });
const putYearly = (year: number | string, body: unknown, token = hr.token) =>
  request(app, 'PUT', `/api/yearly-targets/${year}`, { token, body });
const postFiscalYear = (body: unknown, token = admin.token) => request(app, 'POST', '/api/fiscal-years', { token, body });
const postUserTarget = (body: unknown, token = hr.token) => request(app, 'POST', '/api/user-targets', { token, body });
const putUserTarget = (userId: number | string, year: number | string, body: unknown, token = hr.token) =>
  request(app, 'PUT', `/api/user-targets/${userId}/${year}`, { token, body });

const yearlyTargets = async (token = employee.token): Promise<YearlyTarget[]> =>
  yearlyTargetSchema.array().parse((await request(app, 'GET', '/api/yearly-targets', { token })).body);
const fiscalYears = async (token = employee.token): Promise<YearlyTarget[]> =>
  yearlyTargetSchema.array().parse((await request(app, 'GET', '/api/fiscal-years', { token })).body);
const userTargets = async (token: string, year?: number): Promise<UserTarget[]> => {
  const response = await request(app, 'GET', `/api/user-targets${year === undefined ? '' : `?year=${year}`}`, { token });
  expect(response.status).toBe(200);
  return userTargetSchema.array().parse(response.body);
};

beforeAll(async () => {
  app = await startTestApp();
  admin = await createUserAndLogin(app, { role: 'admin' }); // creates the department the others join
  [hr, smt, manager, employee] = await Promise.all([
    createUserAndLogin(app, { role: 'hr' }),
    createUserAndLogin(app, { role: 'smt' }),
    createUserAndLogin(app, { role: 'manager' }),
    createUserAndLogin(app),
  ]);
  report = await createUserAndLogin(app, { managerId: manager.user.id });
});

afterAll(() => app?.close());

describe('yearly targets', () => {
  it('HR creates a yearly target that everyone signed in reads', async () => {
    const before = Date.now();
    const response = await postYearly({ year: 2020, targetHours: 1200, description: ' Push for 2020 ' });
    expect(response.status).toBe(201);
    const target = yearlyTargetSchema.parse(response.body);
    expect(target).toMatchObject({ year: 2020, targetHours: 1200, description: 'Push for 2020' });
    expect(Date.parse(target.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(await yearlyTargets(employee.token)).toContainEqual(target);
    expect((await request(app, 'GET', '/api/yearly-targets')).status).toBe(401);
  });

  it('updates the hours, keeps a description that is not sent and replaces one that is', async () => {
    const created = yearlyTargetSchema.parse((await postYearly({ year: 2021, targetHours: 500, description: 'First' })).body);
    const updated = await putYearly(2021, { year: 2021, targetHours: 800 }, admin.token);
    expect(updated).toMatchObject({ status: 200, body: { id: created.id, year: 2021, targetHours: 800, description: 'First' } });
    expect((await putYearly(2021, { targetHours: 800, description: '' })).body).toMatchObject({ description: null });
    const listed = (await yearlyTargets()).find((target) => target.year === 2021)!;
    expect(listed).toMatchObject({ id: created.id, targetHours: 800, description: null, createdAt: created.createdAt });
  });

  it('refuses a second target for a year, and of 10 simultaneous creations keeps one', async () => {
    expect((await postYearly({ year: 2022, targetHours: 100 })).status).toBe(201);
    expect(await postYearly({ year: 2022, targetHours: 200 })).toMatchObject({
      status: 409,
      body: { error: 'A yearly target for 2022 already exists' },
    });
    const statuses = await Promise.all(Array.from({ length: 10 }, (_, i) => postYearly({ year: 2023, targetHours: 100 + i })));
    expect(statuses.map((response) => response.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect((await yearlyTargets()).filter((target) => target.year === 2023)).toHaveLength(1);
  });

  it('answers the validation messages for bad input and 404 for a year without a target', async () => {
    expect(await postYearly({ year: 2031, targetHours: 10 })).toMatchObject({
      status: 400,
      body: { error: 'Year must be a whole number from 2020 to 2030' },
    });
    expect(await postYearly({ year: 2024, targetHours: 100_001 })).toMatchObject({
      status: 400,
      body: { error: 'Target hours must be a whole number from 1 to 100000' },
    });
    expect(await postYearly(null)).toMatchObject({ status: 400 });
    expect(await putYearly(2029, { targetHours: 10 })).toMatchObject({
      status: 404,
      body: { error: 'No training target set for 2029' },
    });
    expect(await putYearly('next', { targetHours: 10 })).toMatchObject({
      status: 400,
      body: { error: 'Year must be a whole number' },
    });
    expect((await yearlyTargets()).map((target) => target.year)).not.toContain(2031);
  });

  it('lets only HR and admins write', async () => {
    for (const user of [employee, manager, smt]) {
      expect(await postYearly({ year: 2024, targetHours: 10 }, user.token)).toMatchObject({
        status: 403,
        body: { error: 'HR or admin access required' },
      });
      expect((await putYearly(2020, { targetHours: 1 }, user.token)).status).toBe(403);
    }
    expect((await request(app, 'POST', '/api/yearly-targets', { body: { year: 2024, targetHours: 10 } })).status).toBe(401);
    expect((await yearlyTargets()).map((target) => target.year)).not.toContain(2024);
  });
});

describe('fiscal years', () => {
  it('are the yearly targets: an admin’s fiscal year is HR’s target and the other way round', async () => {
    const fiscalYear = yearlyTargetSchema.parse((await postFiscalYear({ year: 2040, targetHours: 2500.5 })).body);
    expect(fiscalYear).toMatchObject({
      year: 2040,
      targetHours: 2500.5,
      description: 'Organisation-wide training target for 2040',
    });
    expect(await yearlyTargets(hr.token)).toContainEqual(fiscalYear);
    const yearly = (await yearlyTargets()).find((target) => target.year === 2020)!;
    expect(await fiscalYears(admin.token)).toContainEqual(yearly);
    expect((await fiscalYears(employee.token)).map((target) => target.year)).toEqual(
      (await yearlyTargets()).map((target) => target.year),
    );
    expect(await postFiscalYear({ year: 2020, targetHours: 10 })).toMatchObject({
      status: 409,
      body: { error: 'A yearly target for 2020 already exists' },
    });
  });

  it('takes years 2020-2050 and any amount above 0, from admins only', async () => {
    expect(await postFiscalYear({ year: 2041, targetHours: 0 })).toMatchObject({
      status: 400,
      body: { error: 'Please enter a valid target hours amount' },
    });
    expect(await postFiscalYear({ year: 2051, targetHours: 10 })).toMatchObject({
      status: 400,
      body: { error: 'Year must be a whole number from 2020 to 2050' },
    });
    expect(await postFiscalYear({ year: 2041, targetHours: 10 }, hr.token)).toMatchObject({
      status: 403,
      body: { error: 'Admin access required' },
    });
    expect((await fiscalYears()).map((target) => target.year)).not.toContain(2041);
  });
});

describe('user targets', () => {
  it('HR sets a target for a user; setBy is the signed-in user whatever the client sends', async () => {
    const response = await postUserTarget({
      userId: employee.user.id,
      year: 2026,
      targetHours: 40,
      reason: 'HR adjustment',
      setBy: admin.user.id,
    });
    expect(response.status).toBe(201);
    expect(userTargetSchema.parse(response.body)).toMatchObject({
      userId: employee.user.id,
      year: 2026,
      targetHours: 40,
      reason: 'HR adjustment',
      setBy: hr.user.id,
    });
    expect(await postUserTarget({ userId: employee.user.id, year: 2026, targetHours: 50 })).toMatchObject({
      status: 409,
      body: { error: 'This user already has a target for 2026' },
    });
  });

  it('updates the hours, keeps a reason that is not sent, and records who changed it', async () => {
    const created = userTargetSchema.parse(
      (await postUserTarget({ userId: report.user.id, year: 2026, targetHours: 30, reason: 'New starter' })).body,
    );
    const updated = await putUserTarget(report.user.id, 2026, { targetHours: 35 }, admin.token);
    expect(updated).toMatchObject({
      status: 200,
      body: { id: created.id, targetHours: 35, reason: 'New starter', setBy: admin.user.id, createdAt: created.createdAt },
    });
    expect((await putUserTarget(report.user.id, 2026, { targetHours: 35, reason: 'HR adjustment' })).body).toMatchObject({
      reason: 'HR adjustment',
      setBy: hr.user.id,
    });
  });

  it('answers 404 for an unknown user or a missing target, and the validation messages for bad input', async () => {
    expect(await postUserTarget({ userId: 999_999, year: 2026, targetHours: 40 })).toMatchObject({
      status: 404,
      body: { error: 'User not found' },
    });
    expect(await putUserTarget(999_999, 2026, { targetHours: 40 })).toMatchObject({
      status: 404,
      body: { error: 'User not found' },
    });
    expect(await putUserTarget(employee.user.id, 2027, { targetHours: 40 })).toMatchObject({
      status: 404,
      body: { error: 'This user has no target for 2027' },
    });
    expect(await postUserTarget({ userId: employee.user.id, year: 2027, targetHours: 10_001 })).toMatchObject({
      status: 400,
      body: { error: 'Target hours must be a whole number from 1 to 10000' },
    });
    expect(await postUserTarget({ userId: 0, year: 2027, targetHours: 10 })).toMatchObject({
      status: 400,
      body: { error: 'User id must be a whole number of at least 1' },
    });
    expect(await putUserTarget('me', 2026, { targetHours: 10 })).toMatchObject({
      status: 400,
      body: { error: 'User id must be a whole number of at least 1' },
    });
    expect(await putUserTarget(employee.user.id, 2026, { targetHours: 0.5 })).toMatchObject({
      status: 400,
      body: { error: 'Target hours must be a whole number from 1 to 10000' },
    });
    expect(await request(app, 'GET', '/api/user-targets?year=soon', { token: hr.token })).toMatchObject({
      status: 400,
      body: { error: 'Year must be a whole number' },
    });
  });

  it('lets only HR and admins write', async () => {
    for (const user of [employee, manager, smt]) {
      expect(await postUserTarget({ userId: user.user.id, year: 2028, targetHours: 1 }, user.token)).toMatchObject({
        status: 403,
        body: { error: 'HR or admin access required' },
      });
      expect((await putUserTarget(employee.user.id, 2026, { targetHours: 1 }, user.token)).status).toBe(403);
    }
    expect((await userTargets(hr.token, 2028)).length).toBe(0);
  });

  it('shows everyone’s targets to HR, SMT and admins, a manager’s own and reports’, and an employee’s own', async () => {
    const managerOwn = userTargetSchema.parse(
      (await postUserTarget({ userId: manager.user.id, year: 2026, targetHours: 20 })).body,
    );
    const userIdsSeenBy = async (user: SignedInTestUser) =>
      (await userTargets(user.token, 2026)).map((target) => target.userId).sort();
    const everyone = [employee.user.id, manager.user.id, report.user.id].sort();
    for (const user of [hr, smt, admin]) expect(await userIdsSeenBy(user)).toEqual(everyone);
    expect(await userIdsSeenBy(manager)).toEqual([manager.user.id, report.user.id].sort());
    expect(await userIdsSeenBy(report)).toEqual([report.user.id]);
    expect(await userIdsSeenBy(employee)).toEqual([employee.user.id]);
    expect(await userTargets(manager.token)).toContainEqual(managerOwn);
    expect(await userTargets(manager.token, 2025)).toEqual([]);
  });

  it('drops the targets of a deleted user', async () => {
    const leaver = await createUserAndLogin(app);
    expect((await postUserTarget({ userId: leaver.user.id, year: 2026, targetHours: 25 })).status).toBe(201);
    expect((await request(app, 'DELETE', `/api/users/${leaver.user.id}`, { token: admin.token })).status).toBe(200);
    expect((await userTargets(hr.token)).map((target) => target.userId)).not.toContain(leaver.user.id);
    expect(await putUserTarget(leaver.user.id, 2026, { targetHours: 30 })).toMatchObject({
      status: 404,
      body: { error: 'User not found' },
    });
  });
});

describe('the personal target through the API reads', () => {
  /** What My Dashboard computes: the own target, else the yearly target shared among all users, else 100. */
  async function personalTargetOf(user: SignedInTestUser, year: number): Promise<number> {
    const own = (await userTargets(user.token, year)).find((target) => target.userId === user.user.id);
    const yearly = (await yearlyTargets(user.token)).find((target) => target.year === year);
    const users = (await request(app, 'GET', '/api/users', { token: user.token })).body as unknown[];
    return effectiveTargetHours({
      userTargetHours: own?.targetHours ?? null,
      yearlyTargetHours: yearly?.targetHours ?? null,
      totalUsers: users.length,
    });
  }

  it('is 100 hours without targets, the yearly share once HR sets one, and the own target once set', async () => {
    const newcomer = await createUserAndLogin(app);
    expect(await personalTargetOf(newcomer, 2025)).toBe(100);

    const headCount = ((await request(app, 'GET', '/api/users', { token: hr.token })).body as unknown[]).length;
    expect((await postYearly({ year: 2025, targetHours: 7 * headCount })).status).toBe(201);
    expect(await personalTargetOf(newcomer, 2025)).toBe(7);

    expect((await postUserTarget({ userId: newcomer.user.id, year: 2025, targetHours: 55 })).status).toBe(201);
    expect(await personalTargetOf(newcomer, 2025)).toBe(55);
    expect(await personalTargetOf(employee, 2025)).toBe(7);
  });
});
