import { screen, waitFor, within } from '@testing-library/react';
import userEventLibrary from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, type RegistrationInput } from '@tht/contracts';
import { aSession } from '@tht/ui/testing';
import { installFakeApi, signedOut } from '../testing/fakeApi';
import { fill, renderAt, toasts } from '../testing/renderWithShell';
import { AuthPage } from './AuthPage';

const userEvent = userEventLibrary.setup({ delay: null });

const managers = [
  { id: 7, firstName: 'Maria', lastName: 'Boss' },
  { id: 8, firstName: 'Mark', lastName: 'Chief' },
];
const departments = [
  { id: 2, name: 'Sales', createdAt: '2026-01-01T00:00:00.000Z' },
  { id: 1, name: 'Engineering', createdAt: '2026-01-01T00:00:00.000Z' },
];

/** The user a registration makes. */
function registered(body: unknown) {
  const { email, firstName, lastName, department, managerId = null } = body as RegistrationInput;
  return { username: email, email, firstName, lastName, department, managerId, managerName: null };
}

function registrationApi() {
  return installFakeApi({
    getCurrentUser: signedOut,
    getOrgConfig: () => ({ body: { orgEmailDomain: 'example.com', passwordLogin: true, sso: null } }),
    listManagers: () => ({ body: managers }),
    listDepartments: () => ({ body: departments }),
    checkEmail: ({ path }) => ({ body: { exists: path.endsWith('taken%40example.com') } }),
    register: ({ body }) => ({
      status: 201,
      body: { authToken: 'new-token', ...aSession({ id: 3, ...registered(body) }) },
    }),
  });
}

async function openRegister() {
  renderAt('/auth?tab=register', '/auth', <AuthPage />);
  await screen.findByRole('tab', { name: 'Register', selected: true });
  await screen.findByRole('option', { name: 'Engineering' });
}

const field = (label: string) => screen.getByLabelText(label);

async function fillValidForm(email = 'new.person@example.com') {
  fill('Email Address', email);
  fill('First Name', 'New');
  fill('Last Name', 'Person');
  await userEvent.selectOptions(field('Department'), 'Engineering');
  fill('Password', 'secret1');
  fill('Confirm Password', 'secret1');
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

describe('Register form', () => {
  it('marks the required fields; the manager is optional', async () => {
    registrationApi();
    await openRegister();
    for (const label of ['Email Address', 'First Name', 'Last Name', 'Department', 'Password', 'Confirm Password']) {
      expect(field(label)).toHaveAttribute('aria-required', 'true');
    }
    expect(screen.getByRole('combobox', { name: 'Manager' })).not.toHaveAttribute('aria-required');
  });

  it('names every missing field', async () => {
    const api = registrationApi();
    await openRegister();
    await submit();
    await waitFor(() =>
      expect(field('Email Address')).toHaveAccessibleDescription(expect.stringContaining(ACCOUNT_MESSAGES.emailRequired)),
    );
    expect(field('First Name')).toHaveAccessibleDescription(ACCOUNT_MESSAGES.firstNameRequired);
    expect(field('Last Name')).toHaveAccessibleDescription(ACCOUNT_MESSAGES.lastNameRequired);
    expect(field('Department')).toHaveAccessibleDescription(ACCOUNT_MESSAGES.departmentRequired);
    expect(field('Password')).toHaveAccessibleDescription(ACCOUNT_MESSAGES.passwordRequired);
    expect(api.callsOf('register')).toHaveLength(0);
  });

  it("requires a valid address in the organisation's domain", async () => {
    registrationApi();
    await openRegister();
    fill('Email Address', 'not-an-address');
    await submit();
    await waitFor(() =>
      expect(field('Email Address')).toHaveAccessibleDescription(expect.stringContaining(ACCOUNT_MESSAGES.invalidEmail)),
    );
    fill('Email Address', 'someone@elsewhere.org');
    expect(field('Email Address')).toHaveAccessibleDescription(expect.stringContaining('Must be an @example.com email address'));
  });

  it('needs passwords of at least 6 characters that match', async () => {
    registrationApi();
    await openRegister();
    fill('Password', 'short');
    fill('Confirm Password', 'shor');
    await submit();
    await waitFor(() => expect(field('Password')).toHaveAccessibleDescription('Password must be at least 6 characters'));
    expect(field('Confirm Password')).toHaveAccessibleDescription('Password must be at least 6 characters');
    fill('Password', 'secret1');
    fill('Confirm Password', 'secret2');
    expect(field('Confirm Password')).toHaveAccessibleDescription("Passwords don't match");
  });

  it('blocks an address that already has an account', async () => {
    const api = registrationApi();
    await openRegister();
    await fillValidForm('taken@example.com');
    expect(await screen.findByText(ACCOUNT_MESSAGES.accountAlreadyExists)).toBeInTheDocument();
    await submit();
    const toast = await toasts().findByRole('alert');
    expect(within(toast).getByText('Registration failed')).toBeInTheDocument();
    expect(within(toast).getByText(ACCOUNT_MESSAGES.accountAlreadyExists)).toBeInTheDocument();
    expect(api.callsOf('register')).toHaveLength(0);
  });

  it('lists departments by name and suggests managers as you type', async () => {
    registrationApi();
    await openRegister();
    const departmentNames = within(field('Department'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(departmentNames).toEqual(['Select your department', 'Engineering', 'Sales']);
    fill('Manager', 'mar');
    const suggestions = screen.getByRole('listbox', { name: 'Suggestions' });
    expect(
      within(suggestions)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Maria Boss', 'Mark Chief']);
    fill('Manager', 'zzz');
    expect(screen.getByText('No managers found')).toBeInTheDocument();
  });

  it('registers with the picked manager and signs the new user in', async () => {
    const api = registrationApi();
    await openRegister();
    await fillValidForm();
    fill('Manager', 'maria');
    await userEvent.click(screen.getByRole('option', { name: 'Maria Boss' }));
    expect(field('Manager')).toHaveValue('Maria Boss');
    await submit();
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(api.callsOf('register')[0]?.body).toEqual({
      email: 'new.person@example.com',
      firstName: 'New',
      lastName: 'Person',
      managerId: 7,
      department: 'Engineering',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(localStorage.getItem('authToken')).toBe('new-token');
    expect(toasts().getByRole('status')).toHaveTextContent('Registration successful');
  });
});
