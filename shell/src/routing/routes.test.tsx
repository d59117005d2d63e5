import { screen, waitFor, within } from '@testing-library/react';
import userEventLibrary from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { departmentsRoutes, type Role } from '@tht/contracts';
import { callRoute } from '@tht/ui';
import { aSession } from '@tht/ui/testing';
import { AppRoutes } from '../App';
import { installFakeApi, signedOut } from '../testing/fakeApi';
import { renderApp, toasts } from '../testing/renderWithShell';

const userEvent = userEventLibrary.setup({ delay: null });

function sessionOf(role: Role, { hasDirectReports = false, requiresPasswordChange = false, passwordSignIn = true } = {}) {
  const sam = { id: 5, username: 'sam@example.com', email: 'sam@example.com', firstName: 'Sam', lastName: 'Carter' };
  return aSession(
    { ...sam, role, managerId: null, managerName: null },
    { requiresPasswordChange, hasDirectReports, passwordSignIn },
  );
}

function apiFor(session: ReturnType<typeof sessionOf> | null) {
  return installFakeApi({
    getCurrentUser: () => (session ? { body: session } : signedOut()),
    getRemoteRegistry: () => ({ body: {} }),
    logOut: () => ({ body: { message: 'You have been successfully logged out' } }),
    logOutEverywhere: () => ({ body: { message: 'You have been signed out on every device' } }),
  });
}

// Remote tabs cannot load in happy-dom (no federation containers); their error panels log the failure.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('routes', () => {
  it('sends a signed-out visitor to /auth', async () => {
    apiFor(null);
    const currentPath = renderApp('/', <AppRoutes />);
    expect(await screen.findByRole('tab', { name: 'Login', selected: true })).toBeInTheDocument();
    expect(currentPath()).toBe('/auth');
  });

  it('sends a user who must change the password to the Set Your Password screen', async () => {
    apiFor(sessionOf('employee', { requiresPasswordChange: true }));
    const currentPath = renderApp('/', <AppRoutes />);
    expect(await screen.findByRole('heading', { name: 'Set Your Password' })).toBeInTheDocument();
    expect(currentPath()).toBe('/auth');
  });

  it('sends a signed-in user from /auth to /, but not from the reset tab', async () => {
    apiFor(sessionOf('employee'));
    const currentPath = renderApp('/auth', <AppRoutes />);
    expect(await screen.findByRole('tab', { name: 'My Dashboard', selected: true })).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('keeps a signed-in user on /auth?tab=reset', async () => {
    apiFor(sessionOf('employee'));
    const currentPath = renderApp('/auth?tab=reset', <AppRoutes />);
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    expect(currentPath()).toBe('/auth?tab=reset');
  });

  it('sends a non-admin on the Admin tab back to the dashboard at /', async () => {
    apiFor(sessionOf('hr'));
    const currentPath = renderApp('/admin', <AppRoutes />);
    expect(await screen.findByRole('tab', { name: 'My Dashboard', selected: true })).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    expect(tabNames()).toEqual(['My Dashboard', 'Add Entry', 'HR View']);
  });

  it('opens the Admin tab at /admin for an admin, and / for the other tabs', async () => {
    apiFor(sessionOf('admin'));
    const currentPath = renderApp('/admin', <AppRoutes />);
    expect(await screen.findByRole('tab', { name: 'Admin', selected: true })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'SMT View' }));
    expect(screen.getByRole('tab', { name: 'SMT View', selected: true })).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    await userEvent.click(screen.getByRole('tab', { name: 'Admin' }));
    expect(currentPath()).toBe('/admin');
  });

  it('shows Manager View to an employee with direct reports', async () => {
    apiFor(sessionOf('employee', { hasDirectReports: true }));
    renderApp('/', <AppRoutes />);
    await screen.findByRole('tab', { name: 'My Dashboard', selected: true });
    expect(tabNames()).toEqual(['My Dashboard', 'Add Entry', 'Manager View']);
  });

  it("opens the tab a reminder mail's link names, one the user may see", async () => {
    apiFor(sessionOf('employee'));
    renderApp('/?tab=add-entry', <AppRoutes />);
    expect(await screen.findByRole('tab', { name: 'Add Entry', selected: true })).toBeInTheDocument();
  });

  it('opens the dashboard for a linked tab the user may not see', async () => {
    apiFor(sessionOf('employee'));
    renderApp('/?tab=manager', <AppRoutes />);
    expect(await screen.findByRole('tab', { name: 'My Dashboard', selected: true })).toBeInTheDocument();
  });

  it("answers any other path with 'Page Not Found'", async () => {
    apiFor(sessionOf('employee'));
    renderApp('/no/such/page', <AppRoutes />);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});

