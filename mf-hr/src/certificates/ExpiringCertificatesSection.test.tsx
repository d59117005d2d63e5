import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ExpiringCertificate } from '@tht/contracts';
import { renderWithHrApi, Status } from '../testing/hrTestApi';
import { ExpiringCertificatesSection } from './ExpiringCertificatesSection';

const certificate = (overrides: Partial<ExpiringCertificate>): ExpiringCertificate => ({
  userId: 7,
  name: 'Ann Archer',
  department: 'Nursing',
  entryId: 1,
  trainingName: 'First Aid',
  validUntil: '2026-12-08',
  daysLeft: 10,
  ...overrides,
});

const everyone = [
  certificate({
    entryId: 4,
    userId: 8,
    name: 'Ben Baker',
    department: 'Estates',
    trainingName: 'Safeguarding',
    validUntil: '2026-11-08',
    daysLeft: -20,
  }),
  certificate({}),
];

const departments = [
  { id: 1, name: 'Estates', createdAt: '2025-01-01T09:00:00.000Z' },
  { id: 2, name: 'Nursing', createdAt: '2025-01-01T09:00:00.000Z' },
];

function rows(): string[][] {
  const table = screen.getByRole('table', { name: 'Certificates expiring' });
  return within(table)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole(row.querySelector('th') ? 'columnheader' : 'cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

describe("HR View's Certificates expiring", () => {
  it('shows who, what, when and the days left, soonest first', async () => {
    renderWithHrApi(<ExpiringCertificatesSection />, {
      'listExpiringCertificates?days=60': everyone,
      listDepartments: departments,
    });
    await screen.findByRole('table', { name: 'Certificates expiring' });
    expect(rows()).toEqual([
      ['Employee', 'Department', 'Training', 'Valid until', 'Days left'],
      ['Ben Baker', 'Estates', 'Safeguarding', '8 Nov 2026', 'Expired 20 days ago'],
      ['Ann Archer', 'Nursing', 'First Aid', '8 Dec 2026', 'Expires in 10 days'],
    ]);
  });

  it('filters by department and window, and exports what it shows as CSV', async () => {
    const user = userEvent.setup();
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const api = renderWithHrApi(<ExpiringCertificatesSection />, {
      'listExpiringCertificates?days=60': everyone,
      'listExpiringCertificates?days=60&departmentId=2': [certificate({})],
      'listExpiringCertificates?days=30&departmentId=2': [],
      listDepartments: departments,
    });
    await screen.findByRole('table', { name: 'Certificates expiring' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Department' }), 'Nursing');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]).toEqual(['Ann Archer', 'Nursing', 'First Aid', '8 Dec 2026', 'Expires in 10 days']);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(open).toHaveBeenCalledWith('/api/hr/certificates-expiring?days=60&departmentId=2&format=csv', '_blank', 'noopener');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Expiring within' }), '30 days');
    expect(await screen.findByText('No certificates expire within 30 days for the selected people.')).toBeVisible();
    expect(api.calls.map((call) => call.url).filter((url) => url.startsWith('/api/hr/certificates-expiring'))).toEqual([
      '/api/hr/certificates-expiring?days=60',
      '/api/hr/certificates-expiring?days=60&departmentId=2',
      '/api/hr/certificates-expiring?days=30&departmentId=2',
    ]);
  });

  it("shows the server's refusal", async () => {
    renderWithHrApi(<ExpiringCertificatesSection />, {
      listExpiringCertificates: new Status(403, { error: 'HR or admin access required' }),
      listDepartments: departments,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the certificates: HR or admin access required');
  });
});
