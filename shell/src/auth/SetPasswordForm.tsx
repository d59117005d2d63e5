import type { FormEvent } from 'react';
import { ACCOUNT_MESSAGES } from '@tht/contracts';
import { Button, FormField, PasswordInput, errorMessageOf, useAuthActions, useToast, useValidatedForm } from '@tht/ui';
import { FormActions, FormIntro, FormTitle } from './AuthLayout';
import { loadAuthRules, preloadAuthRules } from './loadAuthRules';

/** The forced 'Set Your Password' screen for a user whose password must change (SPEC section 4). */
export function SetPasswordForm() {
  const { setPassword, logout } = useAuthActions();
  const { showToast } = useToast();
  const form = useValidatedForm(
    { password: '', confirmPassword: '' },
    async () => (await loadAuthRules()).setPasswordSchema,
  );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await form.submit(async (passwords) => {
      try {
        await setPassword(passwords);
        showToast({
          title: 'Password updated successfully',
          description: 'You can now access the application with your new password',
        });
      } catch (error) {
        showToast({
          title: 'Failed to set password',
          description: errorMessageOf(error, 'Failed to set password'),
          variant: 'destructive',
        });
      }
    });
  }

  async function signOut() {
    try {
      await logout();
    } catch (error) {
      showToast({ title: 'Logout failed', description: errorMessageOf(error, 'Logout failed'), variant: 'destructive' });
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} onFocus={preloadAuthRules} aria-labelledby="set-password-title">
      <FormTitle id="set-password-title">Set Your Password</FormTitle>
      <FormIntro>{ACCOUNT_MESSAGES.passwordChangeRequired}.</FormIntro>
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
          {form.pending ? 'Setting password...' : 'Set Password'}
        </Button>
        <Button $variant="ghost" onClick={() => void signOut()}>
          Sign out
        </Button>
      </FormActions>
    </form>
  );
}
