import { describe, expect, it } from 'vitest';
import {
  canChangeDataOf,
  canExport,
  canExportEvidence,
  canManageOrganisation,
  canManageTargets,
  canManageUsers,
  canUseManagerView,
  canViewDataOf,
  canViewExecutiveOverview,
  canViewOrganisationData,
} from './policy';
import { ROLES, type Role } from './roles';

const as = (role: Role, id = 1) => ({ id, role });

describe('role policy (roles and permissions)', () => {
  it('matches the permissions table', () => {
    const table = ROLES.map((role) => [
      role,
      canManageTargets(as(role)),
      canViewExecutiveOverview(as(role)),
      canExport(as(role)),
      canManageUsers(as(role)),
      canManageOrganisation(as(role)),
      canViewOrganisationData(as(role)),
    ]);
    expect(table).toEqual([
      ['employee', false, false, false, false, false, false],
      ['manager', false, false, false, false, false, false],
      ['hr', true, false, true, false, false, true],
      ['smt', false, true, true, false, false, true],
      ['admin', true, true, true, true, true, true],
    ]);
  });

  it('lets only HR and admins export the evidence files, which SMT may not see', () => {
    expect(ROLES.filter((role) => canExportEvidence(as(role)))).toEqual(['hr', 'admin']);
  });

  it('opens the Manager View to managers, and to anyone with direct reports whatever their role', () => {
    expect(ROLES.map((role) => [role, canUseManagerView({ role, hasDirectReports: false })])).toEqual([
      ['employee', false],
      ['manager', true],
      ['hr', false],
      ['smt', false],
      ['admin', false],
    ]);
    for (const role of ROLES) expect(canUseManagerView({ role, hasDirectReports: true })).toBe(true);
  });

  it("lets a person, their direct manager, HR, SMT and admins read the person's data", () => {
    const owner = { id: 2, managerId: 3 };
    expect(canViewDataOf(as('employee', 2), owner)).toBe(true);
    expect(canViewDataOf(as('employee', 3), owner)).toBe(true);
    expect(canViewDataOf(as('manager', 4), owner)).toBe(false);
    expect(canViewDataOf(as('employee', 4), { id: 2, managerId: null })).toBe(false);
    for (const role of ['hr', 'smt', 'admin'] as const) expect(canViewDataOf(as(role, 4), owner)).toBe(true);
  });

  it("lets a person change their own data and admins anyone's", () => {
    expect(canChangeDataOf(as('employee', 1), 1)).toBe(true);
    expect(canChangeDataOf(as('manager', 1), 2)).toBe(false);
    expect(canChangeDataOf(as('hr', 1), 2)).toBe(false);
    expect(canChangeDataOf(as('smt', 1), 2)).toBe(false);
    expect(canChangeDataOf(as('admin', 1), 2)).toBe(true);
  });
});
