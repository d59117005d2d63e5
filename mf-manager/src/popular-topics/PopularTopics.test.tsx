import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { teamStatsKey } from '../testing/teamKeys';
import { teamStats, YEAR } from '../testing/fixtures';
import { neverAnswered, renderWithApi } from '../testing/renderWithApi';
import { PopularTopics } from './PopularTopics';

describe('PopularTopics', () => {
  it('lists the topics in the order given with their entry counts', async () => {
    renderWithApi(<PopularTopics managerId={3} year={YEAR} />, { [teamStatsKey(3, YEAR)]: teamStats() });
    const list = await screen.findByRole('list', { name: 'Most frequent topics' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Management2 entries', 'Leadership1 entry']);
  });

  it('says Loading topics... while loading, and when the year has no topics', async () => {
    const { unmount } = renderWithApi(<PopularTopics managerId={3} year={YEAR} />, { [teamStatsKey(3, YEAR)]: neverAnswered() });
    expect(screen.getByRole('status', { name: 'Loading topics...' })).toBeInTheDocument();
    unmount();
    renderWithApi(<PopularTopics managerId={3} year={YEAR} />, { [teamStatsKey(3, YEAR)]: teamStats({ popularTopics: [] }) });
    expect(await screen.findByText('No training topics found for the selected year.')).toBeInTheDocument();
  });
});
