import { loginResponseSchema } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../platform/context';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { listUsers } from '../users';
import { ensureStartupAdmin } from './startup-admin';

let app: TestApp;
const settings = { email: 'Boss@Example.com', password: 'admin-password-1' };
const withAdminSettings = (startupAdmin: AppContext['config']['startupAdmin']): AppContext => ({
  ...app.ctx,
  config: { ...app.ctx.config, startupAdmin },
});

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(() => app?.close());

describe('ensureStartupAdmin', () => {
  it('does nothing without ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    expect(await ensureStartupAdmin(withAdminSettings(null))).toBeNull();
    expect((await app.ctx.store.readAll(null, 1)).events).toHaveLength(0);
  });

  it('creates exactly one admin on an empty store, even when two instances start at once', async () => {
    const ctx = withAdminSettings(settings);
    const results = await Promise.all([ensureStartupAdmin(ctx), ensureStartupAdmin(ctx)]);
    expect(results.filter((admin) => admin !== null)).toHaveLength(1);
    const users = await listUsers(app.ctx.db);
    expect(users.map((u) => [u.email, u.role])).toEqual([['boss@example.com', 'admin']]);

    const login = await request(app, 'POST', '/api/login', { body: { username: settings.email, password: settings.password } });
    expect(login.status).toBe(200);
    const body = loginResponseSchema.parse(login.body);
    expect(body.requiresPasswordChange).toBe(false);
    expect(body.user.role).toBe('admin');
  });

  it('leaves a store that already has events alone', async () => {
    expect(await ensureStartupAdmin(withAdminSettings({ email: 'second@example.com', password: 'another-password' }))).toBeNull();
    expect((await listUsers(app.ctx.db)).map((u) => u.email)).toEqual(['boss@example.com']);
  });
});
