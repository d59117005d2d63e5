import type { FormFieldType } from './schemas';

export interface FormFieldProperties {
  name: string;
  label: string;
  type: FormFieldType;
  required: boolean;
}

/**
 * Form field events, one stream per field (`form-field-<id>`); a field's options live in its
 * stream, so deleting the field removes its options in one fact. `FormFieldEdited` carries the
 * properties after the edit. Field names are unique (case-insensitively) through reservation
 * streams `form-field-name-<lowercased name>`. Creation times come from the metadata.
 */
export interface FormFieldEventData {
  FormFieldAdded: FormFieldProperties & { fieldId: number; order: number };
  FormFieldEdited: FormFieldProperties & { fieldId: number; previousName: string };
  FormFieldDeleted: { fieldId: number; name: string };
  FormFieldReordered: { fieldId: number; order: number };
  FormFieldOptionAdded: { fieldId: number; optionId: number; value: string; label: string; order: number };
  FormFieldOptionEdited: { fieldId: number; optionId: number; value: string; label: string };
  FormFieldOptionDeleted: { fieldId: number; optionId: number };
  FormFieldNameReserved: { name: string; fieldId: number };
  FormFieldNameReleased: { name: string; fieldId: number };
}

export type FormFieldEventType = keyof FormFieldEventData;

export type FormFieldEvent = {
  [Type in FormFieldEventType]: { type: Type; data: FormFieldEventData[Type] };
}[FormFieldEventType];

export const formFieldStream = (fieldId: number) => `form-field-${fieldId}`;
export const formFieldNameReservationStream = (name: string) => `form-field-name-${name.trim().toLowerCase()}`;
