import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/test-app';
import { mayUseManagerView, mayViewDataOf } from './policy';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(() => app?.close());

// The role rules themselves are tested in @tht/contracts (accounts/policy.test.ts).
describe('relationship rules', () => {
  it('knows direct reports, and who may use the Manager View and see whose data', async () => {
    const boss = await createUserAndLogin(app, { role: 'employee' });
    const report = await createUserAndLogin(app, { managerId: boss.user.id });
    const indirect = await createUserAndLogin(app, { managerId: report.user.id });
    const colleague = await createUserAndLogin(app);
    const ctx = app.ctx;
    const as = (role: 'manager' | 'hr', id: number) => ({ id, role });

    expect(await mayUseManagerView(ctx, boss.user)).toBe(true);
    expect(await mayUseManagerView(ctx, colleague.user)).toBe(false);
    expect(await mayUseManagerView(ctx, as('manager', colleague.user.id))).toBe(true);
    expect(await mayViewDataOf(ctx, boss.user, report.user.id)).toBe(true);
    expect(await mayViewDataOf(ctx, boss.user, indirect.user.id)).toBe(false);
    expect(await mayViewDataOf(ctx, colleague.user, report.user.id)).toBe(false);
    expect(await mayViewDataOf(ctx, colleague.user, 999_999)).toBe(false);
    expect(await mayViewDataOf(ctx, as('hr', colleague.user.id), report.user.id)).toBe(true);
    expect(await mayViewDataOf(ctx, report.user, report.user.id)).toBe(true);
  });
});
