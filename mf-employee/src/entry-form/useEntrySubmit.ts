import { useState, type FormEvent } from 'react';
import type { CustomValuesCheck } from '@tht/contracts';
import { errorMessageOf, useToast, type FormSchema } from '@tht/ui';
import type { useCustomFieldsForm } from '../custom-fields/customFields';
import type { useEntryForm } from './useEntryForm';

type EntrySubmitOptions<Entry> = {
  form: ReturnType<typeof useEntryForm>;
  custom: ReturnType<typeof useCustomFieldsForm>;
  schema: FormSchema<Entry>;
  enforceRequired: boolean;
  /** Sends the checked entry and custom values to the API (an entry write, which refreshes what shows entries). */
  send: (entry: Entry, customValues: CustomValuesCheck['values']) => Promise<unknown>;
  /** Runs once the API accepted the entry and the reads showing it are fresh. */
  onSent: () => void;
  failureTitle: string;
};

/**
 * Submitting an entry form: check the standard and custom fields and send them; a failure is a
 * destructive toast. `pending` is true while it runs.
 */
export function useEntrySubmit<Entry>({
  form,
  custom,
  schema,
  enforceRequired,
  send,
  onSent,
  failureTitle,
}: EntrySubmitOptions<Entry>) {
  const [pending, setPending] = useState(false);
  const { showToast } = useToast();

  async function save(entry: Entry, customValues: CustomValuesCheck['values']) {
    setPending(true);
    try {
      await send(entry, customValues);
      onSent();
    } catch (error) {
      showToast({ title: failureTitle, description: errorMessageOf(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  /** The form's submit handler; a failed save is reported by `save` itself. */
  function submit(event: FormEvent) {
    event.preventDefault();
    const entry = form.validate(schema);
    const customValues = custom.check(enforceRequired);
    if (!entry || customValues.errors.length > 0) return;
    void save(entry, customValues.values);
  }

  return { pending, submit };
}
