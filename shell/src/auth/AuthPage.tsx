import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { ResetRequestAnswer } from '@tht/contracts';
import styled from 'styled-components';
import { CentredSpinner, Tabs, useCurrentUser, useSignInOptions } from '@tht/ui';
import { AuthLayout } from './AuthLayout';
import { AUTH_PATH, authViewOf, type AuthView } from './authPaths';
import { EmailConfirmation } from './EmailConfirmation';
import { FirstSignInScreen } from './FirstSignInForm';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { ResetConfirmForm } from './ResetConfirmForm';
import { ResetLinkIssued } from './ResetLinkIssued';
import { ResetRequestForm } from './ResetRequestForm';
import { RequiredSecondFactorSetup } from './RequiredSecondFactorSetup';
import { SetPasswordForm } from './SetPasswordForm';
import { SsoCompletion } from './SsoCompletion';
import { SsoSignIn } from './SsoSignIn';
import { useSsoFailureToast } from './useSsoFailureToast';

const SIGN_IN_TABS = [
  { value: 'login', label: 'Login' },
  { value: 'register', label: 'Register' },
] as const;

const AdminSignIn = styled.details`
  margin-top: ${({ theme }) => theme.spacing(5)};
  & > summary { cursor: pointer; margin-bottom: ${({ theme }) => theme.spacing(3)}; }
`;

/**
 * Signing in: the organisation's sign-in button (when single sign-on is configured) above the
 * Login and Register tabs; with password sign-in turned off, the button alone, and the password
 * form kept for the start-up administrator under a disclosure.
 */
function SignInChoices({ view, onTab }: { view: AuthView; onTab: (tab: string) => void }) {
  const { passwordLogin, sso } = useSignInOptions();
  if (!passwordLogin && sso) {
    return (
      <>
        <SsoSignIn label={sso.buttonLabel} />
        <AdminSignIn>
          <summary>Administrator sign-in with a password</summary>
          <LoginForm />
        </AdminSignIn>
      </>
    );
  }
  return (
    <Tabs label="Sign in or register" items={SIGN_IN_TABS} value={view} onChange={onTab}>
      {view === 'register' ? (
        <RegisterForm />
      ) : (
        <>
          {sso && <SsoSignIn label={sso.buttonLabel} dividerText="or sign in with your password" />}
          <LoginForm />
        </>
      )}
    </Tabs>
  );
}

/**
 * /auth: the Login and Register tabs, the reset, reset-success, reset-confirm and confirm-email states (named by
 * the URL), the forced 'Set Your Password' screen, the set-up of two-step sign-in ADMIN_MFA=required
 * asks of an administrator, and the end of a single sign-on (its
 * completion, the first-sign-in screen, or the toast of its failure).
 */
export function AuthPage() {
  useSsoFailureToast();
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
  const signedIn = Boolean(session && !session.requiresPasswordChange && !session.secondFactorSetupRequired);
  if (signedIn && (view === 'login' || view === 'register')) return <Navigate to="/" replace />;

  function afterPasswordReset() {
    navigate(signedIn ? '/' : AUTH_PATH, { replace: true });
  }

  return (
    <AuthLayout>
      {view === 'sso-signed-in' ? (
        <SsoCompletion />
      ) : view === 'sso-first-sign-in' ? (
        <FirstSignInScreen />
      ) : view === 'confirm-email' && token ? (
        <EmailConfirmation token={token} />
      ) : session?.requiresPasswordChange ? (
        <SetPasswordForm />
      ) : session?.secondFactorSetupRequired ? (
        <RequiredSecondFactorSetup />
      ) : view === 'reset-confirm' && token ? (
        <ResetConfirmForm token={token} onReset={afterPasswordReset} />
      ) : view === 'reset' && issuedReset ? (
        <ResetLinkIssued answer={issuedReset} />
      ) : view === 'reset' ? (
        <ResetRequestForm onRequested={setIssuedReset} />
      ) : (
        <SignInChoices view={view} onTab={(tab) => setSearchParams(tab === 'register' ? { tab } : {})} />
      )}
    </AuthLayout>
  );
}
