import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MESSAGES as R, type AdminUserListItem, type AdminUsersPage, type User } from '@tht/contracts';
import { fakeApi, renderWithUi, reply, type ApiCall } from '@tht/ui/testing';
import { aUser, departments } from '../testing/fixtures';
import { toasts } from '../testing/toasts';
import UserManagement from './UserManagement';

const admin = aUser({
  id: 1,
  firstName: 'System',
  lastName: 'Administrator',
  email: 'admin@example.com',
  username: 'admin@example.com',
  role: 'admin',
  managerId: null,
  managerName: null,
  department: '',
});
const grace = aUser({
  id: 3,
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  username: 'grace@example.com',
  role: 'manager',
  managerId: 1,
  managerName: 'System Administrator',
});
const ada = aUser();
const summary = ({ id, username, email, firstName, lastName, role, managerId, managerName, department }: User) => ({
  id,
  username,
  email,
  firstName,
  lastName,
  role,
  managerId,
  managerName,
  department,
});

const listed = (user: User, reports: User[] = []): AdminUserListItem => ({ ...user, directReports: reports.map(summary) });

function aPage(users: AdminUserListItem[], overrides: Partial<AdminUsersPage> = {}): AdminUsersPage {
  return { users, total: users.length, page: 1, pageSize: 50, totalPages: 1, ...overrides };
}

function usersApi(routes: Record<string, unknown> = {}) {
  return fakeApi({
    getCurrentUser: { user: admin, requiresPasswordChange: false, hasDirectReports: true, passwordSignIn: true },
    getOrgConfig: { orgEmailDomain: 'example.com', passwordLogin: true, sso: null },
    getAdminStats: { totalUsers: 3, totalEntries: 1234, totalHours: 5678.5, totalDepartments: 2 },
    listAdminUsers: aPage([listed(admin, [grace]), listed(grace, [ada]), listed(ada)]),
    listUsers: [admin, grace, ada].map(summary),
    listDepartments: departments,
    ...routes,
  });
}

const usersTable = () => screen.findByRole('table', { name: 'Users' });
const row = (name: string) => screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;
const listQueries = (api: ReturnType<typeof fakeApi>) =>
  api.callsOf('listAdminUsers').map((call: ApiCall) => Object.fromEntries(call.query));

