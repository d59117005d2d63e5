import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EntryView } from '@tht/contracts';
import { reply } from '../testing/fakeApi';
import { employeeApi } from '../testing/employeeApi';
import { anEntry, employee } from '../testing/fixtures';
import { renderWithUi } from '../testing/renderWithUi';
import { EntriesModule } from './EntriesModule';

async function openEditDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'View Risk Management Basics' }));
  await user.click(screen.getByRole('button', { name: 'Edit Entry' }));
  return screen.findByRole('dialog', { name: 'Edit Training Entry' });
}

describe('the edit dialog', () => {
  it('requires names, manager name, training name, date and hours, and sends nothing until they are filled', async () => {
    const api = employeeApi({ entries: [anEntry()] });
    const user = userEvent.setup();
    renderWithUi(<EntriesModule user={employee} year={2025} />);
    const dialog = await openEditDialog(user);
    const field = (name: string) => within(dialog).getByRole('textbox', { name });

    for (const name of ['First Name', 'Last Name', 'Training Name']) await user.clear(field(name));
    // The manager field suggests managers (a datalist), so it is a combobox.
    await user.clear(within(dialog).getByRole('combobox', { name: 'Manager Name' }));
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '' } });
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Hours' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    for (const message of [
      'First name is required',
      'Last name is required',
      'Manager name is required',
      'Training name is required',
      'Date is required',
      'Hours is required',
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    expect(field('Training Name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsOf('editEntry')).toHaveLength(0);
  });

  it('leaves department, type, course given by, notes and rating optional but checks hours steps', async () => {
    const api = employeeApi({ entries: [anEntry()] });
    const user = userEvent.setup();
    renderWithUi(<EntriesModule user={employee} year={2025} />);
    const dialog = await openEditDialog(user);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Department' }), '');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Course Given By' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Notes' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Rating (optional)' }), '');
    const hours = within(dialog).getByRole('spinbutton', { name: 'Hours' });
    expect(hours).toHaveAttribute('step', '0.25');
    expect(hours).toHaveAttribute('min', '0');
    await user.clear(hours);
    await user.type(hours, '1.3');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByText('Hours must be in steps of 0.25')).toBeInTheDocument();
    expect(api.callsOf('editEntry')).toHaveLength(0);

    await user.clear(hours);
    await user.type(hours, '1.75');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.callsOf('editEntry')).toHaveLength(1));
    expect(api.callsOf('editEntry')[0]?.body).toMatchObject({
      department: '',
      courseGivenBy: '',
      notes: '',
      hours: 1.75,
    });
  });

  it('sends the edited fields with the entry’s userId and createdAt, then says so and shows the refreshed entries', async () => {
    const entry = anEntry();
    let saved: EntryView = entry;
    const api = employeeApi({
      routes: {
        listEntries: () => [saved],
        editEntry: ({ body }: { body: unknown }) => {
          saved = { ...entry, ...(body as Partial<EntryView>), hours: String((body as { hours: number }).hours) };
          return saved;
        },
      },
    });
    const user = userEvent.setup();
    renderWithUi(<EntriesModule user={employee} year={2025} />);
    const dialog = await openEditDialog(user);
    const trainingName = within(dialog).getByRole('textbox', { name: 'Training Name' });
    await user.clear(trainingName);
    await user.type(trainingName, 'Advanced Risk Management');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Training Type' }), 'external');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Be Innovative' }));
    const validUntil = within(dialog).getByLabelText('Valid until (optional)');
    fireEvent.change(validUntil, { target: { value: '2025-03-14' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByText('Valid until must be after the training date')).toBeInTheDocument();
    expect(validUntil).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsOf('editEntry')).toHaveLength(0);
    fireEvent.change(validUntil, { target: { value: '2028-03-13' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Entry updated');
    expect(status).toHaveTextContent('Development entry has been updated successfully');
    expect(api.callsOf('editEntry')[0]?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      managerName: 'Grace Hopper',
      trainingName: 'Advanced Risk Management',
      department: 'Engineering',
      date: '2025-03-14',
      hours: 2.5,
      trainingType: 'external',
      courseGivenBy: 'Risk Academy',
      notes: 'Covered risk registers.',
      rating: 4,
      beInnovative: true,
      customFields: {},
      validUntil: '2028-03-13',
      userId: 7,
      createdAt: '2025-03-14T10:00:00.000Z',
    });
    expect(screen.queryByRole('dialog', { name: 'Edit Training Entry' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'View Advanced Risk Management' })).toBeInTheDocument();
    expect(api.callsOf('listEntries').length).toBeGreaterThanOrEqual(2);
  });

  it('shows Update failed with the server’s message and stays open', async () => {
    employeeApi({
      entries: [anEntry()],
      routes: { editEntry: reply(403, { error: 'You can only change your own entries' }) },
    });
    const user = userEvent.setup();
    renderWithUi(<EntriesModule user={employee} year={2025} />);
    const dialog = await openEditDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Update failed');
    expect(alert).toHaveTextContent('You can only change your own entries');
    expect(screen.getByRole('dialog', { name: 'Edit Training Entry' })).toBeInTheDocument();
  });
});

describe('deleting an entry', () => {
  it('asks for confirmation, deletes, and says so', async () => {
    let entries = [anEntry()];
    const api = employeeApi({
      routes: {
        listEntries: () => entries,
        deleteEntry: () => {
          entries = [];
          return { message: 'Entry deleted' };
        },
      },
    });
    const user = userEvent.setup();
    renderWithUi(<EntriesModule user={employee} year={2025} />);
    await user.click(await screen.findByRole('button', { name: 'View Risk Management Basics' }));
    await user.click(screen.getByRole('button', { name: 'Delete Entry' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Entry' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this entry? This action cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Entry deleted');
    expect(status).toHaveTextContent('Development entry has been deleted successfully');
    expect(api.callsOf('deleteEntry')).toHaveLength(1);
    expect(await screen.findByText('No entries match your current filters')).toBeInTheDocument();
  });

  it('changes nothing when cancelled, and reports Delete failed', async () => {
    const api = employeeApi({
      entries: [anEntry()],
      routes: { deleteEntry: reply(404, { error: 'Entry not found' }) },
    });
    const user = userEvent.setup();
    renderWithUi(<EntriesModule user={employee} year={2025} />);
    await user.click(await screen.findByRole('button', { name: 'Delete Risk Management Basics' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(api.callsOf('deleteEntry')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Risk Management Basics' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Delete failed');
    expect(alert).toHaveTextContent('Entry not found');
  });
});
