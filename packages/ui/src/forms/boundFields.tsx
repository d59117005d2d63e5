import type { ReactNode } from 'react';
import { FormField } from '../primitives/FormField';
import { Input } from '../primitives/fields';
import { PasswordInput } from '../primitives/PasswordInput';
import type { FieldErrors } from './validateForm';

/** The part of a useValidatedForm result that a field component reads and writes. */
export interface FormBinding<Field extends string> {
  values: Record<Field, string>;
  errors: FieldErrors;
  setField(field: Field, value: string): void;
}

interface PasswordFieldProps<Field extends string> {
  form: FormBinding<Field>;
  field: Field;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: ReactNode;
}

/** A labelled, required password input with its Show/Hide toggle, bound to one field of the form. */
export function PasswordField<Field extends string>({ form, field, label, autoComplete, hint }: PasswordFieldProps<Field>) {
  return (
    <FormField label={label} required error={form.errors[field]} hint={hint}>
      <PasswordInput
        name={field}
        autoComplete={autoComplete}
        value={form.values[field]}
        onChange={(event) => form.setField(field, event.target.value)}
      />
    </FormField>
  );
}

type NameFieldsProps = {
  form: FormBinding<'firstName' | 'lastName'>;
  /** Whose names: one's own are offered from the browser's autofill, another person's are not. */
  whose: 'own' | 'another';
};

/** A person's First Name and Last Name, both required. */
export function NameFields({ form, whose }: NameFieldsProps) {
  const own = whose === 'own';
  return (
    <>
      <FormField label="First Name" required error={form.errors.firstName}>
        <Input
          name="firstName"
          autoComplete={own ? 'given-name' : 'off'}
          value={form.values.firstName}
          onChange={(event) => form.setField('firstName', event.target.value)}
        />
      </FormField>
      <FormField label="Last Name" required error={form.errors.lastName}>
        <Input
          name="lastName"
          autoComplete={own ? 'family-name' : 'off'}
          value={form.values.lastName}
          onChange={(event) => form.setField('lastName', event.target.value)}
        />
      </FormField>
    </>
  );
}
