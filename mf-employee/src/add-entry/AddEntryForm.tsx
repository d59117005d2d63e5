import { useState, type FormEvent } from 'react';
import { addEntryFormSchema, type EntryView, type User } from '@tht/contracts';
import { apiRequest, Button, DialogActions, errorMessageOf, useRefreshEntryData, useToast } from '@tht/ui';
import { CustomFieldInputs } from '../custom-fields/CustomFieldInputs';
import { useCustomFieldsForm } from '../custom-fields/customFields';
import { EntryFields } from '../entry-form/EntryFields';
import { newEntryForm, type EntryFormField } from '../entry-form/entryFormValues';
import { useEntryForm } from '../entry-form/useEntryForm';

const ENTRY_SAVED_TOAST = { title: 'Entry saved', description: 'Your development entry has been saved' };
const SAVE_FAILED_TITLE = 'Failed to save entry';

/** SPEC section 5: Add Entry requires names, training name, date, hours, manager and department. */
const REQUIRED = new Set<EntryFormField>(['firstName', 'lastName', 'trainingName', 'date', 'hours', 'managerName', 'department']);

type AddEntryFormProps = {
  user: User;
  /** Called after a successful save (the quick-add dialog closes itself). */
  onSaved?: () => void;
  onCancel?: () => void;
};

/**
 * The Add Development Entry form: the standard fields and the admin-configured ones, checked with
 * the contracts rules, then POST /api/entries. After a save the form starts again with the
 * user's names, manager and department.
 */
export function AddEntryForm({ user, onSaved, onCancel }: AddEntryFormProps) {
  const form = useEntryForm(() => newEntryForm(user));
  const custom = useCustomFieldsForm();
  const [pending, setPending] = useState(false);
  const { showToast } = useToast();
  const refreshEntryData = useRefreshEntryData();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const entry = form.validate(addEntryFormSchema);
    const customValues = custom.check(true);
    if (!entry || customValues.errors.length > 0) return;
    setPending(true);
    try {
      await apiRequest<EntryView>('POST', '/api/entries', { ...entry, customFields: customValues.values });
      showToast(ENTRY_SAVED_TOAST);
      form.reset(newEntryForm(user));
      custom.reset();
      onSaved?.();
      await refreshEntryData();
    } catch (error) {
      showToast({ title: SAVE_FAILED_TITLE, description: errorMessageOf(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  return (
    <form aria-label="Add Development Entry" noValidate onSubmit={submit}>
      <EntryFields values={form.values} errors={form.errors} onChange={form.change} required={REQUIRED} />
      <CustomFieldInputs
        fields={custom.fields}
        values={custom.values}
        errors={custom.errors}
        onChange={custom.change}
        enforceRequired
      />
      <DialogActions>
        {onCancel && (
          <Button $variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : 'Save Entry'}
        </Button>
      </DialogActions>
    </form>
  );
}
