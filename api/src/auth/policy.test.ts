import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/test-app';
import {
  canChangeDataOf,
  canExport,
  canManageTargets,
  canManageUsers,
  canUseManagerView,
  canViewDataOf,
  canViewExecutiveOverview,
  canViewManagerDashboardOf,
  isManagerOf,
} from './policy';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(() => app?.close());

const as = (role: 'employee' | 'manager' | 'hr' | 'smt' | 'admin', id = 100) => ({ id, role });

describe('role rules (SPEC 6)', () => {
  it('matches the permissions table', () => {
    const table = (['employee', 'manager', 'hr', 'smt', 'admin'] as const).map((role) => [
      role,
      canManageTargets(as(role)),
      canViewExecutiveOverview(as(role)),
      canExport(as(role)),
      canManageUsers(as(role)),
    ]);
    expect(table).toEqual([
      ['employee', false, false, false, false],
      ['manager', false, false, false, false],
      ['hr', true, false, true, false],
      ['smt', false, true, true, false],
      ['admin', true, true, true, true],
    ]);
  });

  it("lets a user change their own data and admins anyone's", () => {
    expect(canChangeDataOf(as('employee', 1), 1)).toBe(true);
    expect(canChangeDataOf(as('hr', 1), 2)).toBe(false);
    expect(canChangeDataOf(as('admin', 1), 2)).toBe(true);
    expect(canViewManagerDashboardOf(as('manager', 1), 1)).toBe(true);
    expect(canViewManagerDashboardOf(as('manager', 1), 2)).toBe(false);
    expect(canViewManagerDashboardOf(as('smt', 1), 2)).toBe(true);
  });
});

describe('relationship rules', () => {
  it('knows direct reports, and who may use the Manager View and see whose data', async () => {
    const boss = await createUserAndLogin(app, { role: 'employee' });
    const report = await createUserAndLogin(app, { managerId: boss.user.id });
    const indirect = await createUserAndLogin(app, { managerId: report.user.id });
    const colleague = await createUserAndLogin(app);
    const db = app.ctx.db;

    expect(await isManagerOf(db, boss.user.id, report.user.id)).toBe(true);
    expect(await isManagerOf(db, boss.user.id, indirect.user.id)).toBe(false);
    expect(await canUseManagerView(db, boss.user)).toBe(true);
    expect(await canUseManagerView(db, colleague.user)).toBe(false);
    expect(await canUseManagerView(db, as('manager', colleague.user.id))).toBe(true);
    expect(await canViewDataOf(db, boss.user, report.user.id)).toBe(true);
    expect(await canViewDataOf(db, colleague.user, report.user.id)).toBe(false);
    expect(await canViewDataOf(db, as('hr', colleague.user.id), report.user.id)).toBe(true);
    expect(await canViewDataOf(db, report.user, report.user.id)).toBe(true);
  });
});
