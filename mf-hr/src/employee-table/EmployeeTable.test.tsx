import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dashboardRoutes, YEAR } from '../testing/fixtures';
import { renderWithHrApi, Status } from '../testing/hrTestApi';
import { EmployeeTable } from './EmployeeTable';

const table = () => screen.getByRole('table', { name: `Employees in ${YEAR}` });
const names = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.querySelector('strong')!.textContent);
const toasts = () => screen.getByRole('region', { name: 'Notifications' });

async function renderTable(routes: Record<string, unknown> = {}) {
  const api = renderWithHrApi(<EmployeeTable year={YEAR} />, dashboardRoutes(routes));
  expect(screen.getByRole('status', { name: 'Loading employees...' })).toBeInTheDocument();
  await screen.findByRole('table', { name: `Employees in ${YEAR}` });
  return api;
}

describe('the employee table', () => {
  it('lists every employee with role, hours, target and completed training with the latest 2 courses', async () => {
    await renderTable();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Employee', 'Role', 'Total Hours', 'Target Hours', 'Completed Training']);
    expect(names()).toEqual(['Ada Adams', 'Bob Brown', 'Carl Clark', 'Hana Hughes']);
    const ada = within(table()).getAllByRole('row')[1]!;
    expect(
      within(ada)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Ada Adamsada@example.com',
      'Employee',
      '7.5',
      '40 Edit',
      '3Excel Skills (2025-07-04)Leadership Essentials (2025-05-01)',
    ]);
    expect(screen.getByText('Showing 4 of 4 employees')).toBeInTheDocument();
  });

  it('searches by name or e-mail and filters by role; says when nobody matches', async () => {
    const user = userEvent.setup();
    await renderTable();
    await user.type(screen.getByLabelText('Search employees'), 'BOB');
    expect(names()).toEqual(['Bob Brown']);
    expect(screen.getByText('Showing 1 of 4 employees')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search employees'));
    await user.type(screen.getByLabelText('Search employees'), 'carl@example');
    expect(names()).toEqual(['Carl Clark']);
    await user.clear(screen.getByLabelText('Search employees'));
    await user.selectOptions(screen.getByLabelText('Role'), 'hr');
    expect(names()).toEqual(['Hana Hughes']);
    await user.type(screen.getByLabelText('Search employees'), 'ada');
    expect(screen.getByText('No employees found matching the selected criteria.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 4 employees')).toBeInTheDocument();
  });

  it('sorts by a column when its header is pressed', async () => {
    const user = userEvent.setup();
    await renderTable();
    await user.click(within(table()).getByRole('button', { name: 'Total Hours' }));
    expect(within(table()).getByRole('columnheader', { name: /Total Hours/ })).toHaveAttribute('aria-sort');
    const order = names();
    await user.click(within(table()).getByRole('button', { name: /Total Hours/ }));
    expect(names()).toEqual([...order].reverse());
  });

  it("updates a person's own target with 'HR adjustment', and creates one for someone without", async () => {
    const user = userEvent.setup();
    const api = await renderTable({ [`PUT /api/user-targets/1/${YEAR}`]: {}, 'POST /api/user-targets': {} });
    await user.click(screen.getByRole('button', { name: 'Edit target for Ada Adams' }));
    let dialog = screen.getByRole('dialog', { name: `Target for Ada Adams in ${YEAR}` });
    const hours = within(dialog).getByLabelText('Target Hours');
    expect(hours).toHaveValue(40);
    expect(hours).toHaveAttribute('min', '1');
    expect(hours).toHaveAttribute('max', '10000');
    await user.clear(hours);
    await user.type(hours, '45');
    await user.click(within(dialog).getByRole('button', { name: 'Save Target' }));
    expect(await within(toasts()).findByText('User target updated successfully!')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit target for Bob Brown' }));
    dialog = screen.getByRole('dialog', { name: `Target for Bob Brown in ${YEAR}` });
    await user.clear(within(dialog).getByLabelText('Target Hours'));
    await user.type(within(dialog).getByLabelText('Target Hours'), '10001');
    await user.click(within(dialog).getByRole('button', { name: 'Save Target' }));
    expect(within(dialog).getByText('Target hours must be a whole number from 1 to 10000')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Target Hours'));
    await user.type(within(dialog).getByLabelText('Target Hours'), '60');
    await user.click(within(dialog).getByRole('button', { name: 'Save Target' }));
    expect(await within(toasts()).findByText('User target set successfully!')).toBeInTheDocument();

    expect(api.writes()).toEqual([
      { method: 'PUT', url: `/api/user-targets/1/${YEAR}`, body: { targetHours: 45, reason: 'HR adjustment' } },
      { method: 'POST', url: '/api/user-targets', body: { userId: 2, year: YEAR, targetHours: 60, reason: 'HR adjustment' } },
    ]);
  });

  it('says why a target could not be saved', async () => {
    const user = userEvent.setup();
    await renderTable({ 'POST /api/user-targets': new Status(409, { error: `This user already has a target for ${YEAR}` }) });
    await user.click(screen.getByRole('button', { name: 'Edit target for Bob Brown' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save Target' }));
    expect(await within(toasts()).findByText('Failed to set user target')).toBeInTheDocument();
    expect(within(toasts()).getByText(`This user already has a target for ${YEAR}`)).toBeInTheDocument();
  });

  it("sets one target for the chosen employees in one request, defaulting to the year's most common target", async () => {
    const user = userEvent.setup();
    const api = await renderTable({
      'POST /api/user-targets/bulk': {
        year: YEAR,
        targetHours: 40,
        reason: 'Company-wide assignment',
        employees: 3,
        created: 2,
        updated: 1,
        unchanged: 0,
      },
    });
    await user.click(screen.getByRole('button', { name: 'Set employee targets' }));
    const dialog = screen.getByRole('dialog', { name: 'Set employee targets' });
    expect(within(dialog).getByLabelText('Target Hours')).toHaveValue(40);
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Company-wide assignment');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Bob Brown' }));
    await user.click(within(dialog).getByRole('button', { name: 'Set Targets' }));
    expect(await within(toasts()).findByText('Set 40 hour targets for all 3 employees')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        url: '/api/user-targets/bulk',
        body: { year: YEAR, targetHours: 40, reason: 'Company-wide assignment', userIds: [1, 3, 4] },
      },
    ]);
  });

  it("refuses a bulk assignment for nobody with 'No users found'", async () => {
    const user = userEvent.setup();
    const api = await renderTable();
    await user.click(screen.getByRole('button', { name: 'Set employee targets' }));
    const dialog = screen.getByRole('dialog', { name: 'Set employee targets' });
    await user.click(within(dialog).getByRole('checkbox', { name: /All employees/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Set Targets' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('No users found');
    expect(api.writes()).toEqual([]);
  });
});
