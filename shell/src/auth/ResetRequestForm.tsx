import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { PasswordResetResponse } from '@tht/contracts';
import { Button, FormField, Input, errorMessageOf, useAuthActions, useToast, useValidatedForm } from '@tht/ui';
import { FormActions, FormIntro, FormTitle } from './AuthLayout';
import { AUTH_PATH } from './authPaths';
import { loadAuthRules, preloadAuthRules } from './loadAuthRules';

/** Asks for a password reset link for a username (SPEC sections 2 and 4). */
export function ResetRequestForm({ onRequested }: { onRequested: (response: PasswordResetResponse) => void }) {
  const { requestPasswordReset } = useAuthActions();
  const { showToast } = useToast();
  const form = useValidatedForm({ username: '' }, async () => (await loadAuthRules()).resetRequestSchema);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await form.submit(async ({ username }) => {
      try {
        onRequested(await requestPasswordReset(username));
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
    <form noValidate onSubmit={onSubmit} onFocus={preloadAuthRules} aria-labelledby="reset-title">
      <FormTitle id="reset-title">Reset Password</FormTitle>
      <FormIntro>Enter your username to get a reset link. The link expires in 15 minutes.</FormIntro>
      <FormField label="Username" error={form.errors.username}>
        <Input
          name="username"
          type="email"
          autoComplete="username"
          value={form.values.username}
          onChange={(event) => form.setField('username', event.target.value)}
        />
      </FormField>
      <FormActions>
        <Button type="submit" disabled={form.pending}>
          {form.pending ? 'Generating link...' : 'Get Reset Link'}
        </Button>
        <Link to={AUTH_PATH}>Back to Sign In</Link>
      </FormActions>
    </form>
  );
}
