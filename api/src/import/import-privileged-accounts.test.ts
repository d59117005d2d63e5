import { ADMIN_MESSAGES as M, type Role } from '@tht/contracts';
import { describe, expect, it } from 'vitest';
import { privilegedAccountsOf, requireRolesConfirmed, rolesConfirmationOf } from './import-privileged-accounts';
import type { PlannedUser } from './plan/planned-records';

const planned = (row: number, email: string, role: Role): PlannedUser => ({
  sheet: 'Users',
  row,
  provisionalId: -row,
  email,
  firstName: 'First',
  lastName: `Last${row}`,
  role,
  department: 'Engineering',
  manager: null,
});

describe('the accounts an import raises above employee', () => {
  it('lists every new account with another role than employee, in the order of the rows', () => {
    const users = [
      planned(5, 'boss@example.com', 'admin'),
      planned(2, 'eve@example.com', 'employee'),
      planned(3, 'hr@example.com', 'hr'),
    ];
    expect(privilegedAccountsOf(users)).toEqual([
      { sheet: 'Users', row: 3, email: 'hr@example.com', firstName: 'First', lastName: 'Last3', role: 'hr' },
      { sheet: 'Users', row: 5, email: 'boss@example.com', firstName: 'First', lastName: 'Last5', role: 'admin' },
    ]);
    expect(privilegedAccountsOf([planned(2, 'eve@example.com', 'employee')])).toEqual([]);
  });

  it('confirms exactly a list of accounts and roles, whatever its order', () => {
    const boss = { email: 'boss@example.com', role: 'admin' } as const;
    const lead = { email: 'lead@example.com', role: 'manager' } as const;
    expect(rolesConfirmationOf([])).toBeNull();
    expect(rolesConfirmationOf([boss, lead])).toBe(rolesConfirmationOf([lead, boss]));
    expect(rolesConfirmationOf([boss, lead])).not.toBe(rolesConfirmationOf([boss]));
    expect(rolesConfirmationOf([boss])).not.toBe(rolesConfirmationOf([{ ...boss, role: 'smt' }]));
    expect(rolesConfirmationOf([boss])).not.toBe(rolesConfirmationOf([{ ...boss, email: 'bos@example.com' }]));
  });

  it('lets a file that raises no one in without a confirmation, and one that does only with its own', () => {
    const accounts = privilegedAccountsOf([planned(2, 'boss@example.com', 'admin')]);
    const report = { privilegedAccounts: accounts, rolesConfirmation: rolesConfirmationOf(accounts) };
    expect(() => requireRolesConfirmed({ privilegedAccounts: [], rolesConfirmation: null })).not.toThrow();
    expect(() => requireRolesConfirmed(report)).toThrow(M.importRolesNotConfirmed);
    expect(() => requireRolesConfirmed(report, rolesConfirmationOf([{ email: 'other@example.com', role: 'admin' }])!)).toThrow(
      M.importRolesChanged,
    );
    expect(() => requireRolesConfirmed(report, report.rolesConfirmation!)).not.toThrow();
  });
});
