import { SECOND_FACTOR_MESSAGES } from '@tht/contracts';
import { Button, useCurrentUser } from '@tht/ui';
import { SecondFactorSetup } from '../account/SecondFactorSetup';
import { FormActions, FormIntro, FormTitle } from './AuthLayout';
import { useSignOut } from './useSignOut';

/**
 * The screen ADMIN_MFA=required holds an administrator on after a password sign-in until two-step
 * sign-in is set up; then the current user is fetched again and the app opens.
 */
export function RequiredSecondFactorSetup() {
  const { refresh } = useCurrentUser();
  const signOut = useSignOut();

  return (
    <section aria-labelledby="second-factor-title">
      <FormTitle id="second-factor-title">Set up two-step sign-in</FormTitle>
      <FormIntro>{SECOND_FACTOR_MESSAGES.setupRequired}</FormIntro>
      <SecondFactorSetup onDone={() => void refresh()} />
      <FormActions>
        <Button type="button" $variant="secondary" onClick={() => void signOut()}>
          Sign out
        </Button>
      </FormActions>
    </section>
  );
}
