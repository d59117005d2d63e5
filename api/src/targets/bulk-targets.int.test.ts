import { bulkTargetResultSchema, userTargetAssignmentsStream, userTargetSchema, type UserTarget } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

let app: TestApp;
let admin: SignedInTestUser;
let hr: SignedInTestUser;
let people: SignedInTestUser[];

const bulk = (body: unknown, token = hr.token) => request(app, 'POST', '/api/user-targets/bulk', { token, body });

async function targetsOf(year: number): Promise<UserTarget[]> {
  const response = await request(app, 'GET', `/api/user-targets?year=${year}`, { token: hr.token });
  return userTargetSchema.array().parse(response.body);
}

async function headCount(): Promise<number> {
  return ((await request(app, 'GET', '/api/users', { token: hr.token })).body as unknown[]).length;
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await createUserAndLogin(app, { role: 'admin' });
  hr = await createUserAndLogin(app, { role: 'hr' });
  people = await Promise.all([createUserAndLogin(app), createUserAndLogin(app), createUserAndLogin(app, { role: 'manager' })]);
});

afterAll(() => app?.close());

describe('POST /api/user-targets/bulk', () => {
  it('sets the target of every account in one append, readable at once, by the signed-in HR user', async () => {
    const response = await bulk({ year: 2026, targetHours: 40 });
    const accounts = await headCount();
    expect(response.status).toBe(200);
    expect(bulkTargetResultSchema.parse(response.body)).toEqual({
      year: 2026,
      targetHours: 40,
      reason: 'Company-wide assignment',
      employees: accounts,
      created: accounts,
      updated: 0,
      unchanged: 0,
    });
    const targets = await targetsOf(2026);
    expect(targets).toHaveLength(accounts);
    expect(new Set(targets.map((target) => target.userId)).size).toBe(accounts);
    for (const target of targets)
      expect(target).toMatchObject({ targetHours: 40, reason: 'Company-wide assignment', setBy: hr.user.id });

    const stored = await app.ctx.store.readStream(userTargetAssignmentsStream(2026));
    expect(stored).toHaveLength(accounts);
    expect(new Set(stored.map((event) => event.globalPosition.length))).toEqual(new Set([stored[0]!.globalPosition.length]));
    expect(new Set(stored.map((event) => event.metadata.correlationId)).size).toBe(1);
  });

  it('updates existing targets, leaves identical ones alone, and then single edits see the bulk target', async () => {
    const [first, second] = people;
    expect((await bulk({ year: 2026, targetHours: 40, userIds: [first!.user.id] })).body).toMatchObject({
      unchanged: 1,
      created: 0,
      updated: 0,
    });
    expect(
      (await bulk({ year: 2026, targetHours: 45, userIds: [first!.user.id, second!.user.id], reason: 'Mid-year review' })).body,
    ).toMatchObject({
      employees: 2,
      created: 0,
      updated: 2,
    });
    const before = (await targetsOf(2026)).find((target) => target.userId === first!.user.id)!;
    expect(before).toMatchObject({ targetHours: 45, reason: 'Mid-year review' });

    // A person's own target of a bulk-assigned year exists: create refuses, update changes the same record.
    expect(
      await request(app, 'POST', '/api/user-targets', {
        token: hr.token,
        body: { userId: first!.user.id, year: 2026, targetHours: 5 },
      }),
    ).toMatchObject({
      status: 409,
      body: { error: 'This user already has a target for 2026' },
    });
    const edited = await request(app, 'PUT', `/api/user-targets/${first!.user.id}/2026`, {
      token: admin.token,
      body: { targetHours: 50, reason: 'HR adjustment' },
    });
    expect(edited).toMatchObject({
      status: 200,
      body: { id: before.id, targetHours: 50, reason: 'HR adjustment', setBy: admin.user.id },
    });

    // A later bulk assignment wins over the single edit again, on the same record.
    await bulk({ year: 2026, targetHours: 60, userIds: [first!.user.id] });
    const after = (await targetsOf(2026)).filter((target) => target.userId === first!.user.id);
    expect(after).toEqual([expect.objectContaining({ id: before.id, targetHours: 60, reason: 'Company-wide assignment' })]);
  });

  it('defaults to the most common target of the year, else the yearly target shared among all accounts', async () => {
    // 2026: most people have 40 hours (earlier tests moved two of them away from it).
    expect((await bulk({ year: 2026 })).body).toMatchObject({ targetHours: 40 });
    const accounts = await headCount();
    expect(
      (await request(app, 'POST', '/api/yearly-targets', { token: hr.token, body: { year: 2027, targetHours: 7 * accounts } }))
        .status,
    ).toBe(201);
    expect((await bulk({ year: 2027 })).body).toMatchObject({ targetHours: 7, created: accounts });
    expect((await bulk({ year: 2028, userIds: [people[0]!.user.id] })).body).toMatchObject({ targetHours: 100, created: 1 });
  });

  it('is all or nothing: one unknown person refuses the whole request', async () => {
    expect(await bulk({ year: 2029, targetHours: 10, userIds: [people[0]!.user.id, 999_999] })).toMatchObject({
      status: 404,
      body: { error: 'User not found' },
    });
    expect(await bulk({ year: 2029, targetHours: 10, userIds: [] })).toMatchObject({
      status: 400,
      body: { error: 'No users found' },
    });
    expect(await bulk({ year: 2031, targetHours: 10 })).toMatchObject({
      status: 400,
      body: { error: 'Year must be a whole number from 2020 to 2030' },
    });
    expect(await targetsOf(2029)).toEqual([]);
  });

  it('of assignments of one year at the same time, each applies wholly or not at all; nobody gets two targets', async () => {
    const responses = await Promise.all([20, 30, 40, 50, 60].map((targetHours) => bulk({ year: 2030, targetHours })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(statuses).toContain(200);
    const targets = await targetsOf(2030);
    expect(targets).toHaveLength(await headCount());
    expect(new Set(targets.map((target) => target.userId)).size).toBe(targets.length);
    // Whichever applied last set everybody's hours: never a mix of two assignments.
    expect(new Set(targets.map((target) => target.targetHours)).size).toBe(1);
  });

  it('is for HR and admins only', async () => {
    for (const person of people) {
      expect(await bulk({ year: 2025, targetHours: 10 }, person.token)).toMatchObject({
        status: 403,
        body: { error: 'HR or admin access required' },
      });
    }
    expect((await bulk({ year: 2025, targetHours: 10 }, admin.token)).status).toBe(200);
    expect((await request(app, 'POST', '/api/user-targets/bulk', { body: { year: 2025 } })).status).toBe(401);
  });
});
