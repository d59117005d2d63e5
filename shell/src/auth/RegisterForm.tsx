import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { ACCOUNT_MESSAGES, fullName, type Department, type ManagerOption } from '@tht/contracts';
import { FormField, Input, Select, useAuthActions, useOrgEmailDomain, useToast, useValidatedForm } from '@tht/ui';
import { ManagerTypeahead } from '../managers/ManagerTypeahead';
import { managerNamed } from '../managers/managerMatching';
import { NewPasswordFields, SubmitButton } from './AuthFields';
import { FormActions } from './AuthLayout';
import { loadAuthRules, preloadAuthRules } from './loadAuthRules';
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

function byName(a: Department, b: Department): number {
  return a.name.localeCompare(b.name);
}

/** Create an account (SPEC sections 2, 5 and 8); on success the new user is signed in. */
export function RegisterForm() {
  const { register } = useAuthActions();
  const { showToast } = useToast();
  const showFailure = useFailureToast();
  const orgDomain = useOrgEmailDomain();
  const { data: managers = [] } = useSWR<ManagerOption[]>('/api/managers');
  const { data: departments = [] } = useSWR<Department[]>('/api/departments');
  const [pickedManager, setPickedManager] = useState<ManagerOption | null>(null);
  // Until the organisation's domain is known, the server alone enforces the domain rule.
  const form = useValidatedForm(EMPTY_REGISTRATION, async () => {
    const { registrationSchema } = await loadAuthRules();
    return {
      safeParse: (values: typeof EMPTY_REGISTRATION) => registrationSchema(orgDomain ?? domainOf(values.email)).safeParse(values),
    };
  });
  const account = useAccountCheck(form.values.email);
  const accountExists = account.exists === true;

  function managerId(): number | undefined {
    return (pickedManager ?? managerNamed(managers, form.values.managerName))?.id;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (accountExists) {
      showToast({ title: 'Registration failed', description: ACCOUNT_MESSAGES.accountAlreadyExists, variant: 'destructive' });
      return;
    }
    await form.submit(async (registration) => {
      try {
        await register({ ...registration, managerId: managerId() });
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
      <FormField label="First Name" required error={form.errors.firstName}>
        <Input
          name="firstName"
          autoComplete="given-name"
          value={form.values.firstName}
          onChange={(event) => form.setField('firstName', event.target.value)}
        />
      </FormField>
      <FormField label="Last Name" required error={form.errors.lastName}>
        <Input
          name="lastName"
          autoComplete="family-name"
          value={form.values.lastName}
          onChange={(event) => form.setField('lastName', event.target.value)}
        />
      </FormField>
      <FormField label="Manager" error={form.errors.managerId}>
        <ManagerTypeahead
          candidates={managers}
          value={form.values.managerName}
          onChange={(text) => {
            setPickedManager(null);
            form.setField('managerName', text);
          }}
          onPick={(manager) => {
            setPickedManager(manager);
            form.setField('managerName', fullName(manager));
          }}
        />
      </FormField>
      <FormField label="Department" required error={form.errors.department}>
        <Select
          name="department"
          value={form.values.department}
          onChange={(event) => form.setField('department', event.target.value)}
        >
          <option value="">Select your department</option>
          {[...departments].sort(byName).map((department) => (
            <option key={department.id} value={department.name}>
              {department.name}
            </option>
          ))}
        </Select>
      </FormField>
      <NewPasswordFields form={form} passwordLabel="Password" />
      <FormActions>
        <SubmitButton pending={form.pending} pendingLabel="Creating account...">
          Create Account
        </SubmitButton>
      </FormActions>
    </form>
  );
}
