import { useState, type FormEvent } from 'react';
import type { LoginInput } from '@tht/contracts';
import { Button, FormField, Input, errorMessageOf, useAuthActions, useToast } from '@tht/ui';
import { SubmitButton } from './AuthFields';
import { FormActions } from './AuthLayout';
import { secondFactorAsked } from './secondFactorAsked';

interface SecondFactorStepProps {
  /** The username and password the server accepted. */
  credentials: LoginInput;
  /** Why the server asks (its 401 message). */
  message: string;
  onCancel: () => void;
}

/**
 * The second step of an administrator's sign-in: the code from the authenticator app (or a
 * recovery code), sent with the same sign-in call as the password.
 */
export function SecondFactorStep({ credentials, message, onCancel }: SecondFactorStepProps) {
  const { login } = useAuthActions();
  const { showToast } = useToast();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === '') {
      setError(message);
      return;
    }
    setPending(true);
    try {
      await login({ ...credentials, code: code.trim() });
      showToast({ title: 'Login successful', description: 'Welcome back!' });
    } catch (failure) {
      const again = secondFactorAsked(failure);
      setError(again ?? undefined);
      setCode('');
      showToast({ title: 'Login failed', description: again ?? errorMessageOf(failure, 'Login failed'), variant: 'destructive' });
      if (!again) onCancel();
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Two-step sign-in">
      <p>{message}</p>
      <FormField label="Authentication code" required error={error}>
        <Input
          name="code"
          autoComplete="one-time-code"
          autoFocus
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </FormField>
      <FormActions>
        <SubmitButton pending={pending} pendingLabel="Verifying...">
          Verify
        </SubmitButton>
        <Button type="button" $variant="secondary" onClick={onCancel}>
          Back
        </Button>
      </FormActions>
    </form>
  );
}
