import type { FormEvent } from 'react';
import { ACCOUNT_MESSAGES } from '@tht/contracts';
import { FormField, Input, NameFields, useAuthActions, useOrgEmailDomain, useToast, useValidatedForm } from '@tht/ui';
import { NewPasswordFields, SubmitButton } from './AuthFields';
import { FormActions } from './AuthLayout';
import { loadAuthRules, preloadAuthRules } from './loadAuthRules';
import { PlacementFields, usePlacementChoices } from './PlacementFields';
import { useAccountCheck } from './useAccountCheck';
import { useFailureToast } from './useFailureToast';

const EMPTY_REGISTRATION = {
  email: '',
  firstName: '',
  lastName: '',
  managerName: '',
  department: '',
  password: '',
  confirmPassword: '',
};

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

/** Create an account; on success the new user is signed in. */
export function RegisterForm() {
  const { register } = useAuthActions();
  const { showToast } = useToast();
  const showFailure = useFailureToast();
  const orgDomain = useOrgEmailDomain();
  const placement = usePlacementChoices();
  // Until the organisation's domain is known, the server alone enforces the domain rule.
  const form = useValidatedForm(EMPTY_REGISTRATION, async () => {
    const { registrationSchema } = await loadAuthRules();
    return {
      safeParse: (values: typeof EMPTY_REGISTRATION) => registrationSchema(orgDomain ?? domainOf(values.email)).safeParse(values),
    };
  });
  const account = useAccountCheck(form.values.email);
  const accountExists = account.exists === true;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (accountExists) {
      showToast({ title: 'Registration failed', description: ACCOUNT_MESSAGES.accountAlreadyExists, variant: 'destructive' });
      return;
    }
    await form.submit(async (registration) => {
      try {
        await register({ ...registration, managerId: placement.managerIdFor(form.values.managerName) });
        showToast({
          title: 'Registration successful',
          description: 'Welcome to the Training Hours Tracker! Your account is ready.',
        });
      } catch (error) {
        showFailure('Registration failed', error);
      }
    });
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} onFocus={preloadAuthRules} aria-label="Register">
      <FormField
        label="Email Address"
        required
        error={form.errors.email ?? (accountExists ? ACCOUNT_MESSAGES.accountAlreadyExists : undefined)}
        hint={orgDomain ? `Use your @${orgDomain} work address.` : undefined}
      >
        <Input
          name="email"
          type="email"
          autoComplete="email"
          value={form.values.email}
          onChange={(event) => form.setField('email', event.target.value)}
          onBlur={account.checkNow}
        />
      </FormField>
      <NameFields form={form} whose="own" />
      <PlacementFields form={form} choices={placement} />
      <NewPasswordFields form={form} passwordLabel="Password" />
      <FormActions>
        <SubmitButton pending={form.pending} pendingLabel="Creating account...">
          Create Account
        </SubmitButton>
      </FormActions>
    </form>
  );
}
