import { errorResponseSchema } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { request, type JsonResponse } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { refusalsOf } from './build-document';
import { FEATURE_APIS } from './features';
import type { ApiOperation, HttpMethod } from './operations';

/**
 * The description tells the truth: each call below goes through the real app, and its status must
 * be one the operation documents, with a body its schema accepts (for a refusal: `{error}` with one
 * of the documented messages).
 */

let app: TestApp;
let operations: ApiOperation[];
let admin: SignedInTestUser;
let employee: SignedInTestUser;

beforeAll(async () => {
  app = await startTestApp();
  operations = FEATURE_APIS.flatMap((describe) => describe(app.ctx.config).operations);
  admin = await createUserAndLogin(app, { role: 'admin' });
  employee = await createUserAndLogin(app, { role: 'employee', managerId: admin.user.id });
});

afterAll(() => app?.close());

interface Call {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  as?: SignedInTestUser;
}

function operationOf(method: HttpMethod, path: string): ApiOperation {
  const operation = operations.find((candidate) => candidate.method === method && candidate.path === path);
  if (!operation) throw new Error(`No operation describes ${method.toUpperCase()} ${path}`);
  return operation;
}

function expectAsDocumented(operation: ApiOperation, response: JsonResponse): void {
  const where = `${operation.operationId} answered ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`;
  const documented = operation.responses[response.status];
  if (documented) {
    const parsed = documented.schema?.safeParse(response.body);
    expect(parsed?.error?.issues ?? [], where).toEqual([]);
    return;
  }
  const refusals = refusalsOf(operation)[response.status];
  expect(refusals, `${where}: status not documented`).toBeDefined();
  const { error } = errorResponseSchema.parse(response.body);
  if (!refusals!.note) expect(refusals!.messages, where).toContain(error);
}

/** Sends a call to the operation at `path` (OpenAPI form) and checks the answer against its description. */
async function call<Body = any>(
  method: HttpMethod,
  path: string,
  { params = {}, query, body, as }: Call = {},
): Promise<JsonResponse<Body>> {
  const operation = operationOf(method, path);
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const search = query ? `?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}` : '';
  const response = await request<Body>(app, method.toUpperCase(), `${url}${search}`, { body, ...(as ? { token: as.token } : {}) });
  expectAsDocumented(operation, response);
  return response;
}

const entry = (trainingName: string) => ({ firstName: 'Ada', lastName: 'Lovelace', trainingName, date: '2025-03-10', hours: 2 });

