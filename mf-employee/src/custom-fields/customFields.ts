import { useState } from 'react';
import {
  checkCustomFieldValues,
  type CustomFieldDefinition,
  type CustomFieldValue,
  type CustomValuesCheck,
  formFieldsRoutes,
  type FormFieldView,
} from '@tht/contracts';
import { useRead, type FieldErrors } from '@tht/ui';

/** Error paths of custom values are 'customFields.<name>'. */
const CUSTOM_FIELDS_PATH = 'customFields.';

/** Custom field values while they are edited: text as typed, checkboxes as booleans. */
export type CustomFieldDrafts = Record<string, string | boolean>;

/** The custom fields an admin configured, in their order. */
export function useFormFields() {
  const { data } = useRead(formFieldsRoutes.listFormFields, {});
  const fields = [...(data ?? [])].sort((a, b) => a.order - b.order);
  return { fields, loaded: data !== undefined };
}

export function definitionOf(field: FormFieldView): CustomFieldDefinition {
  return { ...field, options: field.options.map((option) => option.value) };
}

export function draftsOf(fields: readonly FormFieldView[], saved: Readonly<Record<string, CustomFieldValue>> = {}) {
  const drafts: CustomFieldDrafts = {};
  for (const field of fields) {
    const value = saved[field.name];
    drafts[field.name] = field.type === 'checkbox' ? value === true : value === undefined ? '' : String(value);
  }
  return drafts;
}

/** How a saved value reads on screen: a select's option label, Yes/No for a checkbox. */
export function displayCustomValue(field: FormFieldView, value: CustomFieldValue): string {
  if (field.type === 'checkbox') return value === true ? 'Yes' : 'No';
  if (field.type === 'select') return field.options.find((option) => option.value === value)?.label ?? String(value);
  return String(value);
}

/**
 * The custom part of an entry form: the configured fields, their values (saved values of the
 * entry under `saved`, overlaid with what was typed) and the messages of the last check.
 */
export function useCustomFieldsForm(saved?: Readonly<Record<string, CustomFieldValue>>) {
  const { fields, loaded } = useFormFields();
  const [edited, setEdited] = useState<CustomFieldDrafts>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const values = { ...draftsOf(fields, saved), ...edited };

  function check(enforceRequired: boolean): CustomValuesCheck {
    const result = checkCustomFieldValues(fields.map(definitionOf), values, { enforceRequired });
    setErrors(Object.fromEntries(result.errors.map((error) => [error.path.replace(CUSTOM_FIELDS_PATH, ''), error.message])));
    return result;
  }

  function reset() {
    setEdited({});
    setErrors({});
  }

  return {
    fields,
    /** False until the fields are known (or when they failed to load): then values cannot be checked. */
    loaded,
    values,
    errors,
    change: (name: string, value: string | boolean) => setEdited((previous) => ({ ...previous, [name]: value })),
    check,
    reset,
  };
}
