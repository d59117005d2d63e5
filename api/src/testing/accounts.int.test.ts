import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDepartments } from '../departments';
import { createUserAndLogin, ensureDepartment } from './accounts';
import { startTestApp, type TestApp } from './test-app';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(() => app?.close());

describe('test accounts on a fresh database', () => {
  it('ensures one department however many callers ask for it at once', async () => {
    const departments = await Promise.all(Array.from({ length: 8 }, () => ensureDepartment(app.ctx, 'Research')));
    expect(new Set(departments.map(({ id }) => id)).size).toBe(1);
    expect(departments[0]).toMatchObject({ name: 'Research' });
    expect((await listDepartments(app.ctx.db)).filter(({ name }) => name === 'Research')).toHaveLength(1);
  });

  it('ensures one department when callers arrive while the first creation is being projected', async () => {
    for (let round = 0; round < 10; round += 1) {
      const name = `Staggered ${round}`;
      const callers = Array.from({ length: 40 }, (_, index) => sleep(index).then(() => ensureDepartment(app.ctx, name)));
      const departments = await Promise.all(callers);
      expect(new Set(departments.map(({ id }) => id)).size).toBe(1);
    }
  });

  it('creates and signs in users in parallel, their new department included', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => createUserAndLogin(app, { department: 'Operations' })));
    expect(users.map(({ user }) => user.department)).toEqual(Array(6).fill('Operations'));
    expect(new Set(users.map(({ user }) => user.id)).size).toBe(6);
  });
});
