import { screen, waitFor, within } from '@testing-library/react';
import userEventLibrary from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SSO_START_PATH, ssoFailureMessage } from '@tht/contracts';
import { AppRoutes } from '../App';
import { installFakeApi, signedOut } from '../testing/fakeApi';
import { fill, renderApp, toasts } from '../testing/renderWithShell';

const userEvent = userEventLibrary.setup({ delay: null });

const session = {
  user: {
    id: 9,
    username: 'new.starter@example.com',
    email: 'new.starter@example.com',
    firstName: 'New',
    lastName: 'Starter',
    role: 'employee',
    managerId: null,
    managerName: null,
    department: 'Engineering',
    firstLoginRequired: false,
    lastLogin: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  requiresPasswordChange: false,
  hasDirectReports: false,
  passwordSignIn: false,
};

const config = (passwordLogin: boolean) => ({
  body: { orgEmailDomain: 'example.com', passwordLogin, sso: { buttonLabel: 'Sign in with Acme' } },
});

describe('single sign-on on the auth page', () => {
  it('offers the organisation’s button above the password form', async () => {
    installFakeApi({ getCurrentUser: signedOut, getOrgConfig: () => config(true) });
    renderApp('/auth', <AppRoutes />);
    const button = await screen.findByRole('link', { name: 'Sign in with Acme' });
    expect(button).toHaveAttribute('href', SSO_START_PATH);
    const form = screen.getByRole('form', { name: 'Sign in' });
    expect(button.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Register' })).toBeInTheDocument();
  });

  it('keeps only the button, and the administrator’s password form, when password sign-in is off', async () => {
    installFakeApi({ getCurrentUser: signedOut, getOrgConfig: () => config(false) });
    renderApp('/auth?tab=register', <AppRoutes />);
    expect(await screen.findByRole('link', { name: 'Sign in with Acme' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Register' })).not.toBeInTheDocument();
    expect(screen.getByText('Administrator sign-in with a password')).toBeInTheDocument();
  });

  it('toasts what went wrong when the sign-in came back failed, and cleans the address', async () => {
    installFakeApi({ getCurrentUser: signedOut, getOrgConfig: () => config(true) });
    const currentPath = renderApp('/auth?sso_error=other-domain', <AppRoutes />);
    const toast = await toasts().findByRole('alert');
    expect(within(toast).getByText('Login failed')).toBeInTheDocument();
    expect(toast).toHaveTextContent(ssoFailureMessage('other-domain', 'example.com'));
    await waitFor(() => expect(currentPath()).toBe('/auth'));
  });

  it('takes the session over once signed in, stores the token and goes to the dashboard', async () => {
    localStorage.removeItem('authToken');
    const api = installFakeApi({
      getCurrentUser: () => ({ body: session }),
      getRemoteRegistry: () => ({ body: {} }),
      completeSingleSignOn: () => ({ body: { authToken: 'token-sso', ...session } }),
    });
    const currentPath = renderApp('/auth?sso=signed-in', <AppRoutes />);
    expect(await toasts().findByText('Login successful')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(localStorage.getItem('authToken')).toBe('token-sso');
    expect(api.callsOf('completeSingleSignOn')).toHaveLength(1);
  });

  it('asks a first-time person for their department, then creates the account and signs in', async () => {
    const api = installFakeApi({
      getCurrentUser: signedOut,
      getRemoteRegistry: () => ({ body: {} }),
      getFirstSingleSignOn: () => ({
        body: { email: 'new.starter@example.com', firstName: 'New', lastName: 'Starter' },
      }),
      listDepartments: () => ({ body: [{ id: 1, name: 'Engineering', createdAt: '2025-01-01T00:00:00.000Z' }] }),
      listManagers: () => ({ body: [] }),
      completeFirstSingleSignOn: () => ({ status: 201, body: { authToken: 'token-new', ...session } }),
    });
    const currentPath = renderApp('/auth?sso=first-sign-in', <AppRoutes />);
    expect(await screen.findByText(/You signed in as new.starter@example.com/)).toBeInTheDocument();
    expect(screen.getByLabelText(/First Name/)).toHaveValue('New');
    await screen.findByRole('option', { name: 'Engineering' });
    fill('Department', 'Engineering');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(api.callsOf('completeFirstSingleSignOn')[0]?.body).toMatchObject({
      firstName: 'New',
      lastName: 'Starter',
      department: 'Engineering',
    });
  });
});
