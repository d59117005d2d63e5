import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import MyDashboard from '../dashboard/MyDashboard';
import { employeeApi } from '../testing/employeeApi';
import { employee } from '../testing/fixtures';
import { renderWithUi } from '../testing/renderWithUi';

const certificate = (trainingName: string, validUntil: string, daysLeft: number, entryId: number) => ({
  userId: employee.id,
  name: 'Ada Lovelace',
  department: 'Engineering',
  entryId,
  trainingName,
  validUntil,
  daysLeft,
});

describe("My Dashboard's Certificates expiring card", () => {
  it('lists my certificates expiring within 60 days, lapsed ones as expired N days ago', async () => {
    const api = employeeApi({
      routes: {
        listMyExpiringCertificates: [
          certificate('Safeguarding', '2025-03-01', -3, 4),
          certificate('First Aid', '2025-03-14', 1, 5),
          certificate('Fire Safety', '2025-05-01', 48, 6),
        ],
      },
    });
    renderWithUi(<MyDashboard />);
    const card = await screen.findByRole('region', { name: 'Certificates expiring' });
    const items = within(await within(card).findByRole('list', { name: 'Certificates expiring' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'SafeguardingValid until 1 Mar 2025Expired 3 days ago',
      'First AidValid until 14 Mar 2025Expires in 1 day',
      'Fire SafetyValid until 1 May 2025Expires in 48 days',
    ]);
    expect(api.callsOf('listMyExpiringCertificates').map((call) => call.query.get('days'))).toEqual(['60']);
  });

  it('says so when none expire', async () => {
    employeeApi();
    renderWithUi(<MyDashboard />);
    const card = await screen.findByRole('region', { name: 'Certificates expiring' });
    expect(await within(card).findByText('No certificates expire within 60 days.')).toBeVisible();
  });
});
