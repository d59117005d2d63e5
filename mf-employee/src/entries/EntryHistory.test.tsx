import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecordHistory } from '@tht/contracts';
import { describe, expect, it } from 'vitest';
import { employeeApi } from '../testing/employeeApi';
import { reply } from '../testing/fakeApi';
import { anEntry } from '../testing/fixtures';
import { renderWithUi } from '../testing/renderWithUi';
import { EntryDetailDialog } from './EntryDetailDialog';

const entry = anEntry();
const history: RecordHistory = {
  kind: 'entries',
  id: String(entry.id),
  items: [
    {
      position: '1',
      at: '2026-03-12T13:58:00.000Z',
      actor: { id: 7, name: 'Ann Lee' },
      event: 'EntryLogged',
      changes: [{ field: 'hours', before: null, after: '2' }],
    },
    {
      position: '2',
      at: '2026-03-12T14:02:00.000Z',
      actor: { id: 1, name: 'Zoe Zimmer' },
      event: 'EntryEdited',
      changes: [
        { field: 'hours', before: '2', after: '3.5' },
        { field: 'trainingName', before: 'Safety', after: 'Fire Safety' },
      ],
    },
  ],
};

describe('entry history in the detail dialog', () => {
  it('asks for the history only when shown, then reads it as a timeline, oldest first', async () => {
    const api = employeeApi({ routes: { getRecordHistory: history } });
    const user = userEvent.setup();
    renderWithUi(<EntryDetailDialog entry={entry} onClose={() => {}} />);
    expect(api.callsOf('getRecordHistory')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Show History' }));

    const timeline = await screen.findByRole('list', { name: 'Entry history' });
    const lines = within(timeline)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d{1,2} Mar 2026 \d\d:\d\d, Ann Lee: entry logged$/);
    expect(lines[1]).toMatch(
      /^\d{1,2} Mar 2026 \d\d:\d\d, Zoe Zimmer changed hours 2 -> 3.5, changed training name Safety -> Fire Safety$/,
    );
    expect(within(timeline).getAllByRole('listitem')[1]!.querySelector('time')?.getAttribute('datetime')).toBe(
      '2026-03-12T14:02:00.000Z',
    );
    expect(screen.getByRole('button', { name: 'Hide History' })).toHaveAttribute('aria-expanded', 'true');
  });

  it("shows the server's refusal", async () => {
    employeeApi({ routes: { getRecordHistory: reply(403, { error: 'You may not see the history of this record' }) } });
    const user = userEvent.setup();
    renderWithUi(<EntryDetailDialog entry={entry} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Show History' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not see the history of this record');
  });
});
