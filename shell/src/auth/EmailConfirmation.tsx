import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { accountsRoutes } from '@tht/contracts';
import { CentredSpinner, callRoute, errorMessageOf } from '@tht/ui';
import { FormActions, FormIntro, FormTitle } from './AuthLayout';
import { AUTH_PATH } from './authPaths';

interface Outcome {
  confirmed: boolean;
  message: string;
}

/**
 * The link mailed at registration (`/auth?confirm-email=<token>`): the server proves the address
 * with it, once, and the page says so, or why not. It works signed in or out, in any browser.
 */
export function EmailConfirmation({ token }: { token: string }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    callRoute(accountsRoutes.confirmEmail, { body: { token } }).then(
      ({ message }) => setOutcome({ confirmed: true, message }),
      (error: unknown) =>
        setOutcome({ confirmed: false, message: errorMessageOf(error, 'The address could not be confirmed. Please try again.') }),
    );
  }, [token]);

  if (!outcome) return <CentredSpinner label="Confirming your e-mail address..." />;
  return (
    <div>
      <FormTitle>{outcome.confirmed ? 'E-mail Address Confirmed' : 'E-mail Address Not Confirmed'}</FormTitle>
      <FormIntro role={outcome.confirmed ? 'status' : 'alert'}>{outcome.message}</FormIntro>
      <FormActions>
        <Link to="/">Go to the Training Hours Tracker</Link>
        {!outcome.confirmed && <Link to={AUTH_PATH}>Back to Sign In</Link>}
      </FormActions>
    </div>
  );
}
