import { describe, expect, it } from 'vitest';
import { ROLES } from '../accounts/roles';
import { planRoleSync, roleAfterSync, summariseRoleSync } from './role-sync';

describe('roleAfterSync', () => {
  it('promotes an employee with a direct report and demotes a manager without one', () => {
    expect(roleAfterSync('employee', true)).toBe('manager');
    expect(roleAfterSync('manager', false)).toBe('employee');
  });

  it('keeps an employee without reports and a manager with reports', () => {
    expect(roleAfterSync('employee', false)).toBe('employee');
    expect(roleAfterSync('manager', true)).toBe('manager');
  });

  it.each(['hr', 'smt', 'admin'] as const)('never changes %s', (role) => {
    expect(roleAfterSync(role, true)).toBe(role);
    expect(roleAfterSync(role, false)).toBe(role);
  });

  it('is idempotent for every role', () => {
    for (const role of ROLES) {
      for (const reports of [true, false])
        expect(roleAfterSync(roleAfterSync(role, reports), reports)).toBe(roleAfterSync(role, reports));
    }
  });
});

describe('planRoleSync', () => {
  it('lists only the users whose role changes, and counts promotions and demotions', () => {
    const plan = planRoleSync([
      { id: 1, role: 'employee', hasDirectReports: true },
      { id: 2, role: 'manager', hasDirectReports: false },
      { id: 3, role: 'manager', hasDirectReports: false },
      { id: 4, role: 'hr', hasDirectReports: false },
      { id: 5, role: 'employee', hasDirectReports: false },
    ]);
    expect(plan).toEqual([
      { userId: 1, from: 'employee', to: 'manager' },
      { userId: 2, from: 'manager', to: 'employee' },
      { userId: 3, from: 'manager', to: 'employee' },
    ]);
    expect(summariseRoleSync(plan)).toEqual({ promoted: 1, demoted: 2 });
  });
});
