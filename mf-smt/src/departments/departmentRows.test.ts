import { describe, expect, it } from 'vitest';
import { foldSmallDepartments } from './departmentRows';

const department = (index: number) => ({ department: `D${index}`, hours: 10 - index, employees: 1 });

describe('foldSmallDepartments', () => {
  it('keeps every department up to the limit', () => {
    const rows = [department(1), department(2)];
    expect(foldSmallDepartments(rows, 2)).toEqual(rows);
  });

  it('sums the departments beyond the limit in one row', () => {
    expect(foldSmallDepartments([department(1), department(2), department(3), department(4)], 2)).toEqual([
      department(1),
      department(2),
      { department: 'Other departments (2)', hours: 13, employees: 2 },
    ]);
  });
});
