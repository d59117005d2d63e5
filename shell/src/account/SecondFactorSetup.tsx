import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { secondFactorRoutes, type SecondFactorEnrolment } from '@tht/contracts';
import { Button, FormField, Input, errorMessageOf, useToast, useWrite } from '@tht/ui';

const Qr = styled.img`
  display: block;
  width: 200px;
  height: 200px;
  margin: ${({ theme }) => theme.spacing(3)} 0;
`;

const Key = styled.code`
  word-break: break-all;
  font-size: 0.95rem;
`;

const Codes = styled.ol`
  columns: 2;
  font-family: monospace;
  font-size: 1rem;
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing(2)};
  margin-top: ${({ theme }) => theme.spacing(3)};
`;

/** The recovery codes, shown once after two-step sign-in is turned on. */
function RecoveryCodes({ codes, onSaved }: { codes: readonly string[]; onSaved: () => void }) {
  return (
    <section aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title">Your recovery codes</h3>
      <p>
        Two-step sign-in is on. Keep these codes somewhere safe: each one signs you in once if your phone is lost. They are shown
        only now.
      </p>
      <Codes aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Codes>
      <Button type="button" onClick={onSaved}>
        I have saved my recovery codes
      </Button>
    </section>
  );
}

/**
 * Setting up two-step sign-in: a QR code (and its key) for an authenticator app, the app's first
 * code to turn it on, then the recovery codes once. `onDone` runs when the codes were saved.
 */
export function SecondFactorSetup({ onDone }: { onDone: () => void }) {
  const { showToast } = useToast();
  const starting = useWrite(secondFactorRoutes.startSecondFactorEnrolment);
  const confirming = useWrite(secondFactorRoutes.confirmSecondFactor, (body: { enrolment: string; code: string }) => ({ body }));
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  async function begin() {
    try {
      setEnrolment(await starting.run({}));
    } catch (failure) {
      showToast({ title: 'Set-up failed', description: errorMessageOf(failure, 'Set-up failed'), variant: 'destructive' });
    }
  }

  async function turnOn(event: FormEvent) {
    event.preventDefault();
    if (!enrolment) return;
    try {
      setRecoveryCodes((await confirming.run({ enrolment: enrolment.enrolment, code: code.trim() })).recoveryCodes);
    } catch (failure) {
      setError(errorMessageOf(failure, 'Set-up failed'));
    }
  }

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onSaved={onDone} />;
  if (!enrolment) {
    return (
      <Button type="button" onClick={() => void begin()} disabled={starting.pending}>
        Set up two-step sign-in
      </Button>
    );
  }
  return (
    <form noValidate onSubmit={(event) => void turnOn(event)} aria-label="Set up two-step sign-in">
      <p>Scan this QR code with an authenticator app (such as Microsoft Authenticator, Google Authenticator or FreeOTP).</p>
      <Qr src={enrolment.qrCode} alt="QR code for your authenticator app" />
      <p>
        Or type this key into the app: <Key>{enrolment.secret}</Key>
      </p>
      <FormField label="Code from the app" required error={error}>
        <Input
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </FormField>
      <Row>
        <Button type="submit" disabled={confirming.pending}>
          Turn on
        </Button>
      </Row>
    </form>
  );
}
