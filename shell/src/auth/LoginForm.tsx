import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ACCOUNT_MESSAGES, type LoginInput } from '@tht/contracts';
import { errorMessageOf, PasswordField, useAuthActions, useToast, useValidatedForm } from '@tht/ui';
import { SubmitButton, UsernameField } from './AuthFields';
import { FormActions } from './AuthLayout';
import { RESET_PATH } from './authPaths';
import { NO_FAILED_LOGINS, recordFailedLogin } from './failedLogins';
import { loadAuthRules, preloadAuthRules } from './loadAuthRules';
import { secondFactorAsked } from './secondFactorAsked';
import { SecondFactorStep } from './SecondFactorStep';
import { useAccountCheck } from './useAccountCheck';

/** Sign in with username and password; an administrator with two-step sign-in then gives a code. */
export function LoginForm() {
  const { login } = useAuthActions();
  const { showToast } = useToast();
  const form = useValidatedForm({ username: '', password: '' }, async () => (await loadAuthRules()).loginSchema);
  const account = useAccountCheck(form.values.username);
  const [failures, setFailures] = useState(NO_FAILED_LOGINS);
  const accountMissing = account.exists === false;
  const [secondStep, setSecondStep] = useState<{ credentials: LoginInput; message: string } | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (accountMissing) {
      showToast({ title: 'Login failed', description: ACCOUNT_MESSAGES.accountDoesNotExist, variant: 'destructive' });
      return;
    }
    await form.submit(async (credentials) => {
      try {
        await login(credentials);
        setFailures(NO_FAILED_LOGINS);
        showToast({ title: 'Login successful', description: 'Welcome back!' });
      } catch (error) {
        const asked = secondFactorAsked(error);
        if (asked) {
          setSecondStep({ credentials, message: asked });
          return;
        }
        const outcome = recordFailedLogin(failures, credentials.username, errorMessageOf(error, 'Login failed'));
        setFailures(outcome.failures);
        showToast({ title: 'Login failed', description: outcome.message, variant: 'destructive' });
      }
    });
  }

  if (secondStep) return <SecondFactorStep {...secondStep} onCancel={() => setSecondStep(null)} />;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} onFocus={preloadAuthRules} aria-label="Sign in">
      <UsernameField
        form={form}
        error={form.errors.username ?? (accountMissing ? ACCOUNT_MESSAGES.accountDoesNotExist : undefined)}
        onBlur={account.checkNow}
      />
      <PasswordField form={form} field="password" label="Password" autoComplete="current-password" />
      <FormActions>
        <SubmitButton pending={form.pending} pendingLabel="Signing in...">
          Sign In
        </SubmitButton>
        <Link to={RESET_PATH}>Forgot your password?</Link>
      </FormActions>
    </form>
  );
}
