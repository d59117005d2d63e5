import { z } from 'zod';
import { safeString } from '../safe-text';
import { MAX_ID } from '../accounts/rules';
import { idSchema } from '../entries/schemas';

export const FORM_FIELD_TYPES = ['text', 'textarea', 'select', 'checkbox', 'number'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export const FORM_FIELD_NAME_MAX_LENGTH = 100;
export const FORM_FIELD_LABEL_MAX_LENGTH = 255;
export const CUSTOM_TEXT_MAX_LENGTH = 5_000;

export const FORM_FIELD_MESSAGES = {
  nameRequired: 'Field name is required',
  labelRequired: 'Display label is required',
  type: `Field type must be one of: ${FORM_FIELD_TYPES.join(', ')}`,
  required: 'Required must be true or false',
  order: 'Order must be a whole number of at least 1',
  invalidFieldId: 'Form field id must be a whole number of at least 1',
  invalidOptionId: 'Option id must be a whole number of at least 1',
  optionLabelRequired: 'Option label is required',
  optionLabelWithoutLettersOrDigits: 'Option label must contain a letter or a digit',
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  fieldNotFound: 'Form field not found',
  optionNotFound: 'Form field option not found',
  nameTaken: (name: string) => `A form field named '${name}' already exists`,
  optionValueTaken: (value: string) => `This field already has an option with the value '${value}'`,
  optionsOnlyForSelect: 'Options can only be added to select fields',
  // Entry values (checked against the configured fields).
  valueRequired: (label: string) => `${label} is required`,
  valueText: (label: string) => `${label} must be text`,
  valueTooLong: (label: string) => `${label} must be at most ${CUSTOM_TEXT_MAX_LENGTH} characters`,
  valueNumber: (label: string) => `${label} must be a number`,
  valueCheckbox: (label: string) => `${label} must be true or false`,
  valueOption: (label: string, options: readonly string[]) =>
    options.length > 0 ? `${label} must be one of: ${options.join(', ')}` : `${label} has no options to choose from`,
} as const;

const M = FORM_FIELD_MESSAGES;

const requiredText = (message: string, field: string, max: number) =>
  safeString({ error: message }).trim().min(1, message).max(max, M.tooLong(field, max));

export const formFieldIdSchema = idSchema(M.invalidFieldId);
export const formFieldOptionIdSchema = idSchema(M.invalidOptionId);

export const formFieldOrderSchema = z.number({ error: M.order }).int(M.order).min(1, M.order).max(MAX_ID, M.order);

const fieldProperties = {
  name: requiredText(M.nameRequired, 'Field name', FORM_FIELD_NAME_MAX_LENGTH),
  label: requiredText(M.labelRequired, 'Display label', FORM_FIELD_LABEL_MAX_LENGTH),
  type: z.enum(FORM_FIELD_TYPES, { error: M.type }),
  required: z.preprocess((value) => value ?? false, z.boolean({ error: M.required })),
};

/** POST /api/form-fields. A sent `order` is ignored: new fields go last (order max + 1). */
export const formFieldCreateSchema = z.object({ ...fieldProperties, order: z.unknown().optional() });

/** PUT /api/form-fields/{id}: the properties to change (the admin dialog sends them all). */
export const formFieldUpdateSchema = z.object({
  name: fieldProperties.name.optional(),
  label: fieldProperties.label.optional(),
  type: fieldProperties.type.optional(),
  required: z.boolean({ error: M.required }).optional(),
});

/** PUT /api/form-fields/{id}/order (1-based position). */
export const formFieldReorderSchema = z.object({ order: formFieldOrderSchema });

/**
 * An option's stored value comes from its label: lower case, characters other
 * than letters, digits and spaces removed, words joined by underscores.
 * 'Project Management!' -> 'project_management'.
 */
export function optionValueFromLabel(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .join('_');
}

const optionLabelSchema = safeString({ error: M.optionLabelRequired })
  .trim()
  .min(1, { error: M.optionLabelRequired, abort: true })
  .max(FORM_FIELD_LABEL_MAX_LENGTH, M.tooLong('Option label', FORM_FIELD_LABEL_MAX_LENGTH))
  .refine((label) => optionValueFromLabel(label) !== '', M.optionLabelWithoutLettersOrDigits);

/** POST /api/form-fields/{id}/options. A sent `value` is ignored: the server derives it from the label. */
export const formFieldOptionCreateSchema = z.object({
  label: optionLabelSchema,
  value: z.unknown().optional(),
  order: formFieldOrderSchema.optional(),
});

/** PUT /api/form-field-options/{id}. */
export const formFieldOptionUpdateSchema = z.object({ label: optionLabelSchema, value: z.unknown().optional() });

export type FormFieldCreateInput = z.input<typeof formFieldCreateSchema>;
export type FormFieldUpdateInput = z.input<typeof formFieldUpdateSchema>;
export type FormFieldOptionCreateInput = z.input<typeof formFieldOptionCreateSchema>;
export type FormFieldOptionUpdateInput = z.input<typeof formFieldOptionUpdateSchema>;

export interface FormFieldOptionView {
  id: number;
  fieldId: number;
  value: string;
  label: string;
  order: number;
  createdAt: string;
}

/** GET /api/form-fields items, sorted by order; `options` is empty unless the field is a select. */
export interface FormFieldView {
  id: number;
  name: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  order: number;
  options: FormFieldOptionView[];
  createdAt: string;
}
