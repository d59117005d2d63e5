import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aSource, fakeApi, renderWithUi } from '@tht/ui/testing';
import { anEntry } from '../testing/fixtures';
import { EntryCard } from './EntryCard';

describe('EntryCard', () => {
  it('marks a reported training "from <system>" with a link to its statement; a hand-logged one has neither', () => {
    fakeApi({});
    renderWithUi(
      <>
        <EntryCard entry={anEntry({ id: 12, trainingName: 'Fire Safety', source: aSource() })} />
        <EntryCard entry={anEntry({ id: 13, trainingName: 'Excel Basics' })} />
      </>,
    );
    const reported = screen.getByRole('article', { name: 'Fire Safety' });
    expect(within(reported).getByText('from Moodle')).toBeInTheDocument();
    expect(within(reported).getByRole('link', { name: 'Statement' })).toHaveAttribute('href', '/api/entries/12/statement');
    const handLogged = screen.getByRole('article', { name: 'Excel Basics' });
    expect(within(handLogged).queryByText(/^from /)).toBeNull();
    expect(within(handLogged).queryByRole('link')).toBeNull();
  });
});
