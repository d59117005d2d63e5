import { useCallback, useState } from 'react';
import { validateForm, type FieldErrors, type FormSchema } from '@tht/ui';
import type { EntryFormField, EntryFormValues } from './entryFormValues';

/** The state of an entry form: values, the messages of the last validation, and a reset. */
export function useEntryForm(initial: () => EntryFormValues) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const change = useCallback(<Field extends EntryFormField>(field: Field, value: EntryFormValues[Field]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
  }, []);

  function validate<Output>(schema: FormSchema<Output>): Output | null {
    const result = validateForm(schema, values);
    setErrors(result.errors ?? {});
    return result.data;
  }

  function reset(next: EntryFormValues) {
    setValues(next);
    setErrors({});
  }

  return { values, errors, change, validate, reset };
}
