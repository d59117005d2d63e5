import { ADMIN_MESSAGES as M } from '@tht/contracts';
import type { PlanBuilder } from './plan-builder';
import type { RowRef } from './planned-records';
import { placeOf, type Sheet } from './sheet-columns';

/** The Departments sheet: the departments the instance does not have yet. */
export function planDepartments(builder: PlanBuilder, sheet: Sheet): void {
  for (const row of sheet.rows) {
    const name = sheet.cell(row, 'name').trim();
    if (name === '') builder.fail(sheet, row, M.nameRequired);
    else if (builder.instance.departments.has(name.toLowerCase())) builder.unchanged.departments += 1;
    else departmentOf(builder, name, placeOf(sheet, row));
  }
}

/** The department a row names ('' for none): the one of that name the instance or the file has, else planned from the row. */
export function departmentOf(builder: PlanBuilder, name: string, ref: RowRef): string {
  const trimmed = name.trim();
  if (trimmed === '') return '';
  const known = builder.known.department(trimmed);
  if (known !== undefined) return known;
  builder.known.addDepartment(trimmed);
  builder.plan.departments.push({ ...ref, name: trimmed });
  return trimmed;
}
