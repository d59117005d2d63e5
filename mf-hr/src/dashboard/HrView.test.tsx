import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OperationId } from '@tht/contracts';
import { dashboardRoutes, employeesPage, hrStats, topCourses, topics, trends, YEAR } from '../testing/fixtures';
import { renderWithHrApi, Status } from '../testing/hrTestApi';
import HrView, { HR_LAYOUT_KEY } from './HrView';

const YEAR_TITLES = [
  `Organisation Target ${YEAR}`,
  'Organisation Statistics',
  'Innovation Summary',
  'Top Rated Courses',
  'Employees',
  'Popular Topics',
  'Training Trends',
  'Certificates expiring',
];

function sectionOrder(): string[] {
  const list = screen.getByRole('list', { name: 'Dashboard sections' });
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list)
    .map((item) => item.getAttribute('aria-label') ?? '');
}

/** The dashboard on YEAR (a past year): the current year is picked first, then YEAR. */
async function renderDashboard(user: ReturnType<typeof userEvent.setup>) {
  const thisYear = new Date().getFullYear();
  const api = renderWithHrApi(<HrView />, dashboardRoutes({ listAvailableYears: [thisYear, YEAR] }));
  await user.selectOptions(await screen.findByLabelText('Year'), String(YEAR));
  // The first render also fetches the sections' drag code (a chunk of its own).
  await screen.findByText('20.75 of 1400 hours', undefined, { timeout: 5000 });
  return api;
}

describe('the HR dashboard', () => {
  it('shows the year selector, the exports and its sections in their default order', async () => {
    const user = userEvent.setup();
    await renderDashboard(user);
    expect(screen.getByRole('heading', { name: 'HR Dashboard', level: 1 })).toBeInTheDocument();
    expect(sectionOrder()).toEqual(YEAR_TITLES);
    expect(screen.getByRole('heading', { name: 'Total Employees' }).closest('li')).toHaveTextContent('7');
    expect(await within(screen.getByRole('region', { name: 'Top Rated Courses' })).findByText('Negotiation')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Popular Topics' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Excel 3 entries', 'Leadership 2 entries']);
  });

  it('downloads all data as CSV or Excel in a new window', async () => {
    const user = userEvent.setup();
    const open = vi.fn();
    vi.stubGlobal('open', open);
    await renderDashboard(user);
    await user.click(screen.getByRole('button', { name: 'Export All Data' }));
    await user.click(screen.getByRole('button', { name: 'Export All Data (Excel)' }));
    expect(open.mock.calls).toEqual([
      ['/api/export', '_blank', 'noopener'],
      ['/api/export?format=xlsx', '_blank', 'noopener'],
    ]);
  });

  it(`keeps the order of the sections in local storage under ${HR_LAYOUT_KEY}`, async () => {
    const user = userEvent.setup();
    localStorage.setItem(HR_LAYOUT_KEY, JSON.stringify(['employee-table', 'popular-topics']));
    await renderDashboard(user);
    expect(sectionOrder()).toEqual([
      'Employees',
      'Popular Topics',
      ...YEAR_TITLES.filter((title) => !['Employees', 'Popular Topics'].includes(title)),
    ]);
    await user.click(screen.getByRole('button', { name: 'Move Popular Topics up' }));
    expect(sectionOrder().slice(0, 2)).toEqual(['Popular Topics', 'Employees']);
    expect(JSON.parse(localStorage.getItem(HR_LAYOUT_KEY)!).slice(0, 2)).toEqual(['popular-topics', 'employee-table']);
  });

  it('shows the innovative summary: counts, hours, rate, the 5 latest entries and an export of them all when there are more', async () => {
    const user = userEvent.setup();
    const open = vi.fn();
    vi.stubGlobal('open', open);
    await renderDashboard(user);
    const summary = screen.getByRole('region', { name: 'Innovation Summary' });
    expect(within(summary).getByRole('heading', { name: 'Innovation Rate' }).closest('li')).toHaveTextContent('67%');
    expect(within(summary).getByRole('heading', { name: 'Innovative Hours' }).closest('li')).toHaveTextContent('12.75');
    expect(within(within(summary).getByRole('list', { name: 'Latest innovative entries' })).getAllByRole('listitem')).toHaveLength(
      5,
    );
    await user.click(within(summary).getByRole('button', { name: 'Export innovative entries' }));
    expect(open).toHaveBeenCalledWith(`/api/export?year=${YEAR}&innovative=true`, '_blank', 'noopener');
  });
});

