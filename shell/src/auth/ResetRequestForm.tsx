import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ResetRequestAnswer } from '@tht/contracts';
import { useAuthActions, useValidatedForm } from '@tht/ui';
import { SubmitButton, UsernameField } from './AuthFields';
import { FormActions, FormIntro, FormTitle } from './AuthLayout';
import { AUTH_PATH } from './authPaths';
import { loadAuthRules, preloadAuthRules } from './loadAuthRules';
import { useFailureToast } from './useFailureToast';

/** Asks for a password reset link for a username: it goes to the account's e-mail address. */
export function ResetRequestForm({ onRequested }: { onRequested: (answer: ResetRequestAnswer) => void }) {
  const { requestPasswordReset } = useAuthActions();
  const showFailure = useFailureToast();
  const form = useValidatedForm({ username: '' }, async () => (await loadAuthRules()).resetRequestSchema);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await form.submit(async ({ username }) => {
      try {
        onRequested(await requestPasswordReset(username));
      } catch (error) {
        showFailure('Password reset failed', error);
      }
    });
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} onFocus={preloadAuthRules} aria-labelledby="reset-title">
      <FormTitle id="reset-title">Reset Password</FormTitle>
      <FormIntro>Enter your username: a reset link goes to your e-mail address. The link expires in 15 minutes.</FormIntro>
      <UsernameField form={form} error={form.errors.username} />
      <FormActions>
        <SubmitButton pending={form.pending} pendingLabel="Sending link...">
          Get Reset Link
        </SubmitButton>
        <Link to={AUTH_PATH}>Back to Sign In</Link>
      </FormActions>
    </form>
  );
}
