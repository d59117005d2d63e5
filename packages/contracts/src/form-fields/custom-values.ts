import type { CustomFieldValue } from '../entries/schemas';
import type { FieldError } from '../entries/responses';
import { CUSTOM_TEXT_MAX_LENGTH, FORM_FIELD_MESSAGES as M, type FormFieldType } from './schemas';

/** What checking an entry's custom values needs to know about a field. */
export interface CustomFieldDefinition {
  name: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  /** Option values of a select field. */
  options: readonly string[];
}

export interface CustomValuesCheck {
  values: Record<string, CustomFieldValue>;
  errors: FieldError[];
}

type Checked = { value: CustomFieldValue } | { error: string };

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function checkValue(field: CustomFieldDefinition, value: unknown): Checked {
  switch (field.type) {
    case 'text':
    case 'textarea':
      if (typeof value !== 'string') return { error: M.valueText(field.label) };
      return value.trim().length > CUSTOM_TEXT_MAX_LENGTH ? { error: M.valueTooLong(field.label) } : { value: value.trim() };
    case 'number': {
      const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
      return Number.isFinite(number) ? { value: number } : { error: M.valueNumber(field.label) };
    }
    case 'checkbox':
      return typeof value === 'boolean' ? { value } : { error: M.valueCheckbox(field.label) };
    case 'select':
      return typeof value === 'string' && field.options.includes(value)
        ? { value }
        : { error: M.valueOption(field.label, field.options) };
  }
}

/**
 * Checks an entry's custom values against the configured fields. Decisions: values of names that
 * are not (or no longer) configured are dropped, so an entry saved before a field was deleted
 * stays editable; empty values are dropped; `enforceRequired` is set where the client shows the
 * custom fields (logging one entry) and left off where it cannot (bulk rows, the edit dialog),
 * so adding a required field never blocks those. A required checkbox must be ticked.
 */
export function checkCustomFieldValues(
  fields: readonly CustomFieldDefinition[],
  submitted: Readonly<Record<string, unknown>>,
  { enforceRequired }: { enforceRequired: boolean },
): CustomValuesCheck {
  const values: Record<string, CustomFieldValue> = {};
  const errors: FieldError[] = [];
  for (const field of fields) {
    const raw = submitted[field.name];
    const path = `customFields.${field.name}`;
    const missing = isEmpty(raw) || (field.type === 'checkbox' && raw === false);
    if (missing && enforceRequired && field.required) {
      errors.push({ path, message: M.valueRequired(field.label) });
      continue;
    }
    if (isEmpty(raw)) continue;
    const checked = checkValue(field, raw);
    if ('error' in checked) errors.push({ path, message: checked.error });
    else values[field.name] = checked.value;
  }
  return { values, errors };
}
