import { addEntryFormSchema, type User } from '@tht/contracts';
import { useToast } from '@tht/ui';
import { useCustomFieldsForm } from '../custom-fields/customFields';
import { useCreateEntry } from '../entries/entriesApi';
import { EntryFormBody } from '../entry-form/EntryFormBody';
import { newEntryForm, type EntryFormField } from '../entry-form/entryFormValues';
import { useEntryForm } from '../entry-form/useEntryForm';
import { useEntrySubmit } from '../entry-form/useEntrySubmit';

const ENTRY_SAVED_TOAST = { title: 'Entry saved', description: 'Your development entry has been saved' };
const SAVE_FAILED_TITLE = 'Failed to save entry';

/** Add Entry requires names, training name, date, hours, manager and department. */
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
  const { showToast } = useToast();
  const createEntry = useCreateEntry();
  const { pending, submit } = useEntrySubmit({
    form,
    custom,
    schema: addEntryFormSchema,
    enforceRequired: true,
    send: (entry, customFields) => createEntry.run({ ...entry, customFields }),
    onSent: () => {
      showToast(ENTRY_SAVED_TOAST);
      form.reset(newEntryForm(user));
      custom.reset();
      onSaved?.();
    },
    failureTitle: SAVE_FAILED_TITLE,
  });

  return (
    <form aria-label="Add Development Entry" noValidate onSubmit={submit}>
      <EntryFormBody
        form={form}
        custom={custom}
        required={REQUIRED}
        enforceRequired
        pending={pending}
        submitLabel="Save Entry"
        onCancel={onCancel}
      />
    </form>
  );
}
