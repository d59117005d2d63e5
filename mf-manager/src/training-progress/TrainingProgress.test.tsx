import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { teamStatsKey } from '../testing/teamKeys';
import { employeeStats, teamStats, YEAR } from '../testing/fixtures';
import { neverAnswered, renderWithApi } from '../testing/renderWithApi';
import { TrainingProgress } from './TrainingProgress';

const threePeople = teamStats({
  totalHours: 70,
  targetHours: 300,
  scheduleStatus: 'on-schedule',
  employeeStats: [
    employeeStats({ id: 1, name: 'Ada Adams', totalHours: 40, targetHours: 40, scheduleStatus: 'target-achieved' }),
    employeeStats({ id: 2, name: 'Bob Brown', totalHours: 25, targetHours: 100, scheduleStatus: 'on-schedule' }),
    employeeStats({ id: 3, name: 'Cy Clark', totalHours: 5, targetHours: 160, scheduleStatus: 'behind-schedule' }),
  ],
});

describe('TrainingProgress', () => {
  it("shows the team's hours against the sum of targets, the three counts and one named bar per report with its status in words", async () => {
    renderWithApi(<TrainingProgress managerId={3} year={YEAR} />, { [teamStatsKey(3, YEAR)]: threePeople });
    const overview = await screen.findByRole('region', { name: 'Team Overview' });
    expect(within(overview).getByText('70 of 300 hours (23%)').closest('p')).toHaveTextContent('70 of 300 hours (23%)On Schedule');
    expect(within(overview).getByRole('progressbar', { name: `Team progress towards the ${YEAR} targets` })).toHaveAttribute(
      'aria-valuetext',
      '70 of 300 hours',
    );

    const counts = within(overview).getByRole('list', { name: 'Schedule counts' });
    for (const title of ['Target Achieved', 'On Schedule', 'Behind Schedule']) {
      expect(within(counts).getByRole('heading', { name: title }).closest('li')).toHaveTextContent(`${title}1`);
    }

    const people = screen.getByRole('region', { name: 'Individual Progress' });
    const bob = within(people).getByRole('progressbar', { name: `Progress of Bob Brown towards their ${YEAR} target` });
    expect(bob).toHaveAttribute('aria-valuetext', '25 of 100 hours');
    expect(bob).toHaveAttribute('aria-valuemax', '100');
    expect(bob.closest('li')).toHaveTextContent('Bob Brown25 of 100 hours (25%)On Schedule');
    expect(within(people).getByText('Cy Clark').closest('li')).toHaveTextContent('Behind Schedule');
    expect(within(people).getByText('Ada Adams').closest('li')).toHaveTextContent('Target Achieved');
  });

  it('gives the hours per month as a table beside the chart, with the pace of the team target', async () => {
    renderWithApi(<TrainingProgress managerId={3} year={YEAR} />, { [teamStatsKey(3, YEAR)]: teamStats({ targetHours: 365 }) });
    const table = await screen.findByRole('table', { name: /Team hours per month in 2025/ });
    const march = within(table).getByRole('row', { name: /March/ });
    expect(
      within(march)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['5.25', '7.75', '90']);
    expect(within(table).getAllByRole('row')).toHaveLength(13);
  });

  it('says Loading progress data... while loading and tells a manager without reports', async () => {
    const { unmount } = renderWithApi(<TrainingProgress managerId={3} year={YEAR} />, { [teamStatsKey(3, YEAR)]: neverAnswered() });
    expect(screen.getByRole('status', { name: 'Loading progress data...' })).toBeInTheDocument();
    unmount();
    renderWithApi(<TrainingProgress managerId={3} year={YEAR} />, {
      [teamStatsKey(3, YEAR)]: teamStats({ totalEmployees: 0, totalHours: 0, employeeStats: [], targetHours: 0 }),
    });
    expect(await screen.findByText(/No one reports to you yet/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
