import {
  ADMIN_MESSAGES as M,
  formFieldCreateSchema,
  optionValueFromLabel,
  parseOptionLabels,
  type CustomFieldDefinition,
} from '@tht/contracts';
import type { SourceRow } from '../import-tables';
import { messagesOf, type PlanBuilder } from './plan-builder';
import type { PlannedFormField, RowRef } from './planned-records';
import { placeOf, type Sheet } from './sheet-columns';

type FormField = Omit<PlannedFormField, keyof RowRef>;

const hasFieldNamed = (fields: readonly CustomFieldDefinition[], name: string) =>
  fields.some((field) => field.name.toLowerCase() === name.toLowerCase());

/** A Form fields row as the field it defines, or why it defines none. */
function formFieldOf(sheet: Sheet, row: SourceRow): FormField | string {
  const parsed = formFieldCreateSchema.safeParse({
    name: sheet.cell(row, 'name'),
    label: sheet.cell(row, 'label'),
    type: sheet.cell(row, 'type').trim().toLowerCase(),
    required: sheet.cell(row, 'required').trim().toLowerCase() === 'true',
  });
  if (!parsed.success) return messagesOf(parsed.error);
  const optionLabels = parseOptionLabels(sheet.cell(row, 'options'));
  if (optionLabels === null) return M.invalidOptionLabels;
  const { name, label, type, required } = parsed.data;
  return { name, label, type, required, optionLabels };
}

/** The Form fields sheet: the fields the instance does not have yet, in the order of their `order` cells. */
export function planFormFields(builder: PlanBuilder, sheet: Sheet): void {
  const planned: { field: PlannedFormField; order: number }[] = [];
  for (const row of sheet.rows) {
    const field = formFieldOf(sheet, row);
    if (typeof field === 'string') builder.fail(sheet, row, field);
    else if (hasFieldNamed(builder.known.formFields, field.name)) {
      if (hasFieldNamed(builder.instance.formFields, field.name)) builder.unchanged.formFields += 1;
      else builder.fail(sheet, row, M.repeatedRow(`Form field ${field.name}`));
    } else {
      const { optionLabels, ...definition } = field;
      planned.push({
        field: { ...placeOf(sheet, row), ...field },
        order: Number(sheet.cell(row, 'order')) || Number.MAX_SAFE_INTEGER,
      });
      builder.known.addFormField({ ...definition, options: optionLabels.map(optionValueFromLabel) });
    }
  }
  builder.plan.formFields.push(...planned.sort((a, b) => a.order - b.order).map(({ field }) => field));
}
