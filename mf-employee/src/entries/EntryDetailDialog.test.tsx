import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aSource } from '@tht/ui/testing';
import { employeeApi } from '../testing/employeeApi';
import { aFormField, anEntry } from '../testing/fixtures';
import { renderWithUi } from '../testing/renderWithUi';
import { EntryDetailDialog } from './EntryDetailDialog';

function detail(term: string): string {
  const dialog = screen.getByRole('dialog', { name: 'Training Entry Details' });
  const dt = within(dialog).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? '';
}

describe('EntryDetailDialog', () => {
  it('shows every field, the Completed status and the Be Innovative badge', async () => {
    const venue = aFormField({
      id: 4,
      name: 'delivery',
      label: 'Delivery Mode',
      type: 'select',
      options: [{ id: 9, fieldId: 4, value: 'in_person', label: 'In person', order: 1, createdAt: '' }],
    });
    employeeApi({ formFields: [venue] });
    const entry = anEntry({
      trainingType: 'external',
      beInnovative: true,
      rating: 5,
      hours: '1.5',
      customFields: { delivery: 'in_person' },
      validUntil: '2027-03-13',
    });
    renderWithUi(<EntryDetailDialog entry={entry} onClose={() => {}} onEdit={() => {}} onDelete={() => {}} />);

    expect(detail('Training Name')).toBe('Risk Management Basics');
    expect(detail('Date')).toBe('14 Mar 2025');
    expect(detail('Valid until')).toBe('13 Mar 2027');
    expect(detail('Hours')).toBe('1.5 hours');
    expect(detail('Manager')).toBe('Grace Hopper');
    expect(detail('Department')).toBe('Engineering');
    expect(detail('Training Type')).toBe('External');
    expect(detail('Course Given By')).toBe('Risk Academy');
    expect(detail('Rating')).toBe('5/5');
    expect(detail('Status')).toBe('Completed');
    expect(detail('Notes')).toBe('Covered risk registers.');
    expect(screen.getByText('Be Innovative')).toBeInTheDocument();
    expect(await screen.findByText('In person')).toBeInTheDocument();
    expect(detail('Delivery Mode')).toBe('In person');
  });

  it('reads N/A for an empty department and No notes provided for empty notes, without the badge', () => {
    employeeApi();
    renderWithUi(<EntryDetailDialog entry={anEntry({ department: '', notes: '', rating: 0 })} onClose={() => {}} />);
    expect(detail('Department')).toBe('N/A');
    expect(detail('Notes')).toBe('No notes provided');
    expect(detail('Rating')).toBe('Not rated');
    expect(screen.queryByText('Valid until', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.queryByText('Be Innovative')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Entry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Entry' })).not.toBeInTheDocument();
  });

  it('offers Close, Edit Entry and Delete Entry', async () => {
    employeeApi();
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const entry = anEntry();
    renderWithUi(<EntryDetailDialog entry={entry} onClose={onClose} onEdit={onEdit} onDelete={onDelete} />);
    await user.click(screen.getByRole('button', { name: 'Edit Entry' }));
    expect(onEdit).toHaveBeenCalledWith(entry);
    await user.click(screen.getByRole('button', { name: 'Delete Entry' }));
    expect(onDelete).toHaveBeenCalledWith(entry);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a reported entry as "from <system>" with its statement, still editable by its owner', async () => {
    const statement = { id: 'c0ffee00-0000-4000-8000-000000000001', verb: { id: 'http://adlnet.gov/expapi/verbs/completed' } };
    employeeApi({ routes: { getEntryStatement: statement } });
    const user = userEvent.setup();
    renderWithUi(
      <EntryDetailDialog
        entry={anEntry({ source: aSource({ statementId: statement.id }) })}
        onClose={() => {}}
        onEdit={() => {}}
        onDelete={() => {}}
      />,
    );

    const details = screen.getByRole('dialog', { name: 'Training Entry Details' });
    expect(within(details).getByText('from Moodle')).toBeInTheDocument();
    expect(within(details).getByRole('button', { name: 'Edit Entry' })).toBeInTheDocument();
    await user.click(within(details).getByRole('link', { name: 'Statement' }));
    const shown = screen.getByRole('dialog', { name: 'Statement from Moodle' });
    expect(await within(shown).findByLabelText('Statement JSON')).toHaveTextContent(
      '"id": "http://adlnet.gov/expapi/verbs/completed"',
    );
    // Escape closes the statement only: the entry's details stay open.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Statement from Moodle' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Training Entry Details' })).toBeInTheDocument();
  });
});
