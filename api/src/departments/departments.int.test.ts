import { departmentSchema } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

let app: TestApp;
let admin: SignedInTestUser;
let sequence = 0;

const uniqueName = (base: string) => `${base} ${++sequence}`;
const create = (name: unknown, token = admin.token) => request(app, 'POST', '/api/departments', { token, body: { name } });
const rename = (id: number, name: unknown, token = admin.token) =>
  request(app, 'PUT', `/api/departments/${id}`, { token, body: { name } });
const remove = (id: number, token = admin.token) => request(app, 'DELETE', `/api/departments/${id}`, { token });
const list = async () => departmentSchema.array().parse((await request(app, 'GET', '/api/departments')).body);

beforeAll(async () => {
  app = await startTestApp();
  admin = await createUserAndLogin(app, { role: 'admin' });
});

afterAll(() => app?.close());

describe('GET /api/departments', () => {
  it('lists departments sorted by name regardless of letter case, signed out too', async () => {
    for (const name of ['zoology', 'Accounts', 'marketing']) expect((await create(name)).status).toBe(201);
    const names = (await list()).map((d) => d.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(names).toEqual(expect.arrayContaining(['zoology', 'Accounts', 'marketing']));
  });
});

describe('POST /api/departments', () => {
  it('creates a department with its creation time', async () => {
    const before = Date.now();
    const response = await create('  Research  ');
    expect(response.status).toBe(201);
    const department = departmentSchema.parse(response.body);
    expect(department.name).toBe('Research');
    expect(Date.parse(department.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(await list()).toContainEqual(department);
  });

  it('refuses a name that exists in any letter case', async () => {
    const name = uniqueName('Finance');
    expect((await create(name)).status).toBe(201);
    expect(await create(name.toUpperCase())).toMatchObject({
      status: 409,
      body: { error: 'A department with this name already exists' },
    });
  });

  it('creates exactly one of 10 simultaneous departments with one name', async () => {
    const name = uniqueName('Legal');
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => create(name)))).map((r) => r.status);
    expect(statuses.sort()).toEqual([201, ...Array(9).fill(409)]);
    expect((await list()).filter((d) => d.name === name)).toHaveLength(1);
  });

  it('requires a name, an admin and a sign-in', async () => {
    expect(await create('  ')).toMatchObject({ status: 400, body: { error: 'Department name is required' } });
    const employee = await createUserAndLogin(app);
    expect(await create('Anything', employee.token)).toMatchObject({ status: 403, body: { error: 'Admin access required' } });
    expect((await request(app, 'POST', '/api/departments', { body: { name: 'Anything' } })).status).toBe(401);
  });
});

describe('PUT /api/departments/{id}', () => {
  it('renames the department and carries its users along; the old name becomes free', async () => {
    const oldName = uniqueName('Ops');
    const department = departmentSchema.parse((await create(oldName)).body);
    const member = await createUserAndLogin(app, { department: oldName });
    const newName = uniqueName('Operations');

    const response = await rename(department.id, newName);
    expect(response.status).toBe(200);
    expect(departmentSchema.parse(response.body)).toEqual({ ...department, name: newName });
    const memberNow = await request(app, 'GET', '/api/user', { token: member.token });
    expect(memberNow.body.user.department).toBe(newName);
    expect((await create(oldName)).status).toBe(201);
  });

  it('allows a change of letter case only', async () => {
    const department = departmentSchema.parse((await create(uniqueName('hr team'))).body);
    const response = await rename(department.id, department.name.toUpperCase());
    expect(response).toMatchObject({ status: 200, body: { name: department.name.toUpperCase() } });
  });

  it('refuses a name another department has, an unknown id, and non-admins', async () => {
    const taken = uniqueName('Taken');
    await create(taken);
    const department = departmentSchema.parse((await create(uniqueName('Free'))).body);
    expect(await rename(department.id, taken.toLowerCase())).toMatchObject({
      status: 409,
      body: { error: 'A department with this name already exists' },
    });
    expect(await rename(999999, 'Whatever')).toMatchObject({ status: 404, body: { error: 'Department not found' } });
    expect(await rename(department.id, '')).toMatchObject({ status: 400, body: { error: 'Department name is required' } });
    const employee = await createUserAndLogin(app);
    expect((await rename(department.id, 'Mine now', employee.token)).status).toBe(403);
  });
});

describe('DELETE /api/departments/{id}', () => {
  it('deletes an empty department and frees its name', async () => {
    const name = uniqueName('Temporary');
    const department = departmentSchema.parse((await create(name)).body);
    expect(await remove(department.id)).toMatchObject({ status: 200, body: { message: 'Department deleted' } });
    expect((await list()).map((d) => d.id)).not.toContain(department.id);
    expect((await create(name)).status).toBe(201);
  });

  it('refuses while users belong to it', async () => {
    const name = uniqueName('Busy');
    const department = departmentSchema.parse((await create(name)).body);
    await createUserAndLogin(app, { department: name });
    expect(await remove(department.id)).toMatchObject({
      status: 409,
      body: { error: 'This department still has 1 user; move them to another department first' },
    });
  });

  it('answers 404 for an unknown id, 400 for a malformed one and 403 for non-admins', async () => {
    expect((await remove(999999)).status).toBe(404);
    expect(await request(app, 'DELETE', '/api/departments/x', { token: admin.token })).toMatchObject({
      status: 400,
      body: { error: 'Department id must be an integer of at least 1' },
    });
    const employee = await createUserAndLogin(app);
    expect((await remove(1, employee.token)).status).toBe(403);
  });
});
