import type { ReactNode } from 'react';
import { Button, FormField, Input, PasswordInput, type FieldErrors } from '@tht/ui';

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
}

/** A labelled password input with its Show/Hide toggle, bound to one field of the form. */
export function PasswordField<Field extends string>({ form, field, label, autoComplete }: PasswordFieldProps<Field>) {
  return (
    <FormField label={label} required error={form.errors[field]}>
      <PasswordInput
        name={field}
        autoComplete={autoComplete}
        value={form.values[field]}
        onChange={(event) => form.setField(field, event.target.value)}
      />
    </FormField>
  );
}

/** The new password and its confirmation, as every form that sets a password asks for them. */
export function NewPasswordFields({
  form,
  passwordLabel,
}: {
  form: FormBinding<'password' | 'confirmPassword'>;
  passwordLabel: string;
}) {
  return (
    <>
      <PasswordField form={form} field="password" label={passwordLabel} autoComplete="new-password" />
      <PasswordField form={form} field="confirmPassword" label="Confirm Password" autoComplete="new-password" />
    </>
  );
}

interface UsernameFieldProps {
  form: FormBinding<'username'>;
  error: string | undefined;
  onBlur?: () => void;
}

/** The username (a work e-mail address) input of the sign-in and reset forms. */
export function UsernameField({ form, error, onBlur }: UsernameFieldProps) {
  return (
    <FormField label="Username" required error={error}>
      <Input
        name="username"
        type="email"
        autoComplete="username"
        value={form.values.username}
        onChange={(event) => form.setField('username', event.target.value)}
        onBlur={onBlur}
      />
    </FormField>
  );
}

/** The form's submit button, disabled and relabelled while the submit is under way. */
export function SubmitButton({ pending, pendingLabel, children }: { pending: boolean; pendingLabel: string; children: ReactNode }) {
  return (
    <Button type="submit" disabled={pending}>
      {pending ? pendingLabel : children}
    </Button>
  );
}

/** A new account's First Name and Last Name. */
export function NameFields({ form }: { form: FormBinding<'firstName' | 'lastName'> }) {
  return (
    <>
      <FormField label="First Name" required error={form.errors.firstName}>
        <Input
          name="firstName"
          autoComplete="given-name"
          value={form.values.firstName}
          onChange={(event) => form.setField('firstName', event.target.value)}
        />
      </FormField>
      <FormField label="Last Name" required error={form.errors.lastName}>
        <Input
          name="lastName"
          autoComplete="family-name"
          value={form.values.lastName}
          onChange={(event) => form.setField('lastName', event.target.value)}
        />
      </FormField>
    </>
  );
}