describe('account menu', () => {
  it('shows who is signed in and offers the account actions', async () => {
    apiFor(sessionOf('manager'));
    const currentPath = renderApp('/', <AppRoutes />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sam Carter' }));
    const menu = screen.getByRole('menu', { name: 'My Account' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Edit Profile',
      'Reset Password',
      'Download my data (JSON)',
      'Download my data (CSV)',
      'Sign out',
      'Sign out everywhere',
    ]);
    expect(screen.getByText('sam@example.com')).toBeInTheDocument();
    expect(screen.getByText('Role: manager')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Edit Profile' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Reset Password' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/auth?tab=reset'));
  });

  it('offers no Reset Password to an account that signs in through the organisation only', async () => {
    apiFor(sessionOf('employee', { passwordSignIn: false }));
    renderApp('/', <AppRoutes />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sam Carter' }));
    const menu = screen.getByRole('menu', { name: 'My Account' });
    expect(within(menu).queryByRole('menuitem', { name: 'Reset Password' })).not.toBeInTheDocument();
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(5);
  });

  it("downloads the person's own data as JSON or CSV, in a new window the browser saves from", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    apiFor(sessionOf('employee'));
    renderApp('/', <AppRoutes />);
    for (const [label, format] of [
      ['Download my data (JSON)', 'json'],
      ['Download my data (CSV)', 'csv'],
    ]) {
      await userEvent.click(await screen.findByRole('button', { name: 'Sam Carter' }));
      await userEvent.click(screen.getByRole('menuitem', { name: label }));
      expect(open).toHaveBeenLastCalledWith(`/api/users/5/personal-data?format=${format}`, '_blank', 'noopener');
    }
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('signs out: drops the token, goes to /auth and says so', async () => {
    localStorage.setItem('authToken', 'token-1');
    const api = apiFor(sessionOf('employee'));
    const currentPath = renderApp('/', <AppRoutes />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sam Carter' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('tab', { name: 'Login', selected: true })).toBeInTheDocument();
    expect(currentPath()).toBe('/auth');
    expect(api.callsOf('logOut')).toHaveLength(1);
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(toasts().getByRole('status')).toHaveTextContent('Logged outYou have been successfully logged out');
  });

  it('signs out everywhere: ends every sign-in, drops the token, goes to /auth and says so', async () => {
    localStorage.setItem('authToken', 'token-1');
    const api = apiFor(sessionOf('employee'));
    const currentPath = renderApp('/', <AppRoutes />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sam Carter' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('tab', { name: 'Login', selected: true })).toBeInTheDocument();
    expect(currentPath()).toBe('/auth');
    expect(api.callsOf('logOutEverywhere')).toHaveLength(1);
    expect(api.callsOf('logOut')).toHaveLength(0);
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(toasts().getByRole('status')).toHaveTextContent('Signed out everywhereYou have been signed out on every device');
  });

  it('goes to /auth as soon as a request finds the session ended on the server (a deactivated account)', async () => {
    localStorage.setItem('authToken', 'token-1');
    let ended = false;
    installFakeApi({
      getCurrentUser: () => (ended ? signedOut() : { body: sessionOf('employee') }),
      getRemoteRegistry: () => ({ body: {} }),
      listDepartments: () => (ended ? signedOut() : { body: [] }),
    });
    const currentPath = renderApp('/', <AppRoutes />);
    expect(await screen.findByRole('tab', { name: 'My Dashboard', selected: true })).toBeInTheDocument();

    ended = true;
    // A remote's next read, as any tab makes it.
    await expect(callRoute(departmentsRoutes.listDepartments, {})).rejects.toThrow('401');
    expect(await screen.findByRole('tab', { name: 'Login', selected: true })).toBeInTheDocument();
    expect(currentPath()).toBe('/auth');
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});
