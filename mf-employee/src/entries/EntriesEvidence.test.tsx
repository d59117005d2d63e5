import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EvidenceItem } from '@tht/contracts';
import AddEntry from '../add-entry/AddEntry';
import { employeeApi } from '../testing/employeeApi';
import { reply } from '../testing/fakeApi';
import { anEntry } from '../testing/fixtures';
import { renderWithUi } from '../testing/renderWithUi';
import { EditEntryDialog } from './EditEntryDialog';
import { EntriesTable } from './EntriesTable';
import { EntryDetailDialog } from './EntryDetailDialog';

const PHOTO: EvidenceItem = {
  id: 31,
  name: 'Certificate photo.jpg',
  size: 1_048_576,
  type: 'image/jpeg',
  sha256: 'b'.repeat(64),
  createdAt: '2025-03-14T10:00:00.000Z',
};

const attachedNames = (calls: { body: unknown }[]) => calls.map((call) => ((call.body as FormData).get('file') as File).name);

describe('evidence on the employee’s entries', () => {
  it('shows a paper-clip with the number of files in the entries table', () => {
    renderWithUi(
      <EntriesTable
        entries={[anEntry({ id: 1, trainingName: 'First Aid', evidenceCount: 2 }), anEntry({ id: 2, trainingName: 'Excel' })]}
        onView={() => {}}
      />,
    );
    const table = screen.getByRole('table', { name: 'Training entries' });
    const [firstAid, excel] = within(table).getAllByRole('row').slice(1);
    expect(within(firstAid!).getByRole('img', { name: '2 files attached' })).toBeInTheDocument();
    expect(within(excel!).queryByRole('img', { name: /attached/ })).toBeNull();
  });

  it('lists the files in the detail dialog, with attaching and removing for the owner only', async () => {
    employeeApi({ routes: { listEvidence: [PHOTO] } });
    const { unmount } = renderWithUi(<EntryDetailDialog entry={anEntry({ id: 9 })} onClose={() => {}} onEdit={() => {}} />);
    const evidence = await screen.findByRole('region', { name: 'Evidence' });
    expect(await within(evidence).findByRole('img', { name: 'Thumbnail of Certificate photo.jpg' })).toHaveAttribute(
      'src',
      '/api/entries/9/evidence/31/thumbnail',
    );
    expect(within(evidence).getByRole('link', { name: 'Download Certificate photo.jpg' })).toHaveAttribute(
      'href',
      '/api/entries/9/evidence/31',
    );
    expect(within(evidence).getByRole('button', { name: 'Remove Certificate photo.jpg' })).toBeInTheDocument();
    expect(within(evidence).getByLabelText('Attach files')).toHaveAttribute('accept', expect.stringContaining('image/jpeg'));
    unmount();

    renderWithUi(<EntryDetailDialog entry={anEntry({ id: 9 })} onClose={() => {}} />);
    const readOnly = await screen.findByRole('region', { name: 'Evidence' });
    await within(readOnly).findByRole('link', { name: 'Download Certificate photo.jpg' });
    expect(within(readOnly).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(readOnly).queryByLabelText('Attach files')).toBeNull();
  });

  it('attaches a file from Edit Entry at once', async () => {
    const api = employeeApi({ routes: { listEvidence: [] } });
    renderWithUi(<EditEntryDialog entry={anEntry({ id: 9 })} onClose={() => {}} />);
    const evidence = await screen.findByRole('region', { name: 'Evidence' });
    await within(evidence).findByText('No files attached.');
    fireEvent.change(within(evidence).getByLabelText('Attach files'), { target: { files: [new File(['%PDF'], 'cert.pdf')] } });
    await waitFor(() => expect(api.callsOf('attachEvidence').map((call) => call.path)).toEqual(['/api/entries/9/evidence']));
    expect(api.callsOf('editEntry')).toHaveLength(0);
  });

  it('attaches the files chosen in Add Entry to the entry once it is saved, and names a file the server refuses', async () => {
    const api = employeeApi({
      routes: {
        logEntry: anEntry({ id: 77 }),
        attachEvidence: (call) => {
          const file = (call.body as FormData).get('file') as File;
          return file.name === 'notes.txt'
            ? reply(400, { error: 'The file must be a PDF, PNG, JPEG or WebP file' })
            : { id: 5, name: file.name, size: 4, type: 'application/pdf', sha256: 'c'.repeat(64) };
        },
      },
    });
    const user = userEvent.setup();
    renderWithUi(<AddEntry />);
    await screen.findByRole('textbox', { name: 'First Name' });
    await user.type(screen.getByRole('textbox', { name: 'Training Name' }), 'First Aid');
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: '2025-04-01' } });
    await user.type(screen.getByRole('spinbutton', { name: 'Hours' }), '6');
    fireEvent.change(screen.getByLabelText('Choose files to attach'), {
      target: { files: [new File(['%PDF'], 'cert.pdf'), new File(['hello'], 'notes.txt')] },
    });
    const chosen = screen.getByRole('list', { name: 'Files to attach' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['cert.pdf (4 B)Remove', 'notes.txt (5 B)Remove']);
    expect(api.callsOf('attachEvidence')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save Entry' }));

    await waitFor(() => expect(attachedNames(api.callsOf('attachEvidence'))).toEqual(['cert.pdf', 'notes.txt']));
    expect(api.callsOf('attachEvidence').map((call) => call.path)).toEqual([
      '/api/entries/77/evidence',
      '/api/entries/77/evidence',
    ]);
    expect(api.calls.findIndex((call) => call.operationId === 'logEntry')).toBeLessThan(
      api.calls.findIndex((call) => call.operationId === 'attachEvidence'),
    );
    expect(await screen.findByText('Entry saved, but not every file was attached')).toBeInTheDocument();
    // In the toast, and under the form's evidence where it stays.
    expect(screen.getAllByText(/notes\.txt: The file must be a PDF, PNG, JPEG or WebP file/)).toHaveLength(2);
    expect(screen.queryByRole('list', { name: 'Files to attach' })).toBeNull();
  });
});
