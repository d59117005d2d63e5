import { describe, expect, it } from 'vitest';
import { canRemoveEvidenceOf, canViewEvidenceOf } from './policy';

const owner = { id: 5, managerId: 9 };
const as = (role: 'employee' | 'manager' | 'hr' | 'smt' | 'admin', id: number) => ({ id, role });

describe('canViewEvidenceOf', () => {
  it('lets the owner, their current manager, HR and admins see the files', () => {
    expect(canViewEvidenceOf(as('employee', 5), owner)).toBe(true);
    expect(canViewEvidenceOf(as('manager', 9), owner)).toBe(true);
    expect(canViewEvidenceOf(as('hr', 20), owner)).toBe(true);
    expect(canViewEvidenceOf(as('admin', 21), owner)).toBe(true);
  });

  it('keeps them from colleagues, other managers and SMT', () => {
    expect(canViewEvidenceOf(as('employee', 6), owner)).toBe(false);
    expect(canViewEvidenceOf(as('manager', 10), owner)).toBe(false);
    expect(canViewEvidenceOf(as('smt', 22), owner)).toBe(false);
  });
});

describe('canRemoveEvidenceOf', () => {
  it('is the owner or an admin', () => {
    expect(canRemoveEvidenceOf(as('employee', 5), 5)).toBe(true);
    expect(canRemoveEvidenceOf(as('admin', 21), 5)).toBe(true);
    expect(canRemoveEvidenceOf(as('manager', 9), 5)).toBe(false);
    expect(canRemoveEvidenceOf(as('hr', 20), 5)).toBe(false);
  });
});
