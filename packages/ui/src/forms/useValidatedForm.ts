import { useState } from 'react';
import { validateForm, type FieldErrors, type FormSchema } from './validateForm';

/**
 * Form state validated with a contracts schema: errors appear on submit and, after the first
 * submit, follow every change. `submit` runs the action with the parsed data while `pending`.
 */
export function useValidatedForm<Values extends Record<string, string>, Output>(
  initialValues: Values,
  schema: FormSchema<Output>,
) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);

  function setField<Field extends keyof Values & string>(field: Field, value: Values[Field]) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validateForm(schema, next).errors ?? {});
  }

  async function submit(action: (data: Output) => Promise<void>): Promise<void> {
    setSubmitted(true);
    const { data, errors: found } = validateForm(schema, values);
    setErrors(found ?? {});
    if (!data) return;
    setPending(true);
    try {
      await action(data);
    } finally {
      setPending(false);
    }
  }

  return { values, setField, errors, setErrors, pending, submit };
}
