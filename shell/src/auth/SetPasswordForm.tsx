import type { FormEvent } from 'react';
import { ACCOUNT_MESSAGES } from '@tht/contracts';
import { Button, useAuthActions, useToast, useValidatedForm } from '@tht/ui';
import { NewPasswordFields, SubmitButton } from './AuthFields';
import { FormActions, FormIntro, FormTitle } from './AuthLayout';
import { loadAuthRules, preloadAuthRules } from './loadAuthRules';
import { useFailureToast } from './useFailureToast';
import { useSignOut } from './useSignOut';

/** The forced 'Set Your Password' screen for a user whose password must change. */
export function SetPasswordForm() {
  const { setPassword } = useAuthActions();
  const { showToast } = useToast();
  const showFailure = useFailureToast();
  const signOut = useSignOut();
  const form = useValidatedForm({ password: '', confirmPassword: '' }, async () => (await loadAuthRules()).setPasswordSchema);

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
        showFailure('Failed to set password', error);
      }
    });
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} onFocus={preloadAuthRules} aria-labelledby="set-password-title">
      <FormTitle id="set-password-title">Set Your Password</FormTitle>
      <FormIntro>{ACCOUNT_MESSAGES.passwordChangeRequired}.</FormIntro>
      <NewPasswordFields form={form} passwordLabel="New Password" />
      <FormActions>
        <SubmitButton pending={form.pending} pendingLabel="Setting password...">
          Set Password
        </SubmitButton>
        <Button $variant="ghost" onClick={() => void signOut()}>
          Sign out
        </Button>
      </FormActions>
    </form>
  );
}
