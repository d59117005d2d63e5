import { screen, waitFor, within } from '@testing-library/react';
import userEventLibrary from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../App';
import { installFakeApi } from '../testing/fakeApi';
import { fill, renderApp, toasts } from '../testing/renderWithShell';

const userEvent = userEventLibrary.setup({ delay: null });

const me = {
  id: 5,
  username: 'sam@example.com',
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Carter',
  role: 'employee',
  managerId: 9,
  managerName: null,
  department: 'Engineering',
  firstLoginRequired: false,
  lastLogin: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const colleagues = [
  me,
  { ...me, id: 9, username: 'grace@example.com', email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' },
  { ...me, id: 10, username: 'alan@example.com', email: 'alan@example.com', firstName: 'Alan', lastName: 'Turing' },
];

const KINDS = [
  ['behind-pace', 'Behind pace'],
  ['team', 'Your team'],
  ['year-end', 'Year end'],
  ['certificate-expiring', 'Certificate expiring'],
] as const;

function profileApi({ failUpdate = false, teamOffForEveryone = false, failSwitch = false } = {}) {
  let reminders = KINDS.map(([kind, label]) => ({
    kind,
    label,
    description: `When ${label} goes`,
    enabled: true,
    organisationEnabled: !(teamOffForEveryone && kind === 'team'),
  }));
  return installFakeApi({
    getOwnNotifications: () => ({ body: reminders }),
    switchOwnNotification: ({ path, body }) => {
      if (failSwitch) return { status: 500, body: { error: 'Internal server error' } };
      const kind = path.split('/').at(-1);
      reminders = reminders.map((reminder) =>
        reminder.kind === kind ? { ...reminder, enabled: (body as { enabled: boolean }).enabled } : reminder,
      );
      return { body: reminders.find((reminder) => reminder.kind === kind) };
    },
    getCurrentUser: () => ({ body: { user: me, requiresPasswordChange: false, hasDirectReports: false, passwordSignIn: true } }),
    getRemoteRegistry: () => ({ body: {} }),
    listUsers: () => ({ body: colleagues }),
    getUser: () => ({ body: colleagues[1] }),
    listDepartments: () => ({
      body: [
        { id: 1, name: 'Engineering', createdAt: '2026-01-01T00:00:00.000Z' },
        { id: 2, name: 'Research', createdAt: '2026-01-01T00:00:00.000Z' },
      ],
    }),
    updateUser: () =>
      failUpdate ? { status: 400, body: { error: 'Department is required' } } : { body: { ...me, department: 'Research' } },
  });
}

async function openProfile() {
  renderApp('/', <AppRoutes />);
  await userEvent.click(await screen.findByRole('button', { name: 'Sam Carter' }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Edit Profile' }));
  return screen.findByRole('dialog', { name: 'Update Profile' });
}

beforeEach(() => {
  // Remote tabs cannot load in happy-dom (no federation containers); their error panels log the failure.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('Update Profile dialog', () => {
  it('shows the user and fills the manager name from the manager id', async () => {
    profileApi();
    const dialog = await openProfile();
    expect(dialog).toHaveAccessibleDescription('Sam Carter (sam@example.com)');
    expect(await within(dialog).findByDisplayValue('Grace Hopper')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Department')).toHaveValue('Engineering');
  });

  it('suggests colleagues but not the user, with "No managers found" when nothing matches', async () => {
    profileApi();
    const dialog = await openProfile();
    await within(dialog).findByDisplayValue('Grace Hopper');
    fill('Manager Name', 'a');
    const suggestions = within(dialog).getByRole('listbox', { name: 'Suggestions' });
    expect(
      within(suggestions)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Grace Hoppergrace@example.com', 'Alan Turingalan@example.com']);
    fill('Manager Name', 'nobody at all');
    expect(within(dialog).getByText('No managers found')).toBeInTheDocument();
  });

  it('saves the exact-name match as the manager, else no manager id, and closes', async () => {
    const api = profileApi();
    const dialog = await openProfile();
    await within(dialog).findByDisplayValue('Grace Hopper');
    fill('Manager Name', 'alan');
    await userEvent.click(within(dialog).getByRole('option', { name: /Alan Turing/ }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Department'), 'Research');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsOf('updateUser')[0]?.body).toEqual({
      username: 'sam@example.com',
      firstName: 'Sam',
      lastName: 'Carter',
      role: 'employee',
      managerId: 10,
      department: 'Research',
      managerName: 'Alan Turing',
    });
    expect(toasts().getByRole('status')).toHaveTextContent('Profile updated');
    expect(api.callsOf('getCurrentUser').length).toBeGreaterThan(2);

    await userEvent.click(screen.getByRole('button', { name: 'Sam Carter' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit Profile' }));
    const again = await screen.findByRole('dialog', { name: 'Update Profile' });
    fill('Manager Name', 'alan turing');
    await userEvent.click(within(again).getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(api.callsOf('updateUser')).toHaveLength(2));
    expect(api.callsOf('updateUser')[1]?.body).toMatchObject({ managerId: null, managerName: 'alan turing' });
  });

  it('stays open and says why when the update fails', async () => {
    profileApi({ failUpdate: true });
    const dialog = await openProfile();
    await within(dialog).findByDisplayValue('Grace Hopper');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Profile' }));
    const toast = await toasts().findByRole('alert');
    expect(toast).toHaveTextContent('Update failedDepartment is required');
    expect(screen.getByRole('dialog', { name: 'Update Profile' })).toBeInTheDocument();
  });

  it('switches a reminder by e-mail off at once, saying which the administrator turned off for everyone', async () => {
    const api = profileApi({ teamOffForEveryone: true });
    const dialog = await openProfile();
    const group = within(await within(dialog).findByRole('group', { name: 'Reminders by e-mail' }));
    const behindPace = await group.findByRole('checkbox', { name: 'Behind pace' });
    expect(group.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([
      'Behind pace',
      'Your team',
      'Year end',
      'Certificate expiring',
    ]);
    expect(group.getByRole('checkbox', { name: 'Your team' })).toHaveAccessibleDescription(
      'When Your team goes Turned off for everyone by an administrator.',
    );
    await userEvent.click(behindPace);
    await waitFor(() => expect(group.getByRole('checkbox', { name: 'Behind pace' })).not.toBeChecked());
    expect(api.callsOf('switchOwnNotification').map(({ method, path, body }) => [method, path, body])).toEqual([
      ['PUT', '/api/account/notifications/behind-pace', { enabled: false }],
    ]);
    expect(api.callsOf('updateUser')).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Update Profile' })).toBeInTheDocument();
  });

  it('puts a reminder back as it was when the server refuses the switch, and says so', async () => {
    profileApi({ failSwitch: true });
    const dialog = await openProfile();
    const reminder = await within(dialog).findByRole('checkbox', { name: 'Year end' });
    await userEvent.click(reminder);
    expect(await toasts().findByRole('alert')).toHaveTextContent('Failed to change the reminder');
    expect(within(dialog).getByRole('checkbox', { name: 'Year end' })).toBeChecked();
  });
});
