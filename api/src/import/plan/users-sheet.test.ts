import { ADMIN_MESSAGES as M } from '@tht/contracts';
import { describe, expect, it } from 'vitest';
import type { InstanceSnapshot } from './instance-snapshot';
import { PlanBuilder } from './plan-builder';
import { Sheet, SHEET_COLUMNS } from './sheet-columns';
import { planUsers } from './users-sheet';

const instance: InstanceSnapshot = {
  orgEmailDomain: 'example.com',
  usersByEmail: new Map([
    [
      'mia@example.com',
      { id: 7, role: 'manager', firstName: 'Mia', lastName: 'Manager', managerName: '', department: 'Engineering' },
    ],
  ]),
  departments: new Map([['engineering', 'Engineering']]),
  formFields: [],
  fiscalYears: new Set(),
  userTargets: new Set(),
};

const HEADER = ['id', 'email', 'firstName', 'lastName', 'role', 'department', 'managerId'];

/** The Users sheet of `rows` (row 2 on), planned against `instance`. */
function planned(...rows: string[][]): PlanBuilder {
  const sheet = new Sheet(
    'Users',
    { number: 1, cells: HEADER },
    rows.map((cells, index) => ({ number: index + 2, cells })),
    SHEET_COLUMNS.users,
  );
  const builder = new PlanBuilder(instance);
  planUsers(builder, sheet);
  return builder;
}

describe('planUsers', () => {
  it('plans every manager before their reports, whatever the order of the rows; an account the instance has stays', () => {
    const builder = planned(
      ['3', 'cy@example.com', 'Cy', 'Report', '', 'sales', '2'],
      ['2', 'bo@example.com', 'Bo', 'Lead', 'Manager', 'Sales', '1'],
      ['1', 'mia@example.com', 'Mia', 'Manager', 'manager', '', ''],
    );
    expect(builder.errors).toEqual([]);
    expect(builder.unchanged.users).toBe(1);
    expect(builder.plan.departments).toEqual([{ sheet: 'Users', row: 2, name: 'sales' }]);
    expect(builder.plan.users).toEqual([
      {
        sheet: 'Users',
        row: 3,
        provisionalId: -2,
        email: 'bo@example.com',
        firstName: 'Bo',
        lastName: 'Lead',
        role: 'manager',
        department: 'sales',
        manager: { ref: 7, name: 'Mia Manager' },
      },
      expect.objectContaining({ row: 2, provisionalId: -1, role: 'employee', manager: { ref: -2, name: 'Bo Lead' } }),
    ]);
    expect(builder.known.owner('cy@example.com')).toMatchObject({ ref: -1, info: { department: 'sales' } });
  });

  it('fails a repeated e-mail, an unknown manager, a management loop and whoever waits on a failed row', () => {
    const builder = planned(
      ['1', 'a@example.com', 'Ann', 'One', '', '', '2'],
      ['2', 'b@example.com', 'Ben', 'Two', '', '', '1'],
      ['3', 'c@example.com', 'Cat', 'Three', '', '', '9'],
      ['4', 'd@example.com', 'Dan', 'Four', '', '', '3'],
      ['5', 'A@example.com', 'Ann', 'Again', '', '', ''],
    );
    expect(builder.plan.users).toEqual([]);
    expect(builder.errors).toEqual([
      { sheet: 'Users', row: 6, message: M.repeatedRow('The e-mail a@example.com') },
      { sheet: 'Users', row: 4, message: M.unknownManagerRow('9') },
      { sheet: 'Users', row: 2, message: M.unknownManagerRow('2') },
      { sheet: 'Users', row: 3, message: M.unknownManagerRow('1') },
      { sheet: 'Users', row: 5, message: M.unknownManagerRow('3') },
    ]);
    expect(builder.known.owner('a@example.com')).toBeUndefined();
  });
});