describe('the sections of a quiet year', () => {
  it('say so with the empty texts, and offer no export of innovative entries up to 5', async () => {
    const user = userEvent.setup();
    const thisYear = new Date().getFullYear();
    renderWithHrApi(
      <HrView />,
      dashboardRoutes({
        listAvailableYears: [thisYear, YEAR],
        [`getHrStats?year=${YEAR}`]: hrStats({
          innovativeEntries: 0,
          innovationRate: 0,
          recentInnovative: [],
          target: null,
        }),
        [`listTopCourses?year=${YEAR}`]: [],
        [`listHrTopics?year=${YEAR}`]: [],
        listHrEmployees: employeesPage([], { allEmployees: 0 }),
        [`getHrTrends?year=${YEAR}`]: {
          year: YEAR,
          hoursByMonth: Array(12).fill(0),
          targetPace: null,
          hoursByDepartment: [],
        },
      }),
    );
    await user.selectOptions(await screen.findByLabelText('Year'), String(YEAR));
    for (const text of [
      `No training target set for ${YEAR}`,
      `No innovative entries found for ${YEAR}`,
      `No highly rated courses found for ${YEAR}`,
      'No employees found matching the selected criteria.',
      'No training topics found for the selected year.',
      `No training records found for ${YEAR}`,
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Export innovative entries' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0 employees')).toBeInTheDocument();
  });
});

describe('the dashboard as of a past day', () => {
  it('shows the progress of the replay, then the figures of that day under a banner naming it, exports of that day, and goes back to today', async () => {
    const user = userEvent.setup();
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const day = `${YEAR}-06-30`;
    const asOf = (operationId: OperationId) => `${operationId}?year=${YEAR}&asOf=${day}` as const;
    let asked = 0;
    const api = renderWithHrApi(
      <HrView />,
      dashboardRoutes({
        [asOf('getHrStats')]: () =>
          (asked += 1) === 1 ? new Status(202, { status: 'building', progress: 0.4 }) : hrStats({ totalUsers: 3 }),
        [asOf('listTopCourses')]: topCourses,
        [asOf('listHrTopics')]: topics,
        [asOf('getHrTrends')]: trends,
      }),
    );
    await user.selectOptions(await screen.findByLabelText('Year'), String(YEAR));
    await user.type(screen.getByLabelText('As of'), day);
    await user.click(screen.getByRole('button', { name: 'Show' }));

    const banner = screen.getByRole('region', { name: 'Figures as of a date' });
    expect(within(banner).getByRole('status')).toHaveTextContent(`Showing the figures as recorded at the end of ${day} (UTC).`);
    const progress = await within(banner).findByRole('progressbar', { name: `Replaying the records up to the end of ${day}` });
    expect(progress).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: `Export All Data as of ${day}` })).toBeDisabled();

    // The server's Retry-After is 2 s: the dashboard asks again, and the figures of that day come.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Total Employees' }).closest('li')).toHaveTextContent('3'), {
      timeout: 4000,
    });
    expect(within(banner).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Target' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Employees' })).getByText(/lists today's people and targets/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Export All Data (Excel) as of ${day}` }));
    expect(open).toHaveBeenCalledWith(`/api/export?format=xlsx&asOf=${day}`, '_blank', 'noopener');

    await user.click(within(banner).getByRole('button', { name: 'Back to today' }));
    expect(screen.queryByRole('region', { name: 'Figures as of a date' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('As of')).toHaveValue('');
    expect(await screen.findByRole('button', { name: 'Edit Target' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.url === `/api/hr/stats?year=${YEAR}&asOf=${day}`)).toHaveLength(2);
  });
});
