import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithUi } from '@tht/ui/testing';
import { departments } from '../testing/fixtures';
import AdminPanel from './AdminPanel';

describe('Admin Panel', () => {
  it("has the 'Admin Panel' header with Export All Data and a tab per admin task", async () => {
    fakeApi({ getAdminStats: { totalUsers: 1, totalEntries: 0, totalHours: 0, totalDepartments: 0 } });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const user = userEvent.setup();
    renderWithUi(<AdminPanel />);
    expect(screen.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'User Management',
      'Form Fields',
      'Departments',
      'Fiscal Years',
      'Import Data',
      'Bulk Import',
      'Audit Log',
      'Notifications',
      'Connected systems',
    ]);
    expect(await screen.findByRole('heading', { name: 'System Overview' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export All Data' }));
    expect(open).toHaveBeenCalledWith('/api/export', '_blank', 'noopener');
    await user.click(screen.getByRole('button', { name: 'Export with Evidence' }));
    expect(open).toHaveBeenCalledWith('/api/export?format=xlsx&evidence=true', '_blank', 'noopener');
  });

  it('opens a tab with the keyboard and loads its content', async () => {
    fakeApi({
      listDepartments: departments,
      getAdminStats: { totalUsers: 1, totalEntries: 0, totalHours: 0, totalDepartments: 2 },
    });
    const user = userEvent.setup();
    renderWithUi(<AdminPanel />);
    screen.getByRole('tab', { name: 'User Management' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Departments' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table', { name: 'Departments' })).toBeInTheDocument();
  });
});
