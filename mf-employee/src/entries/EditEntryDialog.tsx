import { useState, type FormEvent } from 'react';
import { editEntryFormSchema, type EntryView } from '@tht/contracts';
import { apiRequest, Button, Dialog, DialogActions, errorMessageOf, useRefreshEntryData, useToast } from '@tht/ui';
import { CustomFieldInputs } from '../custom-fields/CustomFieldInputs';
import { useCustomFieldsForm } from '../custom-fields/customFields';
import { EntryFields } from '../entry-form/EntryFields';
import { entryFormOf, type EntryFormField } from '../entry-form/entryFormValues';
import { useEntryForm } from '../entry-form/useEntryForm';

const ENTRY_UPDATED_TOAST = { title: 'Entry updated', description: 'Development entry has been updated successfully' };

/** SPEC section 5: the edit dialog requires names, manager name, training name, date and hours. */
const REQUIRED = new Set<EntryFormField>(['firstName', 'lastName', 'managerName', 'trainingName', 'date', 'hours']);

type EditEntryDialogProps = { entry: EntryView; onClose: () => void };

/** Edits an entry: PUT /api/entries/{id} with the edited fields plus the entry's userId and createdAt. */
export function EditEntryDialog({ entry, onClose }: EditEntryDialogProps) {
  const form = useEntryForm(() => entryFormOf(entry));
  const custom = useCustomFieldsForm(entry.customFields);
  const [pending, setPending] = useState(false);
  const { showToast } = useToast();
  const refreshEntryData = useRefreshEntryData();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const edited = form.validate(editEntryFormSchema);
    const customValues = custom.check(false);
    if (!edited || customValues.errors.length > 0) return;
    setPending(true);
    try {
      await apiRequest<EntryView>('PUT', `/api/entries/${entry.id}`, {
        ...edited,
        // Without the field list the values cannot be checked; leaving them out keeps the saved ones.
        customFields: custom.loaded ? customValues.values : undefined,
        userId: entry.userId,
        createdAt: entry.createdAt,
      });
      showToast(ENTRY_UPDATED_TOAST);
      onClose();
      await refreshEntryData();
    } catch (error) {
      showToast({ title: 'Update failed', description: errorMessageOf(error, 'Please try again.'), variant: 'destructive' });
      setPending(false);
    }
  }

  return (
    <Dialog open onClose={onClose} title="Edit Training Entry" width="44rem">
      <form aria-label="Edit Training Entry" noValidate onSubmit={submit}>
        <EntryFields values={form.values} errors={form.errors} onChange={form.change} required={REQUIRED} />
        <CustomFieldInputs
          fields={custom.fields}
          values={custom.values}
          errors={custom.errors}
          onChange={custom.change}
          enforceRequired={false}
        />
        <DialogActions>
          <Button $variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : 'Save Changes'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
