import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aSource, fakeApi, reply, renderWithUi } from '../testing';
import { EntrySource } from './EntrySource';

const MOODLE = aSource();

const STATEMENT = {
  id: MOODLE.statementId,
  actor: { objectType: 'Agent', mbox: 'mailto:ann.lee@example.com' },
  verb: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed' } },
  object: { id: 'https://moodle.example.com/course/7', definition: { name: { 'en-US': 'Fire Safety' } } },
  result: { duration: 'PT1H30M' },
};

describe('EntrySource', () => {
  it('shows nothing for a hand-logged entry', () => {
    fakeApi({});
    renderWithUi(<EntrySource entry={{ id: 7, source: null }} />);
    expect(screen.queryByText(/^from /)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Statement' })).not.toBeInTheDocument();
  });

  it('shows "from <system>" and a Statement link to the stored statement', () => {
    fakeApi({});
    renderWithUi(<EntrySource entry={{ id: 7, source: MOODLE }} />);
    expect(screen.getByText('from Moodle')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Statement' })).toHaveAttribute('href', '/api/entries/7/statement');
  });

  it('opens the statement as readable JSON, and Escape closes it', async () => {
    const api = fakeApi({ getEntryStatement: STATEMENT });
    const user = userEvent.setup();
    renderWithUi(<EntrySource entry={{ id: 7, source: MOODLE }} />);
    await user.click(screen.getByRole('link', { name: 'Statement' }));

    const dialog = screen.getByRole('dialog', { name: 'Statement from Moodle' });
    const json = await within(dialog).findByLabelText('Statement JSON');
    expect(json.textContent).toBe(JSON.stringify(STATEMENT, null, 2));
    expect(json).toHaveTextContent('"duration": "PT1H30M"');
    expect(api.callsOf('getEntryStatement').map((call) => call.path)).toEqual(['/api/entries/7/statement']);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Statement' })).toHaveFocus();
  });

  it('says so when the statement cannot be read, and Close closes', async () => {
    fakeApi({ getEntryStatement: reply(404, { error: 'This entry was not reported by a connected system' }) });
    const user = userEvent.setup();
    renderWithUi(<EntrySource entry={{ id: 7, source: MOODLE }} />);
    await user.click(screen.getByRole('link', { name: 'Statement' }));
    const dialog = screen.getByRole('dialog', { name: 'Statement from Moodle' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This entry was not reported by a connected system');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
