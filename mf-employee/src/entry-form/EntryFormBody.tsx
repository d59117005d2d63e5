import type { ReactNode } from 'react';
import { Button, DialogActions } from '@tht/ui';
import { CustomFieldInputs } from '../custom-fields/CustomFieldInputs';
import type { useCustomFieldsForm } from '../custom-fields/customFields';
import { EntryFields } from './EntryFields';
import type { EntryFormField } from './entryFormValues';
import type { useEntryForm } from './useEntryForm';

type EntryFormBodyProps = {
  form: ReturnType<typeof useEntryForm>;
  custom: ReturnType<typeof useCustomFieldsForm>;
  /** Standard fields the form requires. */
  required: ReadonlySet<EntryFormField>;
  /** Whether required custom fields are marked and enforced. */
  enforceRequired: boolean;
  pending: boolean;
  submitLabel: string;
  onCancel?: () => void;
  /** The entry's evidence files, after the fields. */
  evidence?: ReactNode;
};

/** The inside of an entry form: standard and custom fields, the evidence, then Cancel (when cancellable) and submit. */
export function EntryFormBody({
  form,
  custom,
  required,
  enforceRequired,
  pending,
  submitLabel,
  onCancel,
  evidence,
}: EntryFormBodyProps) {
  return (
    <>
      <EntryFields values={form.values} errors={form.errors} onChange={form.change} required={required} />
      <CustomFieldInputs
        fields={custom.fields}
        values={custom.values}
        errors={custom.errors}
        onChange={custom.change}
        enforceRequired={enforceRequired}
      />
      {evidence}
      <DialogActions>
        {onCancel && (
          <Button $variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : submitLabel}
        </Button>
      </DialogActions>
    </>
  );
}