describe('User Management', () => {
  it('shows the system overview cards', async () => {
    usersApi();
    renderWithUi(<UserManagement />);
    const totalEntries = await screen.findByRole('listitem', { name: 'Total Entries' });
    expect(totalEntries).toHaveTextContent((1234).toLocaleString());
    expect(screen.getByRole('listitem', { name: 'Total Users' })).toHaveTextContent('3');
    expect(screen.getByRole('listitem', { name: 'Total Hours' })).toHaveTextContent((5678.5).toLocaleString());
    expect(screen.getByRole('listitem', { name: 'Departments' })).toHaveTextContent('2');
  });

  it('lists the page of users and expands a user’s direct reports', async () => {
    usersApi();
    const user = userEvent.setup();
    renderWithUi(<UserManagement />);
    await usersTable();
    expect(row('Grace Hopper')).toHaveTextContent('grace@example.com');
    expect(row('Grace Hopper')).toHaveTextContent('Manager');
    expect(within(row('Ada Lovelace')).queryByRole('button', { name: /direct reports/ })).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Show direct reports of Grace Hopper' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide direct reports of Grace Hopper' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('list', { name: 'Direct reports of Grace Hopper' })).toHaveTextContent('Ada Lovelace');
    expect(screen.getByText('Showing 1-3 of 3 users')).toBeInTheDocument();
  });

  it('asks the server for the search, the role and the page, back to page 1 when the filter changes', async () => {
    const api = usersApi({
      listAdminUsers: ({ query }: ApiCall) => aPage([listed(ada)], { page: Number(query.get('page')), total: 120, totalPages: 3 }),
    });
    const user = userEvent.setup();
    renderWithUi(<UserManagement />);
    await usersTable();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    expect(screen.getByText('Showing 51-51 of 120 users')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search users'), 'love');
    await user.selectOptions(screen.getByLabelText('Role'), 'Employee');
    await waitFor(() => expect(listQueries(api).at(-1)).toEqual({ page: '1', search: 'love', role: 'employee' }));
    expect(listQueries(api)).toContainEqual({ page: '2', search: '', role: '' });
    expect(listQueries(api).filter((query) => query.search === 'l' || query.search === 'lo')).toHaveLength(0);
  });

  it("says 'No users found' when nobody matches", async () => {
    usersApi({ listAdminUsers: aPage([]) });
    renderWithUi(<UserManagement />);
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it("shows 'Admin access required' when the server answers 403", async () => {
    usersApi({ listAdminUsers: reply(403, { error: 'Admin access required' }) });
    renderWithUi(<UserManagement />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Admin access required');
    expect(alert).toHaveTextContent('You need admin access to manage users');
  });

  it('adds a user with the admin form’s rules', async () => {
    const api = usersApi({ createUser: aUser({ id: 9 }) });
    const user = userEvent.setup();
    renderWithUi(<UserManagement />);
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    const email = await within(dialog).findByLabelText('Email');
    await user.type(email, 'alan@elsewhere.org');
    await user.type(within(dialog).getByLabelText('Password'), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(within(dialog).getByText('Must be an @example.com email address')).toBeInTheDocument();
    expect(within(dialog).getByText('Manager is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Department is required')).toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'Alan.Turing@example.com');
    await user.type(within(dialog).getByLabelText('First Name'), 'Alan');
    await user.type(within(dialog).getByLabelText('Last Name'), 'Turing');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'HR');
    await user.selectOptions(within(dialog).getByLabelText('Manager'), 'Grace Hopper (grace@example.com)');
    await user.selectOptions(within(dialog).getByLabelText('Department'), 'finance');
    await user.type(within(dialog).getByLabelText('Password'), '6');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsOf('createUser')[0]?.body).toEqual({
      email: 'alan.turing@example.com',
      firstName: 'Alan',
      lastName: 'Turing',
      role: 'hr',
      managerId: 3,
      department: 'finance',
      password: '123456',
    });
    expect(toasts().getByText('User created')).toBeInTheDocument();
  });

  it('edits a user, sending the manager’s name with the id', async () => {
    const api = usersApi({ updateUser: ada });
    const user = userEvent.setup();
    renderWithUi(<UserManagement />);
    await usersTable();
    await user.click(screen.getByRole('button', { name: 'Edit Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(await within(dialog).findByLabelText('Email')).toHaveValue('ada.lovelace@example.com');
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Manager'), 'System Administrator (admin@example.com)');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsOf('updateUser')[0]?.path).toBe('/api/users/7');
    expect(api.callsOf('updateUser')[0]?.body).toEqual({
      username: 'ada.lovelace@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'employee',
      managerId: 1,
      managerName: 'System Administrator',
      department: 'Engineering',
    });
  });

  it("shows the user's history in the Edit User dialog on request", async () => {
    const api = usersApi({
      getRecordHistory: {
        kind: 'users',
        id: '7',
        items: [
          {
            position: '2',
            at: '2026-03-12T14:02:00.000Z',
            actor: { id: 1, name: 'System Administrator' },
            event: 'UserUpdated',
            changes: [{ field: 'role', before: 'employee', after: 'manager' }],
          },
        ],
      },
    });
    const user = userEvent.setup();
    renderWithUi(<UserManagement />);
    await usersTable();
    await user.click(screen.getByRole('button', { name: 'Edit Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(api.callsOf('getRecordHistory')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Show History' }));
    const timeline = await within(dialog).findByRole('list', { name: 'User history' });
    expect(within(timeline).getByRole('listitem')).toHaveTextContent(
      /^\d{1,2} Mar 2026 \d\d:\d\d, System Administrator changed role employee -> manager$/,
    );
  });

  it('lets the admin edit their own record without a manager, but not their role', async () => {
    const api = usersApi({ updateUser: admin });
    const user = userEvent.setup();
    renderWithUi(<UserManagement />);
    await usersTable();
    expect(within(row('System Administrator')).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit System Administrator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(await within(dialog).findByLabelText('Role')).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Department'), 'Engineering');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(api.callsOf('updateUser')[0]).toMatchObject({
        path: '/api/users/1',
        body: { managerId: null, managerName: null, department: 'Engineering' },
      }),
    );
  });

  it('sets a temporary password of 6 or more characters', async () => {
    const api = usersApi({ setTemporaryPassword: { message: 'Temporary password set.' } });
    const user = userEvent.setup();
    renderWithUi(<UserManagement />);
    await usersTable();
    await user.click(screen.getByRole('button', { name: 'Set Password for Ada Lovelace' }));
    const dialog = screen.getByRole('dialog', { name: 'Set Temporary Password' });
    await user.click(within(dialog).getByRole('button', { name: 'Set Password' }));
    expect(within(dialog).getByText('Temporary password is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Temporary Password'), 'abc');
    expect(within(dialog).getByText('Password must be at least 6 characters')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Temporary Password'), 'def');
    await user.click(within(dialog).getByRole('button', { name: 'Set Password' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsOf('setTemporaryPassword')[0]?.body).toEqual({ userId: 7, tempPassword: 'abcdef' });
    expect(toasts().getByText('Temporary password set')).toBeInTheDocument();
  });

  it("says 'Failed to set temporary password' with the server's reason", async () => {
    usersApi({ setTemporaryPassword: reply(404, { error: 'User not found' }) });
    const user = userEvent.setup();
    renderWithUi(<UserManagement />);
    await usersTable();
    await user.click(screen.getByRole('button', { name: 'Set Password for Ada Lovelace' }));
    await user.type(screen.getByLabelText('Temporary Password'), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    const alert = await toasts().findByRole('alert');
    expect(alert).toHaveTextContent('Failed to set temporary password');
    expect(alert).toHaveTextContent('User not found');
    expect(screen.getByRole('dialog', { name: 'Set Temporary Password' })).toBeInTheDocument();
  });

  it('creates a reset link for a non-admin account to hand over, ready to copy', async () => {
    const link = `https://training.example.org/auth?token=${'ab'.repeat(32)}`;
    const api = usersApi({
      requestPasswordReset: { message: R.linkIssued, resetToken: 'ab'.repeat(32), resetLink: link },
    });
    const user = userEvent.setup();
    renderWithUi(<UserManagement />);
    await usersTable();
    expect(within(row('System Administrator')).queryByRole('button', { name: /Reset link/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset Link for Ada Lovelace' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset Link' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Link' }));

    expect(await within(dialog).findByLabelText('Reset Link')).toHaveValue(link);
    expect(api.callsOf('requestPasswordReset')[0]?.body).toEqual({ username: ada.email });
    await user.click(within(dialog).getByRole('button', { name: 'Copy Link' }));
    // user-event stands in a clipboard for the browser's.
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says 'Failed to create reset link' with the server's reason", async () => {
    usersApi({ requestPasswordReset: reply(409, { error: R.tooManyUnexpiredLinks(3) }) });
    const user = userEvent.setup();
    renderWithUi(<UserManagement />);
    await usersTable();
    await user.click(screen.getByRole('button', { name: 'Reset Link for Grace Hopper' }));
    await user.click(screen.getByRole('button', { name: 'Create Link' }));
    const alert = await toasts().findByRole('alert');
    expect(alert).toHaveTextContent(R.failedToCreateResetLink);
    expect(alert).toHaveTextContent(R.tooManyUnexpiredLinks(3));
  });

  it("syncs roles and tells 'N promoted, M demoted'", async () => {
    const api = usersApi({ syncRoles: { promoted: 2, demoted: 1 } });
    const user = userEvent.setup();
    renderWithUi(<UserManagement />);
    await user.click(await screen.findByRole('button', { name: 'Sync Roles' }));
    expect(await toasts().findByText('2 promoted, 1 demoted')).toBeInTheDocument();
    expect(api.callsOf('syncRoles')).toHaveLength(1);
    await waitFor(() => expect(api.callsOf('listAdminUsers')).toHaveLength(2));
  });

  it("says 'Failed to sync roles' when the sync fails", async () => {
    usersApi({ syncRoles: reply(500, { error: 'Internal server error' }) });
    const user = userEvent.setup();
    renderWithUi(<UserManagement />);
    await user.click(await screen.findByRole('button', { name: 'Sync Roles' }));
    expect(await toasts().findByRole('alert')).toHaveTextContent('Failed to sync roles');
  });

  it('deletes a user after confirmation', async () => {
    const api = usersApi({ deleteUser: { message: 'User deleted' } });
    const user = userEvent.setup();
    renderWithUi(<UserManagement />);
    await usersTable();
    await user.click(screen.getByRole('button', { name: 'Delete Ada Lovelace' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete User' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete Ada Lovelace (ada.lovelace@example.com)?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await toasts().findByText('User deleted')).toBeInTheDocument();
    expect(api.callsOf('deleteUser').map((call) => call.path)).toEqual(['/api/users/7']);
  });

  it('lists active users by default, and deactivated ones or all with the status filter', async () => {
    const deactivatedAda = listed({ ...ada, deactivatedAt: '2026-03-01T10:00:00.000Z' });
    const api = usersApi({
      listAdminUsers: ({ query }: ApiCall) =>
        aPage(query.get('status') === 'deactivated' ? [deactivatedAda] : [listed(admin, [grace]), listed(grace)]),
    });
    const user = userEvent.setup();
    renderWithUi(<UserManagement />);
    await usersTable();
    expect(screen.getByLabelText('Status')).toHaveValue('active');
    expect(listQueries(api)).toEqual([{ page: '1', search: '', role: '' }]);

    await user.selectOptions(screen.getByLabelText('Status'), 'Deactivated');
    await waitFor(() => expect(row('Ada Lovelace')).toHaveTextContent('(Deactivated)'));
    expect(listQueries(api).at(-1)).toEqual({ page: '1', search: '', role: '', status: 'deactivated' });
    expect(within(row('Ada Lovelace')).queryByRole('button', { name: 'Deactivate Ada Lovelace' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'All');
    await waitFor(() => expect(listQueries(api).at(-1)).toEqual({ page: '1', search: '', role: '', status: 'all' }));
  });

  it('deactivates a user after a confirmation, and offers no Deactivate on the admin’s own row', async () => {
    const api = usersApi({ deactivateUser: reply(204, undefined) });
    const user = userEvent.setup();
    renderWithUi(<UserManagement />);
    await usersTable();
    expect(within(row('System Administrator')).queryByRole('button', { name: /^Deactivate/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deactivate Ada Lovelace' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Deactivate User' });
    expect(confirm).toHaveTextContent('Deactivate Ada Lovelace (ada.lovelace@example.com)? They are signed out at once');
    expect(api.callsOf('deactivateUser')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await toasts().findByText('User deactivated')).toBeInTheDocument();
    expect(api.callsOf('deactivateUser').map((call) => call.path)).toEqual(['/api/users/7/deactivate']);
  });

  it('reactivates a deactivated user at once', async () => {
    const deactivatedAda = listed({ ...ada, deactivatedAt: '2026-03-01T10:00:00.000Z' });
    const api = usersApi({ listAdminUsers: aPage([deactivatedAda]), reactivateUser: reply(204, undefined) });
    const user = userEvent.setup();
    renderWithUi(<UserManagement />);
    await usersTable();
    // A deactivated account gets no reset link.
    expect(within(row('Ada Lovelace')).queryByRole('button', { name: 'Reset Link for Ada Lovelace' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reactivate Ada Lovelace' }));
    expect(await toasts().findByText('User reactivated')).toBeInTheDocument();
    expect(api.callsOf('reactivateUser').map((call) => call.path)).toEqual(['/api/users/7/reactivate']);
  });

  it('erases a deactivated user once their full name is typed, and offers nothing more once erased', async () => {
    const deactivatedAda = listed({ ...ada, deactivatedAt: '2026-03-01T10:00:00.000Z' });
    const api = usersApi({ listAdminUsers: aPage([deactivatedAda]), eraseUser: reply(204, undefined) });
    const user = userEvent.setup();
    renderWithUi(<UserManagement />);
    await usersTable();
    await user.click(screen.getByRole('button', { name: 'Erase Ada Lovelace' }));
    const dialog = screen.getByRole('dialog', { name: 'Erase User' });
    const erase = within(dialog).getByRole('button', { name: 'Erase' });
    expect(erase).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Type "Ada Lovelace" to confirm/), 'ada lovelace');
    await user.click(erase);
    expect(await toasts().findByText('Personal data erased')).toBeInTheDocument();
    expect(api.callsOf('eraseUser').map((call) => [call.path, call.body])).toEqual([
      ['/api/users/7/erase', { confirmName: 'ada lovelace' }],
    ]);
  });

  it('shows an erased user as erased, without actions on their status', async () => {
    const erased = listed({ ...ada, firstName: 'Erased', lastName: 'person #7', deactivatedAt: '2026-03-01T10:00:00.000Z' });
    usersApi({ listAdminUsers: aPage([erased]) });
    renderWithUi(<UserManagement />);
    await usersTable();
    expect(row('Erased person #7')).toHaveTextContent('(Erased)');
    expect(within(row('Erased person #7')).queryByRole('button', { name: /^(Erase|Reactivate) / })).not.toBeInTheDocument();
  });
});
