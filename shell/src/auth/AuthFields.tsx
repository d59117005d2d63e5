import type { ReactNode } from 'react';
import { Button, FormField, Input, PasswordInput } from '@tht/ui';

interface PasswordFieldProps {
  label: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** A labelled password input with its Show/Hide toggle. */
export function PasswordField({ label, name, autoComplete, value, error, onChange }: PasswordFieldProps) {
  return (
    <FormField label={label} error={error}>
      <PasswordInput
        name={name}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}

type NewPasswordField = 'password' | 'confirmPassword';

interface NewPasswordForm {
  values: Record<NewPasswordField, string>;
  errors: Partial<Record<string, string>>;
  setField(field: NewPasswordField, value: string): void;
}

/** The new password and its confirmation, as every form that sets a password asks for them. */
export function NewPasswordFields({ form, passwordLabel }: { form: NewPasswordForm; passwordLabel: string }) {
  return (
    <>
      <PasswordField
        label={passwordLabel}
        name="password"
        autoComplete="new-password"
        value={form.values.password}
        error={form.errors.password}
        onChange={(value) => form.setField('password', value)}
      />
      <PasswordField
        label="Confirm Password"
        name="confirmPassword"
        autoComplete="new-password"
        value={form.values.confirmPassword}
        error={form.errors.confirmPassword}
        onChange={(value) => form.setField('confirmPassword', value)}
      />
    </>
  );
}

interface UsernameFieldProps {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
}

/** The username (a work e-mail address) input of the sign-in and reset forms. */
export function UsernameField({ value, error, onChange, onBlur }: UsernameFieldProps) {
  return (
    <FormField label="Username" error={error}>
      <Input
        name="username"
        type="email"
        autoComplete="username"
        value={value}
        onChange={(event) => onChange(event.target.value)}
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
