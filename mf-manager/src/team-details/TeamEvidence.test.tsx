import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { evidenceRoutes, type EvidenceItem } from '@tht/contracts';
import { readKey } from '@tht/ui';
import { aReport, anEntry, teamStats, YEAR } from '../testing/fixtures';
import { renderWithApi } from '../testing/renderWithApi';
import { teamEmployeesKey, teamEntriesKey, teamStatsKey } from '../testing/teamKeys';
import { TeamDetails } from './TeamDetails';

const CERTIFICATE: EvidenceItem = {
  id: 40,
  name: 'Leadership certificate.pdf',
  size: 52_000,
  type: 'application/pdf',
  sha256: 'd'.repeat(64),
  createdAt: '2025-03-14T10:00:00.000Z',
};

describe("a report's evidence in Team Details", () => {
  it('shows the paper-clip on an entry with files and lists them to download, without removing or attaching', async () => {
    const answers = {
      [teamEmployeesKey(3)]: [aReport()],
      [teamStatsKey(3, YEAR)]: teamStats(),
      [teamEntriesKey(3, YEAR)]: [
        anEntry({ evidenceCount: 1 }),
        anEntry({ id: 12, trainingName: 'Agile Project Management', evidenceCount: 0 }),
      ],
      [readKey(evidenceRoutes.listEvidence, { params: { id: 11 } })]: [CERTIFICATE],
    };
    const user = userEvent.setup();
    const { reads } = renderWithApi(<TeamDetails managerId={3} year={YEAR} />, answers);
    await user.click(await screen.findByRole('button', { name: 'Ada Adams' }));
    const cards = screen.getByRole('list', { name: 'Training entries of Ada Adams' });
    const leadership = within(cards).getByRole('article', { name: 'Leadership Essentials' });
    expect(within(leadership).getByRole('img', { name: '1 file attached' })).toBeInTheDocument();
    const files = await within(leadership).findByRole('region', { name: 'Evidence of Leadership Essentials' });
    expect(await within(files).findByRole('link', { name: 'Download Leadership certificate.pdf' })).toHaveAttribute(
      'href',
      '/api/entries/11/evidence/40',
    );
    expect(within(files).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(files).queryByLabelText('Attach files')).toBeNull();

    const agile = within(cards).getByRole('article', { name: 'Agile Project Management' });
    expect(within(agile).queryByRole('img', { name: /attached/ })).toBeNull();
    expect(within(agile).queryByRole('region')).toBeNull();
    expect(reads.filter((key) => key.includes('/evidence'))).toEqual(['/api/entries/11/evidence']);
  });
});
