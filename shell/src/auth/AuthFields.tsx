import type { ReactNode } from 'react';
import { Button, FormField, Input, PasswordField, type FormBinding } from '@tht/ui';

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
