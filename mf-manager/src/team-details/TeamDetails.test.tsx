import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { teamEmployeesKey, teamEntriesKey, teamStatsKey } from '../testing/teamKeys';
import { aReport, anEntry, employeeStats, teamStats, YEAR } from '../testing/fixtures';
import { neverAnswered, renderWithApi } from '../testing/renderWithApi';
import { TeamDetails } from './TeamDetails';

const answers = {
  [teamEmployeesKey(3)]: [aReport(), aReport({ id: 8, firstName: 'Bob', lastName: 'Brown', email: 'bob@example.com' })],
  [teamStatsKey(3, YEAR)]: teamStats(),
  [teamEntriesKey(3, YEAR)]: [
    anEntry(),
    anEntry({
      id: 12,
      trainingName: 'Agile Project Management',
      date: '2025-01-15',
      hours: '4',
      rating: 4,
      beInnovative: false,
      trainingType: 'external',
    }),
  ],
};

describe('TeamDetails', () => {
  it("shows each report's history summary and, expanded, their entry cards", async () => {
    const user = userEvent.setup();
    renderWithApi(<TeamDetails managerId={3} year={YEAR} />, answers);
    const ada = await screen.findByRole('button', { name: 'Ada Adams' });
    const summary = screen.getByLabelText('Training history of Ada Adams');
    expect(summary).toHaveTextContent('Sessions2Total Hours6.5High Rated (4+)2');
    expect(ada).toHaveAttribute('aria-expanded', 'false');

    await user.click(ada);
    expect(ada).toHaveAttribute('aria-expanded', 'true');
    const cards = screen.getByRole('list', { name: 'Training entries of Ada Adams' });
    const leadership = within(cards).getByRole('article', { name: 'Leadership Essentials' });
    expect(leadership).toHaveTextContent('Date14 Mar 2025Hours2.5 hoursTypeInternalRating5/5Be Innovative');
    const agile = within(cards).getByRole('article', { name: 'Agile Project Management' });
    expect(agile).toHaveTextContent('Date15 Jan 2025Hours4 hoursTypeExternalRating4/5');
    expect(within(agile).queryByText('Be Innovative')).not.toBeInTheDocument();
  });

  it('marks a report with certificates expiring within 60 days and lists them', async () => {
    const expiring = [
      { entryId: 20, trainingName: 'Safeguarding', validUntil: '2025-03-01', daysLeft: -3 },
      { entryId: 21, trainingName: 'First Aid', validUntil: '2025-04-14', daysLeft: 41 },
    ];
    const stats = teamStats({
      employeeStats: [
        employeeStats({ expiringCertificates: expiring }),
        employeeStats({ id: 8, name: 'Bob Brown', expiringCertificates: [] }),
      ],
    });
    renderWithApi(<TeamDetails managerId={3} year={YEAR} />, { ...answers, [teamStatsKey(3, YEAR)]: stats });
    expect(await screen.findByRole('button', { name: 'Ada Adams 2 certificates expiring' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bob Brown' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Certificates expiring of Ada Adams' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['SafeguardingValid until 1 Mar 2025Expired 3 days ago', 'First AidValid until 14 Apr 2025Expires in 41 days']);
    expect(screen.queryByRole('list', { name: 'Certificates expiring of Bob Brown' })).not.toBeInTheDocument();
  });

  it('tells when a report has no entries in the year', async () => {
    const user = userEvent.setup();
    renderWithApi(<TeamDetails managerId={3} year={YEAR} />, answers);
    await user.click(await screen.findByRole('button', { name: 'Bob Brown' }));
    expect(screen.getByText('No training records found for 2025')).toBeInTheDocument();
  });

  it('says Loading employee data... until the reports and their figures come', async () => {
    renderWithApi(<TeamDetails managerId={3} year={YEAR} />, { ...answers, [teamEmployeesKey(3)]: neverAnswered() });
    expect(screen.getByRole('status', { name: 'Loading employee data...' })).toBeInTheDocument();
  });
});
