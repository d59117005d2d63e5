import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { NEW_PASSWORD_MIN_LENGTH } from '@tht/contracts';
import { FormField, Input, useAuthActions, useToast, useValidatedForm } from '@tht/ui';
import { NewPasswordFields, SubmitButton } from './AuthFields';
import { FormActions, FormIntro, FormTitle } from './AuthLayout';
import { RESET_PATH, RESET_TOKEN_LENGTH } from './authPaths';
import { loadAuthRules, preloadAuthRules } from './loadAuthRules';
import { useFailureToast } from './useFailureToast';

/** reset-confirm: the reset token, filled in from the URL, and a new password. */
export function ResetConfirmForm({ token, onReset }: { token: string; onReset: () => void }) {
  const { confirmPasswordReset } = useAuthActions();
  const { showToast } = useToast();
  const showFailure = useFailureToast();
  const form = useValidatedForm(
    { token, password: '', confirmPassword: '' },
    async () => (await loadAuthRules()).resetConfirmSchema,
  );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await form.submit(async (reset) => {
      try {
        await confirmPasswordReset(reset);
        showToast({ title: 'Password reset successful', description: 'You can now log in with your new password' });
        onReset();
      } catch (error) {
        showFailure('Password reset failed', error);
      }
    });
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} onFocus={preloadAuthRules} aria-labelledby="reset-confirm-title">
      <FormTitle id="reset-confirm-title">Choose a New Password</FormTitle>
      <FormIntro>Your new password must be at least {NEW_PASSWORD_MIN_LENGTH} characters.</FormIntro>
      <FormField label="Reset Token" required error={form.errors.token}>
        <Input
          name="token"
          autoComplete="off"
          spellCheck={false}
          maxLength={RESET_TOKEN_LENGTH}
          value={form.values.token}
          onChange={(event) => form.setField('token', event.target.value.trim())}
        />
      </FormField>
      <NewPasswordFields form={form} passwordLabel="New Password" />
      <FormActions>
        <SubmitButton pending={form.pending} pendingLabel="Resetting password...">
          Reset Password
        </SubmitButton>
        <Link to={RESET_PATH}>Request a new link</Link>
      </FormActions>
    </form>
  );
}