describe('answers match the description', () => {
  it('platform and reference routes', async () => {
    await call('get', '/api/health');
    await call('get', '/api/remotes');
    await call('get', '/api/config');
    expect((await call('get', '/api/openapi.json')).status).toBe(200);
    expect((await call('get', '/api/docs')).status).toBe(200);
  });

  it('accounts: register, sign in and out, passwords', async () => {
    const email = `documented-${Date.now()}@${app.ctx.config.orgEmailDomain}`;
    const password = 'first-password';
    const registration = {
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      department: 'Engineering',
      password,
      confirmPassword: password,
    };
    expect((await call('post', '/api/register', { body: registration })).status).toBe(201);
    expect((await call('post', '/api/register', { body: registration })).status).toBe(409);
    expect((await call('post', '/api/login', { body: { username: email, password: 'wrong-password' } })).status).toBe(401);
    expect((await call('post', '/api/login', { body: {} })).status).toBe(400);
    const login = await call('post', '/api/login', { body: { username: email, password } });
    const user = { ...employee, token: login.body.authToken as string };
    expect((await call('get', '/api/user', { as: user })).status).toBe(200);
    const changed = await call('post', '/api/set-password', {
      as: user,
      body: { currentPassword: password, password: 'second-password', confirmPassword: 'second-password' },
    });
    expect(changed.status).toBe(200);
    expect((await call('post', '/api/reset-password', { body: { username: email } })).status).toBe(200);
    // The owner's request is decided after its answer: the admin's, on the same stream, comes after it.
    await app.ctx.afterAnswer.idle();
    const reset = await call('post', '/api/reset-password', { as: admin, body: { username: email } });
    expect(reset.status).toBe(200);
    const confirm = { token: reset.body.resetToken, password: 'third-password', confirmPassword: 'third-password' };
    expect((await call('post', '/api/reset-password-confirm', { body: confirm })).status).toBe(200);
    expect((await call('post', '/api/reset-password-confirm', { body: confirm })).status).toBe(400);
    const nobody = { username: `nobody@${app.ctx.config.orgEmailDomain}` };
    expect((await call('post', '/api/reset-password', { body: nobody })).status).toBe(200);
    expect((await call('post', '/api/reset-password', { as: admin, body: nobody })).status).toBe(404);
    expect((await call('post', '/api/logout', { as: { ...user, token: changed.body.authToken } })).status).toBe(200);
    expect((await call('get', '/api/check-email/{email}', { params: { email } })).body).toEqual({ exists: true });
    expect((await call('get', '/api/managers')).status).toBe(200);
  });

  it('single sign-on, not configured here (sso.int.test.ts follows it through a provider)', async () => {
    expect((await call('get', '/api/auth/oidc/start')).status).toBe(404);
    expect((await call('get', '/api/auth/oidc/callback')).status).toBe(404);
    expect((await call('post', '/api/auth/oidc/complete', { as: employee })).status).toBe(404);
    expect((await call('get', '/api/auth/oidc/first-sign-in')).status).toBe(404);
    expect((await call('post', '/api/auth/oidc/first-sign-in', { body: {} })).status).toBe(404);
  });

  it('users', async () => {
    expect((await call('get', '/api/users', { as: admin })).status).toBe(200);
    expect((await call('get', '/api/users', { as: employee })).status).toBe(200);
    expect((await call('get', '/api/users/{id}', { as: employee, params: { id: admin.user.id } })).status).toBe(200);
    expect((await call('get', '/api/users/{id}', { as: admin, params: { id: 2_000_000 } })).status).toBe(404);
    const body = {
      email: `created-${Date.now()}@${app.ctx.config.orgEmailDomain}`,
      firstName: 'Alan',
      lastName: 'Turing',
      managerId: admin.user.id,
      department: 'Engineering',
      password: 'temporary-1',
    };
    expect((await call('post', '/api/users', { as: employee, body })).status).toBe(403);
    const created = await call('post', '/api/users', { as: admin, body });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await call('put', '/api/users/{id}', { as: admin, params: { id }, body: { firstName: 'Alan M.' } })).status).toBe(200);
    expect(
      (await call('put', '/api/users/{id}', { as: employee, params: { id }, body: { department: 'Engineering' } })).status,
    ).toBe(403);
    expect(
      (await call('post', '/api/admin/set-temp-password', { as: admin, body: { userId: id, tempPassword: 'another-1' } })).status,
    ).toBe(200);
    const personalData = (as: SignedInTestUser, personId: number, format?: string) =>
      call('get', '/api/users/{id}/personal-data', { as, params: { id: personId }, ...(format ? { query: { format } } : {}) });
    for (const format of ['json', 'csv']) expect((await personalData(employee, employee.user.id, format)).status).toBe(200);
    expect((await personalData(employee, id)).status).toBe(403);
    expect((await personalData(admin, 2_000_000)).status).toBe(404);
    expect((await personalData(admin, id, 'xml')).status).toBe(400);
    expect((await call('get', '/api/users', { as: employee, query: { status: 'all' } })).status).toBe(403);
    expect((await call('get', '/api/users', { as: admin, query: { status: 'deactivated' } })).status).toBe(200);
    expect((await call('post', '/api/users/{id}/deactivate', { as: employee, params: { id } })).status).toBe(403);
    expect((await call('post', '/api/users/{id}/deactivate', { as: admin, params: { id: admin.user.id } })).status).toBe(400);
    expect((await call('post', '/api/users/{id}/deactivate', { as: admin, params: { id: 2_000_000 } })).status).toBe(404);
    expect((await call('post', '/api/users/{id}/deactivate', { as: admin, params: { id } })).status).toBe(204);
    const leaverSignIn = await call('post', '/api/login', { body: { username: body.email, password: 'another-1' } });
    expect(leaverSignIn.status).toBe(403);
    expect((await call('post', '/api/users/{id}/reactivate', { as: admin, params: { id: 2_000_000 } })).status).toBe(404);
    expect((await call('post', '/api/users/{id}/reactivate', { as: admin, params: { id } })).status).toBe(204);
    expect((await call('delete', '/api/users/{id}', { as: admin, params: { id: admin.user.id } })).status).toBe(400);
    expect((await call('delete', '/api/users/{id}', { as: admin, params: { id } })).status).toBe(200);
  });

  it('departments', async () => {
    expect((await call('get', '/api/departments')).status).toBe(200);
    const created = await call('post', '/api/departments', { as: admin, body: { name: 'Research' } });
    expect(created.status).toBe(201);
    expect((await call('post', '/api/departments', { as: admin, body: { name: 'Research' } })).status).toBe(409);
    expect((await call('post', '/api/departments', { as: employee, body: { name: 'Sales' } })).status).toBe(403);
    const params = { id: created.body.id as number };
    expect(
      (await call('put', '/api/departments/{id}', { as: admin, params, body: { name: 'Research and Development' } })).status,
    ).toBe(200);
    expect((await call('delete', '/api/departments/{id}', { as: admin, params })).status).toBe(200);
    expect((await call('delete', '/api/departments/{id}', { as: admin, params })).status).toBe(404);
  });

  it('entries and stats', async () => {
    expect((await call('get', '/api/entries')).status).toBe(401);
    const logged = await call('post', '/api/entries', { as: employee, body: entry('Testing') });
    expect(logged.status).toBe(201);
    const params = { id: logged.body.id as number };
    expect(
      (await call('put', '/api/entries/{id}', { as: employee, params, body: { ...entry('Testing'), notes: 'Done' } })).status,
    ).toBe(200);
    expect((await call('put', '/api/entries/{id}', { as: employee, params: { id: 2_000_000 }, body: entry('x') })).status).toBe(
      404,
    );
    const bulk = await call('post', '/api/entries/bulk', { as: employee, body: { entries: [entry('Bulk'), {}] } });
    expect(bulk.body).toMatchObject({ created: 1, failed: 1 });
    expect(
      (await call('get', '/api/entries', { as: employee, query: { userId: employee.user.id, year: 2025 } })).body,
    ).toHaveLength(2);
    expect((await call('get', '/api/entries', { as: employee })).status).toBe(403);
    expect((await call('get', '/api/entries', { as: admin })).status).toBe(200);
    expect((await call('get', '/api/stats', { as: employee, query: { year: 2025 } })).body).toMatchObject({ completedTraining: 2 });
    expect((await call('get', '/api/available-years', { as: employee })).status).toBe(200);
    expect((await call('delete', '/api/entries/{id}', { as: employee, params })).status).toBe(200);
  });

  it('manager view', async () => {
    // The admin is the employee's manager.
    const team = { params: { managerId: admin.user.id } };
    expect((await call('get', '/api/manager/{managerId}/stats', { ...team, as: admin, query: { year: 2025 } })).body).toMatchObject(
      { totalEmployees: 1 },
    );
    expect((await call('get', '/api/manager/{managerId}/employees', { ...team, as: admin })).body).toHaveLength(1);
    expect((await call('get', '/api/manager/{managerId}/entries', { ...team, as: admin, query: { year: 2025 } })).status).toBe(200);
    expect((await call('get', '/api/manager/{managerId}/entries', { ...team, as: employee })).status).toBe(403);
    expect((await call('get', '/api/manager/{managerId}/stats', { as: admin, params: { managerId: 2_000_000 } })).status).toBe(404);
  });

  it('targets and fiscal years', async () => {
    const yearly = { year: 2027, targetHours: 40, description: 'Forty hours' };
    expect((await call('post', '/api/yearly-targets', { as: employee, body: yearly })).status).toBe(403);
    expect((await call('post', '/api/yearly-targets', { as: admin, body: yearly })).status).toBe(201);
    expect(
      (await call('put', '/api/yearly-targets/{year}', { as: admin, params: { year: 2027 }, body: { targetHours: 50 } })).status,
    ).toBe(200);
    expect((await call('post', '/api/fiscal-years', { as: admin, body: { year: 2028, targetHours: 30 } })).status).toBe(201);
    expect((await call('get', '/api/yearly-targets', { as: employee })).body).toHaveLength(2);
    expect((await call('get', '/api/fiscal-years', { as: employee })).body).toHaveLength(2);
    const target = { userId: employee.user.id, year: 2027, targetHours: 20, reason: 'Onboarding' };
    expect((await call('post', '/api/user-targets', { as: admin, body: target })).status).toBe(201);
    const params = { userId: employee.user.id, year: 2027 };
    expect((await call('put', '/api/user-targets/{userId}/{year}', { as: admin, params, body: { targetHours: 25 } })).status).toBe(
      200,
    );
    expect((await call('get', '/api/user-targets', { as: employee, query: { year: 2027 } })).body).toHaveLength(1);
  });

  it('admin panel', async () => {
    expect((await call('get', '/api/admin-stats', { as: admin })).status).toBe(200);
    expect((await call('get', '/api/admin-stats', { as: employee })).status).toBe(403);
    expect((await call('get', '/api/admin/users', { as: admin, query: { page: 1, search: 'a', role: 'employee' } })).status).toBe(
      200,
    );
    expect((await call('get', '/api/admin/users', { as: admin, query: { page: 0 } })).status).toBe(400);
    expect((await call('post', '/api/sync-roles', { as: admin })).status).toBe(200);
    const bulk = { targetUserId: employee.user.id, entries: [{ ...entry('Conference day'), trainingType: 'conference' }, {}] };
    expect((await call('post', '/api/admin/entries/bulk', { as: admin, body: bulk })).body).toMatchObject({
      created: 1,
      failed: 1,
    });
    expect(
      (await call('post', '/api/admin/entries/bulk', { as: admin, body: { ...bulk, targetUserId: admin.user.id } })).status,
    ).toBe(400);
    expect((await call('post', '/api/admin/entries/bulk', { as: admin, body: { ...bulk, targetUserId: 2_000_000 } })).status).toBe(
      404,
    );
    expect((await call('post', '/api/import', { as: admin, body: {} })).status).toBe(415);
    expect((await call('get', '/api/import/{id}', { as: admin, params: { id: crypto.randomUUID() } })).status).toBe(404);
  });

  it('reminders by mail', async () => {
    expect((await call('get', '/api/admin/notifications', { as: admin })).status).toBe(200);
    expect((await call('get', '/api/admin/notifications', { as: employee })).status).toBe(403);
    const team = { kind: 'team' };
    const switchTeam = (body: unknown) => call('put', '/api/admin/notifications/{kind}', { as: admin, params: team, body });
    expect((await switchTeam({ enabled: false })).status).toBe(200);
    expect((await switchTeam({})).status).toBe(400);
    const run = (kind: string, body?: unknown) =>
      call('post', '/api/admin/notifications/{kind}/run', { as: admin, params: { kind }, body });
    expect((await run('behind-pace', { asOf: '2026-07-01' })).status).toBe(200);
    expect((await run('year-end')).status).toBe(200);
    expect((await run('weekly')).status).toBe(400);
    expect((await run('team', { asOf: '1 July' })).status).toBe(400);
    expect((await call('get', '/api/admin/notifications/{kind}/preview', { as: admin, params: { kind: 'year-end' } })).status).toBe(
      200,
    );
    expect((await call('get', '/api/account/notifications', { as: employee })).status).toBe(200);
    const own = { as: employee, params: team, body: { enabled: false } };
    expect((await call('put', '/api/account/notifications/{kind}', own)).status).toBe(200);
  });

  it('form fields and options', async () => {
    const field = await call('post', '/api/form-fields', {
      as: admin,
      body: { name: 'costCentre', label: 'Cost centre', type: 'select' },
    });
    expect(field.status).toBe(201);
    const params = { id: field.body.id as number };
    expect((await call('put', '/api/form-fields/{id}', { as: admin, params, body: { label: 'Cost center' } })).status).toBe(200);
    expect((await call('put', '/api/form-fields/{id}/order', { as: admin, params, body: { order: 1 } })).status).toBe(200);
    const option = await call('post', '/api/form-fields/{id}/options', {
      as: admin,
      params,
      body: { label: 'Project Management' },
    });
    expect(option.status).toBe(201);
    expect(
      (await call('post', '/api/form-fields/{id}/options', { as: admin, params, body: { label: 'project management' } })).status,
    ).toBe(409);
    expect((await call('get', '/api/form-fields/{id}/options', { as: employee, params })).body).toHaveLength(1);
    expect((await call('get', '/api/form-fields', { as: employee })).body).toHaveLength(1);
    const optionId = { id: option.body.id as number };
    expect(
      (await call('put', '/api/form-field-options/{id}', { as: admin, params: optionId, body: { label: 'Delivery' } })).status,
    ).toBe(200);
    expect((await call('delete', '/api/form-field-options/{id}', { as: admin, params: optionId })).status).toBe(200);
    expect((await call('delete', '/api/form-field-options/{id}', { as: admin, params: optionId })).status).toBe(404);
    expect((await call('delete', '/api/form-fields/{id}', { as: admin, params })).status).toBe(200);
  });
});
