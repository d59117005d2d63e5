import {
  ADMIN_MESSAGES as M,
  FORM_FIELD_TYPES,
  formFieldCreateSchema,
  type FormFieldType,
  type FormFieldView,
} from '@tht/contracts';
import { Checkbox, Dialog, FieldError, FormActions, FormField, type FormSchema, Input, Select, useValidatedForm } from '@tht/ui';
import { useOutcomeToast } from '../panel/useOutcomeToast';
import { nextOrder } from './fieldOrder';
import { useCreateFormField, useUpdateFormField, type FormFieldDraft } from './formFieldsApi';

export const FIELD_TYPE_LABELS: Readonly<Record<FormFieldType, string>> = {
  text: 'Text',
  textarea: 'Textarea',
  select: 'Select',
  checkbox: 'Checkbox',
  number: 'Number',
};

type FieldFormValues = { name: string; label: string; type: string; required: 'true' | 'false' };

// The form keeps its values as text; the checkbox's text is the boolean the schema expects.
const fieldFormSchema: FormSchema<FormFieldDraft> = {
  safeParse: (values) => {
    const form = values as FieldFormValues;
    return formFieldCreateSchema.safeParse({ ...form, required: form.required === 'true' });
  },
};

type FormFieldDialogProps = {
  /** The field to edit; none to add a new one. */
  field?: FormFieldView;
  /** Every field, for the new field's order (max + 1). */
  fields: readonly FormFieldView[];
  onClose: () => void;
};

/** Add Field / Edit Field: Field Name, Display Label, Field Type and Required Field. */
export function FormFieldDialog({ field, fields, onClose }: FormFieldDialogProps) {
  const create = useCreateFormField();
  const update = useUpdateFormField();
  const withToast = useOutcomeToast();
  const form = useValidatedForm<FieldFormValues, FormFieldDraft>(
    {
      name: field?.name ?? '',
      label: field?.label ?? '',
      type: field?.type ?? 'text',
      required: field?.required ? 'true' : 'false',
    },
    fieldFormSchema,
  );

  async function save(draft: FormFieldDraft) {
    const saved = field
      ? await withToast(() => update.run({ id: field.id, ...draft }), {
          success: 'Form field updated',
          successDescription: draft.label,
          failure: M.failedToUpdateFormField,
        })
      : await withToast(() => create.run({ ...draft, order: nextOrder(fields) }), {
          success: 'Form field added',
          successDescription: draft.label,
          failure: M.failedToAddFormField,
        });
    if (saved) onClose();
  }

  return (
    <Dialog open onClose={onClose} title={field ? 'Edit Field' : 'Add Field'}>
      <form noValidate onSubmit={form.handleSubmit(save)}>
        <FormField
          label="Field Name"
          required
          error={form.errors.name}
          hint="The name the field is stored and exported under, e.g. venue"
        >
          <Input value={form.values.name} onChange={(event) => form.setField('name', event.target.value)} />
        </FormField>
        <FormField label="Display Label" required error={form.errors.label} hint="What people see on the Add Entry form">
          <Input value={form.values.label} onChange={(event) => form.setField('label', event.target.value)} />
        </FormField>
        <FormField label="Field Type" required error={form.errors.type}>
          <Select value={form.values.type} onChange={(event) => form.setField('type', event.target.value)}>
            {FORM_FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {FIELD_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        </FormField>
        <Checkbox
          label="Required Field"
          checked={form.values.required === 'true'}
          onChange={(event) => form.setField('required', event.target.checked ? 'true' : 'false')}
        />
        {form.errors.required && <FieldError>{form.errors.required}</FieldError>}
        <FormActions onCancel={onClose} pending={form.pending} submitLabel={field ? 'Save Changes' : 'Add Field'} />
      </form>
    </Dialog>
  );
}
