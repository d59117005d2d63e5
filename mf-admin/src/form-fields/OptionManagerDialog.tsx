import { useState } from 'react';
import styled from 'styled-components';
import { formFieldOptionCreateSchema, optionValueFromLabel, type FormFieldOptionView, type FormFieldView } from '@tht/contracts';
import {
  Button,
  CaptionedTable,
  Dialog,
  DialogActions,
  EmptyText,
  errorMessageOf,
  FieldError,
  FormActions,
  FormField,
  Input,
  Spinner,
  useValidatedForm,
} from '@tht/ui';
import { InlineForm } from '../panel/layout';
import { RowActions } from '../panel/RowActions';
import { useOutcomeToast } from '../panel/useOutcomeToast';
import { nextOrder } from './fieldOrder';
import { useAddOption, useDeleteOption, useFieldOptions, useUpdateOption } from './formFieldsApi';

const StoredValue = styled.code`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.mutedText};
`;

/** The stored value the label gives (the server derives it the same way), shown while typing. */
function storedValueHint(label: string): string | undefined {
  const value = optionValueFromLabel(label);
  return value ? `Stored as ${value}` : undefined;
}

function AddOptionForm({ field, options }: { field: FormFieldView; options: readonly FormFieldOptionView[] }) {
  const add = useAddOption();
  const withToast = useOutcomeToast();
  const form = useValidatedForm({ label: '' }, formFieldOptionCreateSchema);

  async function submit({ label }: { label: string }) {
    const added = await withToast(
      () => add.run({ fieldId: field.id, label, value: optionValueFromLabel(label), order: nextOrder(options) }),
      { success: 'Option added', successDescription: label, failure: 'Failed to add option' },
    );
    if (added) form.setField('label', '');
  }

  return (
    <InlineForm noValidate aria-label="Add an option" onSubmit={form.handleSubmit(submit)}>
      <FormField label="Option Label" required error={form.errors.label} hint={storedValueHint(form.values.label)}>
        <Input value={form.values.label} onChange={(event) => form.setField('label', event.target.value)} />
      </FormField>
      <Button type="submit" disabled={form.pending}>
        {form.pending ? 'Adding...' : 'Add Option'}
      </Button>
    </InlineForm>
  );
}

function EditOptionRow({ option, onDone }: { option: FormFieldOptionView; onDone: () => void }) {
  const update = useUpdateOption();
  const withToast = useOutcomeToast();
  const form = useValidatedForm({ label: option.label }, formFieldOptionCreateSchema);

  async function save({ label }: { label: string }) {
    const saved = await withToast(() => update.run({ id: option.id, label, value: optionValueFromLabel(label) }), {
      success: 'Option updated',
      successDescription: label,
      failure: 'Failed to update option',
    });
    if (saved) onDone();
  }

  return (
    <tr>
      <td colSpan={3}>
        <InlineForm noValidate aria-label={`Edit option ${option.label}`} onSubmit={form.handleSubmit(save)}>
          <FormField label="Option Label" required error={form.errors.label} hint={storedValueHint(form.values.label)}>
            <Input value={form.values.label} onChange={(event) => form.setField('label', event.target.value)} />
          </FormField>
          <FormActions onCancel={onDone} pending={form.pending} submitLabel="Save" />
        </InlineForm>
      </td>
    </tr>
  );
}

function OptionList({ options }: { options: readonly FormFieldOptionView[] }) {
  const remove = useDeleteOption();
  const withToast = useOutcomeToast();
  const [editing, setEditing] = useState<number | null>(null);
  if (options.length === 0) return <EmptyText>No options yet: add the choices people can pick.</EmptyText>;
  return (
    <CaptionedTable caption="Options">
      <thead>
        <tr>
          <th scope="col">Label</th>
          <th scope="col">Value</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {options.map((option) =>
          editing === option.id ? (
            <EditOptionRow key={option.id} option={option} onDone={() => setEditing(null)} />
          ) : (
            <tr key={option.id}>
              <th scope="row">{option.label}</th>
              <td>
                <StoredValue>{option.value}</StoredValue>
              </td>
              <td>
                <RowActions
                  name={`option ${option.label}`}
                  onEdit={() => setEditing(option.id)}
                  deleting={remove.pending}
                  onDelete={() =>
                    void withToast(() => remove.run(option.id), {
                      success: 'Option deleted',
                      successDescription: option.label,
                      failure: 'Failed to delete option',
                    })
                  }
                />
              </td>
            </tr>
          ),
        )}
      </tbody>
    </CaptionedTable>
  );
}

/** The option manager of a select field: its options with their stored values; add, edit (relabel) and delete. */
export function OptionManagerDialog({ field, onClose }: { field: FormFieldView; onClose: () => void }) {
  const { options, error } = useFieldOptions(field.id);
  return (
    <Dialog open onClose={onClose} title={`Options of ${field.label}`} width="40rem">
      {error ? (
        <FieldError role="alert">Failed to load the options: {errorMessageOf(error, 'please try again.')}</FieldError>
      ) : options ? (
        <>
          <OptionList options={options} />
          <AddOptionForm field={field} options={options} />
        </>
      ) : (
        <Spinner label="Loading..." />
      )}
      <DialogActions>
        <Button $variant="secondary" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
