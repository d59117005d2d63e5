import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { CentredSpinner, useAuthActions, useToast } from '@tht/ui';
import { AUTH_PATH } from './authPaths';
import { useFailureToast } from './useFailureToast';

/**
 * Where the organisation's sign-in service leads back once the server has signed the person in:
 * the session is taken over as a login's (token stored, current user set), then My Dashboard.
 */
export function SsoCompletion() {
  const { completeSingleSignOn } = useAuthActions();
  const { showToast } = useToast();
  const showFailure = useFailureToast();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    completeSingleSignOn().then(
      () => {
        showToast({ title: 'Login successful', description: 'Welcome back!' });
        void navigate('/', { replace: true });
      },
      (error: unknown) => {
        showFailure('Login failed', error);
        void navigate(AUTH_PATH, { replace: true });
      },
    );
  }, [completeSingleSignOn, navigate, showFailure, showToast]);

  return <CentredSpinner label="Signing you in..." />;
}
