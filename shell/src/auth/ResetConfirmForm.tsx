import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { NEW_PASSWORD_MIN_LENGTH } from '@tht/contracts';
import { Button, FormField, PasswordInput, errorMessageOf, useAuthActions, useToast, useValidatedForm } from '@tht/ui';
import { FormActions, FormIntro, FormTitle } from './AuthLayout';
import { RESET_PATH } from './authPaths';
import { loadAuthRules, preloadAuthRules } from './loadAuthRules';

/** reset-confirm: a new password for the reset token (SPEC sections 2, 4 and 5). */
export function ResetConfirmForm({ token, onReset }: { token: string; onReset: () => void }) {
  const { confirmPasswordReset } = useAuthActions();
  const { showToast } = useToast();
  const form = useValidatedForm({ password: '', confirmPassword: '' }, async () => {
    const { resetConfirmSchema } = await loadAuthRules();
    return {
      safeParse: (values: { password: string; confirmPassword: string }) =>
        resetConfirmSchema.safeParse({ ...values, token }),
    };
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await form.submit(async (reset) => {
      try {
        await confirmPasswordReset(reset);
        showToast({ title: 'Password reset successful', description: 'You can now log in with your new password' });
        onReset();
      } catch (error) {
        showToast({
          title: 'Password reset failed',
          description: errorMessageOf(error, 'Password reset failed'),
          variant: 'destructive',
        });
      }
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} onFocus={preloadAuthRules} aria-labelledby="reset-confirm-title">
      <FormTitle id="reset-confirm-title">Choose a New Password</FormTitle>
      <FormIntro>Your new password must be at least {NEW_PASSWORD_MIN_LENGTH} characters.</FormIntro>
      <FormField label="New Password" error={form.errors.password}>
        <PasswordInput
          name="password"
          autoComplete="new-password"
          value={form.values.password}
          onChange={(event) => form.setField('password', event.target.value)}
        />
      </FormField>
      <FormField label="Confirm Password" error={form.errors.confirmPassword}>
        <PasswordInput
          name="confirmPassword"
          autoComplete="new-password"
          value={form.values.confirmPassword}
          onChange={(event) => form.setField('confirmPassword', event.target.value)}
        />
      </FormField>
      <FormActions>
        <Button type="submit" disabled={form.pending}>
          {form.pending ? 'Resetting password...' : 'Reset Password'}
        </Button>
        <Link to={RESET_PATH}>Request a new link</Link>
      </FormActions>
    </form>
  );
}
