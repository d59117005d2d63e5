import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser } from '@tht/ui/testing';
import { reply } from '../testing/fakeApi';
import { employeeApi } from '../testing/employeeApi';
import { employee } from '../testing/fixtures';
import { renderWithUi } from '../testing/renderWithUi';
import { ProgressModule } from './ProgressModule';

// A past year is fully elapsed, so on track means at least 80% of the target.
const PAST_YEAR = 2020;
const stats = (totalHours: number) => ({ totalHours, completedTraining: 3, thisMonth: 0 });
const RECORDED = { createdAt: '2020-01-02T00:00:00.000Z', updatedAt: '2020-01-02T00:00:00.000Z' };

async function progressBar() {
  return screen.findByRole('progressbar', { name: `Progress towards your ${PAST_YEAR} target` });
}

describe('ProgressModule', () => {
  it('uses the personal target when HR set one', async () => {
    employeeApi({
      stats: stats(32),
      routes: {
        listUserTargets: [{ id: 1, userId: employee.id, year: PAST_YEAR, targetHours: 40, reason: null, setBy: 2, ...RECORDED }],
      },
    });
    renderWithUi(<ProgressModule userId={employee.id} year={PAST_YEAR} />);
    expect(await progressBar()).toHaveAttribute('aria-valuetext', '32 of 40 hours');
    expect(screen.getByText('On Track')).toBeInTheDocument();
  });

  it('else shares the yearly target among all users, rounded, and treats a failed user-target read as none', async () => {
    employeeApi({
      stats: stats(10),
      routes: {
        listUserTargets: reply(403, { error: 'Forbidden' }),
        listYearlyTargets: [{ id: 1, year: PAST_YEAR, targetHours: 1000, description: null, ...RECORDED }],
        listUsers: Array.from({ length: 8 }, (_, index) => aUser({ id: index + 1 })),
      },
    });
    renderWithUi(<ProgressModule userId={employee.id} year={PAST_YEAR} />);
    expect(await progressBar()).toHaveAttribute('aria-valuetext', '10 of 125 hours');
    expect(screen.getByText('Behind Target')).toBeInTheDocument();
  });

  it('else aims at 100 hours, with the fixed 75 axis label', async () => {
    employeeApi({ stats: stats(80), routes: { listYearlyTargets: reply(403, { error: 'Forbidden' }) } });
    renderWithUi(<ProgressModule userId={employee.id} year={PAST_YEAR} />);
    expect(await progressBar()).toHaveAttribute('aria-valuetext', '80 of 100 hours');
    expect(screen.getByText('On Track')).toBeInTheDocument();
    expect(screen.getByText('75')).toBeInTheDocument();
  });

  it('shows its loading text until the figures arrive', () => {
    employeeApi();
    renderWithUi(<ProgressModule userId={employee.id} year={PAST_YEAR} />);
    expect(screen.getByRole('status', { name: 'Loading progress data...' })).toBeInTheDocument();
  });
});
