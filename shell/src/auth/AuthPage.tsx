import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { ResetRequestAnswer } from '@tht/contracts';
import { CentredSpinner, Tabs, useCurrentUser } from '@tht/ui';
import { AuthLayout } from './AuthLayout';
import { AUTH_PATH, authViewOf } from './authPaths';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { ResetConfirmForm } from './ResetConfirmForm';
import { ResetLinkIssued } from './ResetLinkIssued';
import { ResetRequestForm } from './ResetRequestForm';
import { SetPasswordForm } from './SetPasswordForm';

const SIGN_IN_TABS = [
  { value: 'login', label: 'Login' },
  { value: 'register', label: 'Register' },
] as const;

/**
 * /auth: the Login and Register tabs, the reset, reset-success and reset-confirm states (named by
 * the URL), and the forced 'Set Your Password' screen.
 */
export function AuthPage() {
  const { session, isLoading } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const { view, token } = authViewOf(searchParams);
  const [issuedReset, setIssuedReset] = useState<ResetRequestAnswer | null>(null);
  // The request's answer is shown until the visitor leaves the reset view (state adjusted while rendering, as React advises).
  const [shownView, setShownView] = useState(view);
  if (view !== shownView) {
    setShownView(view);
    if (view !== 'reset') setIssuedReset(null);
  }

  if (session === undefined && isLoading) return <CentredSpinner label="Loading..." />;
  const signedIn = Boolean(session && !session.requiresPasswordChange);
  if (signedIn && (view === 'login' || view === 'register')) return <Navigate to="/" replace />;

  function afterPasswordReset() {
    navigate(signedIn ? '/' : AUTH_PATH, { replace: true });
  }

  return (
    <AuthLayout>
      {session?.requiresPasswordChange ? (
        <SetPasswordForm />
      ) : view === 'reset-confirm' && token ? (
        <ResetConfirmForm token={token} onReset={afterPasswordReset} />
      ) : view === 'reset' && issuedReset ? (
        <ResetLinkIssued answer={issuedReset} />
      ) : view === 'reset' ? (
        <ResetRequestForm onRequested={setIssuedReset} />
      ) : (
        <Tabs
          label="Sign in or register"
          items={SIGN_IN_TABS}
          value={view}
          onChange={(tab) => setSearchParams(tab === 'register' ? { tab } : {})}
        >
          {view === 'register' ? <RegisterForm /> : <LoginForm />}
        </Tabs>
      )}
    </AuthLayout>
  );
}
