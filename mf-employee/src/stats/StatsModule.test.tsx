import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { employeeApi } from '../testing/employeeApi';
import { anEntry, employee } from '../testing/fixtures';
import { renderWithUi } from '../testing/renderWithUi';
import { StatsModule } from './StatsModule';

/** A tile is the list item holding its heading; tiles carry no label, so 'Hours' labels only the Hours field. */
function tile(title: string) {
  const item = screen.getByRole('heading', { name: title }).closest('li');
  if (!item) throw new Error(`No tile titled ${title}`);
  return item;
}

describe('StatsModule', () => {
  it('shows the four tiles, counting Be Innovative entries, and the track status against the target', async () => {
    employeeApi({
      stats: { totalHours: 12.5, completedTraining: 3, thisMonth: 2 },
      entries: [anEntry({ id: 1, beInnovative: true }), anEntry({ id: 2 }), anEntry({ id: 3, beInnovative: true })],
    });
    renderWithUi(<StatsModule userId={employee.id} year={2020} />);
    expect(await screen.findByRole('heading', { name: 'Total Hours' })).toBeInTheDocument();
    expect(tile('Total Hours')).toHaveTextContent('12.5');
    expect(screen.getAllByRole('listitem').filter((item) => item.hasAttribute('aria-label'))).toEqual([]);
    expect(tile('Total Hours')).toHaveTextContent('of your 100 hour target');
    expect(within(tile('Total Hours')).getByText('Behind Target')).toBeInTheDocument();
    expect(tile('Completed Training')).toHaveTextContent('3');
    expect(tile('This Month')).toHaveTextContent('2');
    expect(tile('Innovative Entries')).toHaveTextContent('2');
  });

  it('reads On Track at 80% of the elapsed share of the target', async () => {
    employeeApi({ stats: { totalHours: 80, completedTraining: 9, thisMonth: 0 } });
    renderWithUi(<StatsModule userId={employee.id} year={2020} />);
    expect(await screen.findByText('On Track')).toBeInTheDocument();
  });
});
