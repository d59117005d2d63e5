import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { CentredSpinner, useCurrentUser, useSignOutWhenSessionEnds } from '@tht/ui';

/**
 * Shows its content only to a signed-in user with no pending password change (nor a second
 * factor ADMIN_MFA=required still asks an administrator to set up); everyone else goes to /auth. A centred spinner shows while the current user loads for the first time.
 * A session the server ended (a request answered 401) goes to /auth at once.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { session, isLoading } = useCurrentUser();
  useSignOutWhenSessionEnds();
  if (session === undefined && isLoading) return <CentredSpinner label="Loading..." />;
  if (!session || session.requiresPasswordChange || session.secondFactorSetupRequired) return <Navigate to="/auth" replace />;
  return children;
}
