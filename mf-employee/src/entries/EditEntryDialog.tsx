import { editEntryFormSchema, type EntryView } from '@tht/contracts';
import { Dialog, useToast } from '@tht/ui';
import { EntryEvidence } from '@tht/ui/evidence';
import { useCustomFieldsForm } from '../custom-fields/customFields';
import { EntryFormBody } from '../entry-form/EntryFormBody';
import { entryFormOf, type EntryFormField } from '../entry-form/entryFormValues';
import { useEntryForm } from '../entry-form/useEntryForm';
import { useEntrySubmit } from '../entry-form/useEntrySubmit';
import { useUpdateEntry } from './entriesApi';

const ENTRY_UPDATED_TOAST = { title: 'Entry updated', description: 'Development entry has been updated successfully' };

/** The edit dialog requires names, manager name, training name, date and hours. */
const REQUIRED = new Set<EntryFormField>(['firstName', 'lastName', 'managerName', 'trainingName', 'date', 'hours']);

type EditEntryDialogProps = { entry: EntryView; onClose: () => void };

/** Edits an entry: PUT /api/entries/{id} with the edited fields plus the entry's userId and createdAt. */
export function EditEntryDialog({ entry, onClose }: EditEntryDialogProps) {
  const form = useEntryForm(() => entryFormOf(entry));
  const custom = useCustomFieldsForm(entry.customFields);
  const { showToast } = useToast();
  const updateEntry = useUpdateEntry();
  const { pending, submit } = useEntrySubmit({
    form,
    custom,
    schema: editEntryFormSchema,
    enforceRequired: false,
    send: (edited, customFields) =>
      updateEntry.run({
        id: entry.id,
        ...edited,
        // Without the field list the values cannot be checked; leaving them out keeps the saved ones.
        customFields: custom.loaded ? customFields : undefined,
        userId: entry.userId,
        createdAt: entry.createdAt,
      }),
    onSent: () => {
      showToast(ENTRY_UPDATED_TOAST);
      onClose();
    },
    failureTitle: 'Update failed',
  });

  return (
    <Dialog open onClose={onClose} title="Edit Training Entry" width="44rem">
      <form aria-label="Edit Training Entry" noValidate onSubmit={submit}>
        <EntryFormBody
          form={form}
          custom={custom}
          required={REQUIRED}
          enforceRequired={false}
          pending={pending}
          submitLabel="Save Changes"
          onCancel={onClose}
          evidence={<EntryEvidence entryId={entry.id} canChange />}
        />
      </form>
    </Dialog>
  );
}
