import { useState, type FormEvent } from 'react';
import { SECOND_FACTOR_MESSAGES, secondFactorRoutes, type SecondFactorStatus } from '@tht/contracts';
import { Button, Dialog, DialogActions, FormField, Input, errorMessageOf, useRead, useToast, useWrite } from '@tht/ui';
import { SecondFactorSetup } from './SecondFactorSetup';

/** Turning two-step sign-in off takes a current code (or a recovery code), unless ADMIN_MFA=required keeps it on. */
function SecondFactorOn({ status }: { status: SecondFactorStatus }) {
  const { showToast } = useToast();
  const disabling = useWrite(secondFactorRoutes.disableSecondFactor, (code: string) => ({ body: { code } }));
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      await disabling.run(code.trim());
      showToast({ title: 'Two-step sign-in', description: SECOND_FACTOR_MESSAGES.turnedOff });
    } catch (failure) {
      setError(errorMessageOf(failure, 'Could not turn it off'));
    }
  }

  return (
    <>
      <p>
        Two-step sign-in is on: signing in with your password also asks for a code from your authenticator app.{' '}
        {status.recoveryCodesLeft} recovery codes left.
      </p>
      {status.required ? (
        <p>It is required for administrators here, so it stays on.</p>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Turn two-step sign-in off">
          <FormField label="Code from the app or a recovery code" required error={error}>
            <Input name="code" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} />
          </FormField>
          <DialogActions>
            <Button type="submit" $variant="destructive" disabled={disabling.pending}>
              Turn off
            </Button>
          </DialogActions>
        </form>
      )}
    </>
  );
}

/** 'Two-step sign-in' in the account menu of an administrator who signed in with a password. Loaded when opened. */
export default function SecondFactorDialog({ onClose }: { onClose: () => void }) {
  const { data: status, error, mutate } = useRead(secondFactorRoutes.getSecondFactor, {}, { revalidateOnFocus: false });
  return (
    <Dialog open onClose={onClose} title="Two-step sign-in" width="32rem">
      {error ? (
        <p role="alert">{errorMessageOf(error, 'Could not load two-step sign-in')}</p>
      ) : !status ? (
        <p>Loading...</p>
      ) : status.enabled ? (
        <SecondFactorOn status={status} />
      ) : (
        <SecondFactorSetup onDone={() => void mutate()} />
      )}
      <DialogActions>
        <Button type="button" $variant="secondary" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
