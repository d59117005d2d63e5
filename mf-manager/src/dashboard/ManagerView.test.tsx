import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountsRoutes, statsRoutes } from '@tht/contracts';
import { currentYear, readKey } from '@tht/ui';
import { teamEmployeesKey, teamEntriesKey, teamStatsKey } from '../testing/teamKeys';
import { aReport, anEntry, currentUserResponse, managerUser, teamStats } from '../testing/fixtures';
import { renderWithApi } from '../testing/renderWithApi';
import ManagerView, { MANAGER_LAYOUT_KEY } from './ManagerView';

const year = currentYear();
const id = managerUser.id;

function answersFor(...years: number[]) {
  return {
    [readKey(accountsRoutes.getCurrentUser, {})]: currentUserResponse,
    [readKey(statsRoutes.listAvailableYears, {})]: years,
    [teamEmployeesKey(id)]: [aReport()],
    ...Object.fromEntries(
      years.flatMap((shown) => [
        [teamStatsKey(id, shown), teamStats({ year: shown, totalHours: shown === year ? 7.75 : 30 })],
        [teamEntriesKey(id, shown), [anEntry()]],
      ]),
    ),
  };
}

function sectionOrder(): string[] {
  const list = screen.getByRole('list', { name: 'Dashboard sections' });
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list)
    .map((item) => item.getAttribute('aria-label') ?? '');
}

describe('ManagerView', () => {
  it("shows the signed-in manager's team of the current year in four sections", async () => {
    const { reads } = renderWithApi(<ManagerView />, answersFor(year, year - 1));
    expect(screen.getByRole('heading', { name: 'Manager Dashboard', level: 1 })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Team Members' });
    expect(sectionOrder()).toEqual(['Team Statistics', 'Training Progress', 'Team Details', 'Popular Topics']);
    expect(screen.getByRole('heading', { name: 'Total Hours' }).closest('li')).toHaveTextContent('7.75');
    expect(await screen.findByRole('button', { name: 'Ada Adams' })).toBeInTheDocument();
    expect(reads).toEqual(expect.arrayContaining([teamStatsKey(id, year), teamEmployeesKey(id), teamEntriesKey(id, year)]));
  });

  it('shows another year when it is picked', async () => {
    const user = userEvent.setup();
    renderWithApi(<ManagerView />, answersFor(year, year - 1));
    await screen.findByRole('heading', { name: 'Team Members' });
    await user.selectOptions(screen.getByLabelText('Year'), String(year - 1));
    expect(await screen.findByText('30')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Total Hours' }).closest('li')).toHaveTextContent('30');
  });

  it(`keeps the section order in local storage under ${MANAGER_LAYOUT_KEY}`, async () => {
    localStorage.setItem(MANAGER_LAYOUT_KEY, JSON.stringify(['popular-topics', 'team-details']));
    renderWithApi(<ManagerView />, answersFor(year));
    await screen.findByRole('heading', { name: 'Team Members' });
    expect(sectionOrder()).toEqual(['Popular Topics', 'Team Details', 'Team Statistics', 'Training Progress']);
  });
});
