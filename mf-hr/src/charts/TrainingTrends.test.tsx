import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dashboardRoutes, YEAR } from '../testing/fixtures';
import { renderWithHrApi } from '../testing/hrTestApi';
import { TrainingTrends } from './TrainingTrends';

describe('training trends', () => {
  it('shows the same figures as tables at the press of a button', async () => {
    const user = userEvent.setup();
    renderWithHrApi(<TrainingTrends year={YEAR} asOf={null} />, dashboardRoutes());
    await user.click(await screen.findByRole('button', { name: 'Show as table' }));
    expect(screen.getByRole('button', { name: 'Show as chart' })).toHaveAttribute('aria-pressed', 'true');
    const months = screen.getByRole('table', { name: `Hours per month in ${YEAR}` });
    expect(
      within(within(months).getByRole('rowheader', { name: 'March' }).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3.75', '10.75', '345']);
    const departments = screen.getByRole('table', { name: `Hours by department in ${YEAR}` });
    expect(
      within(departments)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Engineering', 'Finance']);
  });
});
