import { z } from 'zod';
import { FORM_FIELD_TYPES } from './schemas';

/** Response shapes of the form-field routes; `FormFieldView` and `FormFieldOptionView` are their types. */
export const formFieldOptionViewSchema = z.strictObject({
  id: z.number(),
  fieldId: z.number(),
  value: z.string(),
  label: z.string(),
  order: z.number(),
  createdAt: z.string(),
});

export const formFieldViewSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  label: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  required: z.boolean(),
  order: z.number(),
  options: z.array(formFieldOptionViewSchema).meta({ description: 'Sorted by order; empty unless the field is a select' }),
  createdAt: z.string(),
});
