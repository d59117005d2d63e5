import { describe, expect, it } from 'vitest';
import { directoryRole } from './scim-roles';

const groupRoles = new Map([
  ['training hr', 'hr'],
  ['training smt', 'smt'],
  ['training admins', 'admin'],
] as const);

describe("a person's role from the directory's groups", () => {
  it("is the group's role, matched ignoring case", () => {
    expect(directoryRole(['Training HR'], groupRoles, false)).toBe('hr');
    expect(directoryRole(['TRAINING SMT', 'Everyone'], groupRoles, false)).toBe('smt');
  });

  it('is the strongest of several: admin, then HR, then SMT', () => {
    expect(directoryRole(['Training SMT', 'Training HR'], groupRoles, false)).toBe('hr');
    expect(directoryRole(['Training HR', 'Training Admins', 'Training SMT'], groupRoles, false)).toBe('admin');
  });

  it('is employee without such a group, or manager when people report to them', () => {
    expect(directoryRole(['Everyone'], groupRoles, false)).toBe('employee');
    expect(directoryRole([], groupRoles, true)).toBe('manager');
  });
});
