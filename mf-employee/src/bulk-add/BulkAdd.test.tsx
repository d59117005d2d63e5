import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { reply } from '../testing/fakeApi';
import { employeeApi } from '../testing/employeeApi';
import { renderWithUi } from '../testing/renderWithUi';
import { BulkAdd } from './BulkAdd';

const owner = { firstName: 'Ada', lastName: 'Lovelace', managerName: 'Grace Hopper', department: 'Engineering' };

function renderBulkAdd() {
  const onClose = vi.fn();
  renderWithUi(<BulkAdd owner={owner} onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
}

function cell(column: string, row: number): HTMLInputElement | HTMLSelectElement {
  return screen.getByLabelText(`${column}, row ${row}`);
}

function gridRows(): number {
  return within(screen.getByRole('table', { name: 'Bulk add entries' })).getAllByRole('row').length - 1;
}

function paste(target: Element, text: string) {
  fireEvent.paste(target, { clipboardData: { getData: () => text } });
}

const THREE_ROWS = [
  ['Excel Basics', '1/2/2025', '2', '', '', 'External', 'Training Co', '4', 'yes', 'Formulas'],
  ['Negotiation', 'not a date', '3', '', '', 'internal', '', '', 'no', ''],
  ['Python Intro', '2025-02-10', 'abc', 'Alan Turing', 'Finance', '', '', '', '', ''],
]
  .map((cells) => cells.join('\t'))
  .join('\r\n');

async function previewDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  return screen.findByRole('dialog', { name: 'Preview Entries' });
}

