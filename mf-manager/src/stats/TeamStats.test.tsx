import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { teamStatsKey } from '../testing/teamKeys';
import { teamStats, YEAR } from '../testing/fixtures';
import { neverAnswered, renderWithApi } from '../testing/renderWithApi';
import { TeamStats } from './TeamStats';

/** A stat card is the list item holding its heading. */
const card = (title: string) => screen.getByRole('heading', { name: title }).closest('li');

describe('TeamStats', () => {
  it('shows Team Members, Total Hours, Completed Training and This Month', async () => {
    renderWithApi(<TeamStats managerId={3} year={YEAR} />, { [teamStatsKey(3, YEAR)]: teamStats() });
    await screen.findByRole('heading', { name: 'Team Members' });
    expect(card('Team Members')).toHaveTextContent('2direct reports');
    expect(card('Total Hours')).toHaveTextContent('7.75');
    expect(card('Completed Training')).toHaveTextContent('3');
    expect(card('This Month')).toHaveTextContent('2.5');
  });

  it('says Loading... until the figures come, and why they did not', async () => {
    const { unmount } = renderWithApi(<TeamStats managerId={3} year={YEAR} />, { [teamStatsKey(3, YEAR)]: neverAnswered() });
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    unmount();
    renderWithApi(<TeamStats managerId={3} year={YEAR} />, {});
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load team statistics: Not found');
  });
});
