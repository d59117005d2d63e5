import { useRef, useState, type FormEvent } from 'react';
import { validateForm, type FieldErrors, type FormSchema } from './validateForm';

/** A schema, or a function loading one (so a page can show before its validation code arrives). */
export type SchemaSource<Output> = FormSchema<Output> | (() => Promise<FormSchema<Output>>);

/**
 * Form state validated with a contracts schema: errors appear on submit and, after the first
 * submit, follow every change. `submit` runs the action with the parsed data while `pending`.
 */
export function useValidatedForm<Values extends Record<string, string>, Output>(
  initialValues: Values,
  schemaSource: SchemaSource<Output>,
) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  // The schema the last submit used; set once a submit has happened, so changes revalidate.
  const submittedWith = useRef<FormSchema<Output> | null>(null);

  async function currentSchema(): Promise<FormSchema<Output>> {
    return typeof schemaSource === 'function' ? schemaSource() : schemaSource;
  }

  /** Changes several fields at once (one field's change that updates another). */
  function setFields(changes: Partial<Values>) {
    const next = { ...values, ...changes };
    setValues(next);
    const schema = typeof schemaSource === 'function' ? submittedWith.current : schemaSource;
    if (submittedWith.current && schema) setErrors(validateForm(schema, next).errors ?? {});
  }

  function setField<Field extends keyof Values & string>(field: Field, value: Values[Field]) {
    const change: Partial<Values> = {};
    change[field] = value;
    setFields(change);
  }

  async function submit(action: (data: Output) => Promise<void>): Promise<void> {
    const schema = await currentSchema();
    submittedWith.current = schema;
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

  /** A form's onSubmit: no page reload, then `submit(action)`. */
  function handleSubmit(action: (data: Output) => Promise<void>) {
    return (event: FormEvent) => {
      event.preventDefault();
      void submit(action);
    };
  }

  return { values, setField, setFields, errors, setErrors, pending, submit, handleSubmit };
}
