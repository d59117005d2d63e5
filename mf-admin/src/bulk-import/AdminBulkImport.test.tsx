import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderWithUi, reply } from '@tht/ui/testing';
import { aUser } from '../testing/fixtures';
import { toasts } from '../testing/toasts';
import AdminBulkImport from './AdminBulkImport';

const ada = aUser();
const admin = aUser({ id: 1, firstName: 'System', lastName: 'Administrator', email: 'admin@example.com', role: 'admin' });
const grace = aUser({ id: 3, firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', role: 'manager' });

function bulkApi(routes: Record<string, unknown> = {}) {
  return fakeApi({ listUsers: [admin, grace, ada], ...routes });
}

function paste(target: Element, text: string) {
  fireEvent.paste(target, { clipboardData: { getData: () => text } });
}

const ROWS = [
  ['Excel Basics', '3/2/2026', '2', '', '', 'Webinar', 'Training Co', '5', '1', 'Formulas'],
  ['Negotiation', 'not a date', '3', '', '', 'workshop', '', '', '0', ''],
]
  .map((cells) => cells.join('\t'))
  .join('\n');

async function pickAda(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByLabelText('Employee'), 'Ada Lovelace (ada.lovelace@example.com)');
}

describe('Admin bulk import', () => {
  it("offers every employee but the admins, and says 'No employee selected' until one is picked", async () => {
    bulkApi();
    const user = userEvent.setup();
    renderWithUi(<AdminBulkImport />);
    const picker = await screen.findByLabelText('Employee');
    const names = within(picker)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toEqual(['Select an employee', 'Grace Hopper (grace@example.com)', 'Ada Lovelace (ada.lovelace@example.com)']);
    expect(screen.getByText('No employee selected')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await pickAda(user);
    expect(screen.getByRole('heading', { name: 'Entries for Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByText('No employee selected')).not.toBeInTheDocument();
  });

  it('previews the rows under the admin rules with an error badge per row, then sends the good ones for the employee', async () => {
    const api = bulkApi({
      logAdminBulkEntries: { created: 0, failed: 0, duplicates: 1, duplicateIndexes: [0], errors: [], createdIds: [] },
    });
    const user = userEvent.setup();
    renderWithUi(<AdminBulkImport />);
    await pickAda(user);
    paste(screen.getByLabelText('Training Name, row 1'), ROWS);
    expect(screen.getByLabelText('Training Type, row 1')).toHaveValue('webinar');
    expect(screen.getByLabelText('Be Innovative, row 1')).toHaveValue('1');

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview Entries' });
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Webinar');
    expect(rows[0]).toHaveTextContent('Ready');
    expect(rows[1]).toHaveTextContent('1 error');
    expect(within(dialog).getByRole('list', { name: 'Errors in row 2' })).toHaveTextContent('Missing or invalid date format');
    await user.click(within(dialog).getByRole('button', { name: 'Create 1 Entry' }));

    await waitFor(() => expect(api.callsOf('logAdminBulkEntries')).toHaveLength(1));
    expect(api.callsOf('logAdminBulkEntries')[0]?.body).toEqual({
      targetUserId: 7,
      validateData: true,
      entries: [
        {
          firstName: 'Ada',
          lastName: 'Lovelace',
          trainingName: 'Excel Basics',
          date: '2026-03-02',
          hours: 2,
          managerName: 'Grace Hopper',
          department: 'Engineering',
          trainingType: 'webinar',
          courseGivenBy: 'Training Co',
          rating: 5,
          beInnovative: true,
          notes: 'Formulas',
          validUntil: null,
        },
      ],
    });
    expect(await toasts().findByText('Entries created')).toBeInTheDocument();
    expect(toasts().getByText('0 entries were created. 1 duplicate entry was skipped.')).toBeInTheDocument();
    expect(screen.getByText('No employee selected')).toBeInTheDocument();
  });

  it("says 'Failed to load employees. Please try refreshing the page.' when the people cannot be read", async () => {
    fakeApi({ listUsers: reply(500, { error: 'Internal server error' }) });
    renderWithUi(<AdminBulkImport />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load employees. Please try refreshing the page.');
  });
});
