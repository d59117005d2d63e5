import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EVIDENCE_MESSAGES, type EvidenceItem } from '@tht/contracts';
import { fakeApi, reply, renderWithUi } from '../testing';
import { EntryEvidence } from './EntryEvidence';
import { EvidenceCount } from './EvidenceCount';

const CERTIFICATE: EvidenceItem = {
  id: 11,
  name: 'First aid certificate.pdf',
  size: 245_760,
  type: 'application/pdf',
  sha256: 'a'.repeat(64),
  createdAt: '2026-02-03T10:00:00.000Z',
};
const PHOTO: EvidenceItem = { ...CERTIFICATE, id: 12, name: 'Card.jpg', size: 2_400_000, type: 'image/jpeg' };

function chooseFiles(label: string, files: File[]) {
  fireEvent.change(screen.getByLabelText(label), { target: { files } });
}

describe("an entry's evidence", () => {
  it('lists each file with a thumbnail for an image, its type and size, and a download link', async () => {
    fakeApi({ listEvidence: [CERTIFICATE, PHOTO] });
    renderWithUi(<EntryEvidence entryId={5} canChange={false} />);
    const files = await screen.findByRole('list', { name: 'Attached files' });
    const [certificate, photo] = within(files).getAllByRole('listitem');
    expect(certificate).toHaveTextContent('First aid certificate.pdfPDF, 240.0 KB');
    expect(within(certificate!).queryByRole('img')).toBeNull();
    expect(within(certificate!).getByRole('link', { name: 'Download First aid certificate.pdf' })).toHaveAttribute(
      'href',
      '/api/entries/5/evidence/11',
    );
    expect(within(photo!).getByRole('img', { name: 'Thumbnail of Card.jpg' })).toHaveAttribute(
      'src',
      '/api/entries/5/evidence/12/thumbnail',
    );
    expect(photo).toHaveTextContent('JPEG, 2.3 MB');
    // Only the owner attaches and removes.
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByLabelText('Attach files')).toBeNull();
  });

  it('attaches the chosen files one by one with a progress bar, and shows why the server refused one', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const api = fakeApi({
      listEvidence: [],
      attachEvidence: async (call) => {
        const file = (call.body as FormData).get('file') as File;
        if (file.name === 'virus.pdf') return reply(400, { error: EVIDENCE_MESSAGES.unsupportedType });
        await held;
        const { createdAt: _listedOnly, ...attached } = CERTIFICATE;
        return { ...attached, name: file.name };
      },
    });
    renderWithUi(<EntryEvidence entryId={5} canChange />);
    expect(await screen.findByText('No files attached.')).toBeInTheDocument();
    expect(screen.getByText(/PDF, PNG, JPEG or WebP, up to 10 MB each, at most 5 per entry/)).toBeInTheDocument();
    chooseFiles('Attach files', [new File(['%PDF-1.7'], 'cert.pdf'), new File(['MZ'], 'virus.pdf')]);

    expect(await screen.findByRole('progressbar', { name: 'Uploading cert.pdf' })).toBeInTheDocument();
    expect(screen.getByText('Uploading cert.pdf (1 of 2)')).toBeInTheDocument();
    expect(screen.getByLabelText('Attach files')).toBeDisabled();
    release();
    expect(await screen.findByText(`Not attached: virus.pdf: ${EVIDENCE_MESSAGES.unsupportedType}`)).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    const sent = api
      .callsOf('attachEvidence')
      .map((call) => ({ path: call.path, name: ((call.body as FormData).get('file') as File).name }));
    expect(sent).toEqual([
      { path: '/api/entries/5/evidence', name: 'cert.pdf' },
      { path: '/api/entries/5/evidence', name: 'virus.pdf' },
    ]);
    // The list is read again once a file is attached.
    await waitFor(() => expect(api.callsOf('listEvidence').length).toBeGreaterThan(1));
  });

  it('removes a file after the owner confirms, and offers no more attaching at 5 files', async () => {
    const five = [1, 2, 3, 4, 5].map((id) => ({ ...CERTIFICATE, id, name: `file ${id}.pdf` }));
    const api = fakeApi({ listEvidence: five, removeEvidence: reply(204, null) });
    const user = userEvent.setup();
    renderWithUi(<EntryEvidence entryId={5} canChange />);
    await user.click(await screen.findByRole('button', { name: 'Remove file 2.pdf' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove file' });
    expect(dialog).toHaveTextContent('Remove file 2.pdf from this entry?');
    expect(screen.getByLabelText('Attach files')).toBeDisabled();
    expect(screen.getByText('This entry has 5 files, the most it can have.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsOf('removeEvidence').map((call) => call.path)).toEqual(['/api/entries/5/evidence/2']));
  });
});

describe('the paper-clip', () => {
  it('says how many files are attached, and shows nothing for none', () => {
    renderWithUi(
      <>
        <EvidenceCount count={2} />
        <EvidenceCount count={1} />
        <span data-testid="none">
          <EvidenceCount count={0} />
        </span>
      </>,
    );
    expect(screen.getByRole('img', { name: '2 files attached' })).toHaveTextContent('2');
    expect(screen.getByRole('img', { name: '1 file attached' })).toHaveTextContent('1');
    expect(screen.getByTestId('none')).toBeEmptyDOMElement();
  });
});
