import { useEffect, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { SSO_MESSAGES, ssoRoutes, type SsoFirstSignInIdentity } from '@tht/contracts';
import { CentredSpinner, NameFields, useAuthActions, useRead, useToast, useValidatedForm } from '@tht/ui';
import { SubmitButton } from './AuthFields';
import { FormActions, FormIntro, FormTitle } from './AuthLayout';
import { AUTH_PATH } from './authPaths';
import { loadAuthRules, preloadAuthRules } from './loadAuthRules';
import { PlacementFields, usePlacementChoices } from './PlacementFields';
import { useFailureToast } from './useFailureToast';

/** Who the organisation's sign-in service says is signing in for the first time. */
function useFirstSignInIdentity() {
  return useRead(ssoRoutes.getFirstSingleSignOn, {}, { shouldRetryOnError: false, revalidateOnFocus: false });
}

/**
 * The first single sign-on of a person without an account, or with an account someone registered
 * with their address before them (now theirs: `claimed`): their names as the provider gave them
 * (theirs to correct), and registration's department and manager; then they are signed in.
 */
export function FirstSignInScreen() {
  const { data: identity, error } = useFirstSignInIdentity();
  const showFailure = useFailureToast();
  const navigate = useNavigate();

  useEffect(() => {
    if (!error) return;
    showFailure('Login failed', error);
    void navigate(AUTH_PATH, { replace: true });
  }, [error, navigate, showFailure]);

  return identity ? <FirstSignInForm identity={identity} /> : <CentredSpinner label="Loading..." />;
}

function FirstSignInForm({ identity }: { identity: SsoFirstSignInIdentity }) {
  const { completeFirstSignIn } = useAuthActions();
  const { showToast } = useToast();
  const showFailure = useFailureToast();
  const navigate = useNavigate();
  const placement = usePlacementChoices();
  const form = useValidatedForm(
    { firstName: identity.firstName, lastName: identity.lastName, managerName: '', department: '' },
    async () => (await loadAuthRules()).ssoFirstSignInSchema,
  );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await form.submit(async (details) => {
      try {
        await completeFirstSignIn({ ...details, managerId: placement.managerIdFor(form.values.managerName) });
        showToast({ title: 'Login successful', description: SSO_MESSAGES.accountCreated });
        void navigate('/', { replace: true });
      } catch (error) {
        showFailure('Login failed', error);
      }
    });
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} onFocus={preloadAuthRules} aria-labelledby="first-sign-in-title">
      <FormTitle id="first-sign-in-title">Welcome to the Training Hours Tracker</FormTitle>
      <FormIntro>
        You signed in as {identity.email}. Choose your department and manager to finish setting up your account.
      </FormIntro>
      {identity.claimed && <FormIntro role="status">{SSO_MESSAGES.accountClaimed}</FormIntro>}
      <NameFields form={form} whose="own" />
      <PlacementFields form={form} choices={placement} />
      <FormActions>
        <SubmitButton pending={form.pending} pendingLabel="Creating account...">
          Create Account
        </SubmitButton>
      </FormActions>
    </form>
  );
}