describe('Bulk Add grid', () => {
  it('opens with 5 rows, adds rows and always keeps one', async () => {
    employeeApi();
    const { user } = renderBulkAdd();
    expect(gridRows()).toBe(5);
    await user.click(screen.getByRole('button', { name: 'Add Row' }));
    expect(gridRows()).toBe(6);
    for (let row = 6; row >= 1; row -= 1) await user.click(screen.getByRole('button', { name: `Remove row ${row}` }));
    expect(gridRows()).toBe(1);
  });

  it('fills the grid from pasted spreadsheet rows in the grid’s column order', () => {
    employeeApi();
    renderBulkAdd();
    paste(cell('Training Name', 4), THREE_ROWS);
    expect(gridRows()).toBe(6);
    expect(cell('Training Name', 4)).toHaveValue('Excel Basics');
    expect(cell('Date', 4)).toHaveValue('1/2/2025');
    expect(cell('Hours', 4)).toHaveValue('2');
    expect(cell('Training Type', 4)).toHaveValue('external');
    expect(cell('Course Given By', 4)).toHaveValue('Training Co');
    expect(cell('Rating', 4)).toHaveValue('4');
    expect(cell('Be Innovative', 4)).toHaveValue('yes');
    expect(cell('Notes', 4)).toHaveValue('Formulas');
    expect(cell('Manager', 6)).toHaveValue('Alan Turing');
    expect(cell('Department', 6)).toHaveValue('Finance');
  });

  it('rejects values a restricted column does not accept and names the valid options', async () => {
    employeeApi();
    renderBulkAdd();
    paste(cell('Training Type', 1), 'webinar\nexternal');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid Training Type value(s)');
    expect(alert).toHaveTextContent('Valid options: internal, external');
    expect(cell('Training Type', 1)).toHaveValue('');
    expect(cell('Training Type', 2)).toHaveValue('external');
  });

  it('previews every counted row with an error badge on the invalid one, normalising dates and hours', async () => {
    employeeApi();
    const { user } = renderBulkAdd();
    paste(cell('Training Name', 1), THREE_ROWS);
    const dialog = await previewDialog(user);
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('2025-01-02');
    expect(rows[0]).toHaveTextContent('Ready');
    expect(rows[1]).toHaveTextContent('1 error');
    expect(within(dialog).getByRole('list', { name: 'Errors in row 2' })).toHaveTextContent('Missing or invalid date format');
    expect(rows[2]).toHaveTextContent('Ready');
    expect(within(rows[2]!).getAllByRole('cell')[2]).toHaveTextContent(/^0$/);
    expect(within(dialog).getByRole('button', { name: 'Create 2 Entries' })).toBeInTheDocument();
  });

  it('sends only the error-free rows, offers to attach files to each saved entry, and closes when done', async () => {
    const api = employeeApi({
      routes: { logEntriesInBulk: { created: 2, failed: 0, errors: [], createdIds: [21, 22] }, listEvidence: [] },
    });
    const { user, onClose } = renderBulkAdd();
    paste(cell('Training Name', 1), THREE_ROWS);
    const dialog = await previewDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create 2 Entries' }));

    await screen.findByRole('heading', { name: 'Attach evidence to the saved entries' });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('region', { name: 'Excel Basics, 2 Jan 2025' })).toHaveTextContent('No files attached.');
    expect(screen.getByRole('region', { name: 'Python Intro, 10 Feb 2025' })).toHaveTextContent('No files attached.');
    fireEvent.change(within(screen.getByRole('region', { name: 'Python Intro, 10 Feb 2025' })).getByLabelText('Attach files'), {
      target: { files: [new File(['%PDF-1.7'], 'certificate.pdf')] },
    });
    await waitFor(() => expect(api.callsOf('attachEvidence').map((call) => call.path)).toEqual(['/api/entries/22/evidence']));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
    const [request] = api.callsOf('logEntriesInBulk');
    expect(request?.body).toEqual({
      validateData: true,
      entries: [
        {
          firstName: 'Ada',
          lastName: 'Lovelace',
          trainingName: 'Excel Basics',
          date: '2025-01-02',
          hours: 2,
          managerName: 'Grace Hopper',
          department: 'Engineering',
          trainingType: 'external',
          courseGivenBy: 'Training Co',
          rating: 4,
          beInnovative: true,
          notes: 'Formulas',
          validUntil: null,
        },
        {
          firstName: 'Ada',
          lastName: 'Lovelace',
          trainingName: 'Python Intro',
          date: '2025-02-10',
          hours: 0,
          managerName: 'Alan Turing',
          department: 'Finance',
          trainingType: 'internal',
          courseGivenBy: '',
          beInnovative: false,
          notes: '',
          validUntil: null,
        },
      ],
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Entries created');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cell('Training Name', 1)).toHaveValue('');
    expect(gridRows()).toBe(5);
  });

  it('says No valid entries when no row has a training name, date and hours', async () => {
    const api = employeeApi();
    const { user } = renderBulkAdd();
    await user.type(cell('Training Name', 1), 'Only a name');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No valid entries');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsOf('logEntriesInBulk')).toHaveLength(0);
  });

  it('says Cannot create entries when every row has errors', async () => {
    const api = employeeApi();
    const { user } = renderBulkAdd();
    paste(cell('Training Name', 1), 'Old course\t1/1/1900\t2');
    const dialog = await previewDialog(user);
    expect(dialog).toHaveTextContent('Invalid date format');
    await user.click(within(dialog).getByRole('button', { name: 'Create 0 Entries' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot create entries');
    expect(api.callsOf('logEntriesInBulk')).toHaveLength(0);
  });

  it('keeps the grid when the server creates nothing, listing up to 3 entries’ errors', async () => {
    const fieldError = (index: number) => ({ index, errors: [{ path: 'hours', message: 'Hours must be in steps of 0.25' }] });
    employeeApi({
      routes: {
        logEntriesInBulk: {
          created: 0,
          failed: 5,
          errors: [0, 1, 2, 3, 4].map(fieldError),
          createdIds: [],
        },
      },
    });
    const { user, onClose } = renderBulkAdd();
    paste(
      cell('Training Name', 1),
      ['A', 'B', 'C', 'D', 'E'].map((name) => `${name}\t2025-01-0${name.charCodeAt(0) - 64}\t1`).join('\n'),
    );
    const dialog = await previewDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create 5 Entries' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No entries created - validation failed');
    expect(alert).toHaveTextContent('Entry 1: hours - Hours must be in steps of 0.25');
    expect(alert).toHaveTextContent('Entry 3: hours - Hours must be in steps of 0.25');
    expect(alert).not.toHaveTextContent('Entry 4:');
    expect(alert).toHaveTextContent('(and 2 more entries with errors)');
    expect(onClose).not.toHaveBeenCalled();
    expect(cell('Training Name', 1)).toHaveValue('A');
  });

  it('keeps the grid and says Failed to create entries when the call fails', async () => {
    employeeApi({ routes: { logEntriesInBulk: reply(500, { error: 'Database unavailable' }) } });
    const { user, onClose } = renderBulkAdd();
    paste(cell('Training Name', 1), 'Excel Basics\t2025-01-02\t2');
    const dialog = await previewDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create 1 Entry' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to create entries');
    expect(alert).toHaveTextContent('Database unavailable');
    expect(onClose).not.toHaveBeenCalled();
    expect(cell('Training Name', 1)).toHaveValue('Excel Basics');
  });
});
