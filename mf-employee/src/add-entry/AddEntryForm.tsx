import { useRef, useState } from 'react';
import { addEntryFormSchema, type User } from '@tht/contracts';
import { useToast } from '@tht/ui';
import { EvidenceToAttach, useEvidenceUploads } from '@tht/ui/evidence';
import { useCustomFieldsForm } from '../custom-fields/customFields';
import { useCreateEntry } from '../entries/entriesApi';
import { EntryFormBody } from '../entry-form/EntryFormBody';
import { newEntryForm, type EntryFormField } from '../entry-form/entryFormValues';
import { useEntryForm } from '../entry-form/useEntryForm';
import { useEntrySubmit } from '../entry-form/useEntrySubmit';

const ENTRY_SAVED_TOAST = { title: 'Entry saved', description: 'Your development entry has been saved' };
const SAVE_FAILED_TITLE = 'Failed to save entry';
const NOT_ATTACHED_TITLE = 'Entry saved, but not every file was attached';

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
 * the contracts rules, then POST /api/entries, and the evidence files chosen attached to the new
 * entry one by one (a file the server refuses is named in a toast; the entry stays saved). After
 * a save the form starts again with the user's names, manager and department.
 */
export function AddEntryForm({ user, onSaved, onCancel }: AddEntryFormProps) {
  const form = useEntryForm(() => newEntryForm(user));
  const custom = useCustomFieldsForm();
  const { showToast } = useToast();
  const createEntry = useCreateEntry();
  const [files, setFiles] = useState<File[]>([]);
  const uploads = useEvidenceUploads();
  /** The files the server refused, each with its reason: the toast after the save says so. */
  const notAttached = useRef<string[]>([]);
  const { pending, submit } = useEntrySubmit({
    form,
    custom,
    schema: addEntryFormSchema,
    enforceRequired: true,
    send: async (entry, customFields) => {
      const saved = await createEntry.run({ ...entry, customFields });
      notAttached.current = await uploads.upload(saved.id, files);
    },
    onSent: () => {
      const failures = notAttached.current;
      showToast(
        failures.length === 0
          ? ENTRY_SAVED_TOAST
          : { title: NOT_ATTACHED_TITLE, description: failures.join(' '), variant: 'destructive' },
      );
      form.reset(newEntryForm(user));
      custom.reset();
      setFiles([]);
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
        evidence={<EvidenceToAttach files={files} onChange={setFiles} disabled={pending} status={uploads.status} />}
      />
    </form>
  );
}
