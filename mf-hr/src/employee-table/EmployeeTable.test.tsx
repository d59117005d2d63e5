import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUserTarget, dashboardRoutes, employee, employeePages, employeesPage, YEAR } from '../testing/fixtures';
import { renderWithHrApi, Status, type HrRoutes, type RecordedCall } from '../testing/hrTestApi';
import { EmployeeTable } from './EmployeeTable';

const table = () => screen.getByRole('table', { name: `Employees in ${YEAR}` });
const names = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.querySelector('strong')!.textContent);
const toasts = () => screen.getByRole('region', { name: 'Notifications' });

/** The employee table's page reads, as the query each asked for. */
const pageReads = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.url.startsWith('/api/hr/employees?'))
    .map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));
const lastPageRead = (calls: RecordedCall[]) => pageReads(calls).at(-1);
/** A search is sent 300 ms after the last keystroke: its answer may take longer than waitFor's default second on a busy machine. */
const eventually = (check: () => void) => waitFor(check, { timeout: 10_000 });

async function renderTable(routes: HrRoutes = {}) {
  const api = renderWithHrApi(<EmployeeTable year={YEAR} />, dashboardRoutes(routes));
  expect(screen.getByRole('status', { name: 'Loading employees...' })).toBeInTheDocument();
  await screen.findByRole('table', { name: `Employees in ${YEAR}` });
  return api;
}

const BULK_RESULT = {
  year: YEAR,
  targetHours: 40,
  reason: 'Company-wide assignment',
  employees: 4,
  created: 3,
  updated: 1,
  unchanged: 0,
};

describe('the employee table', () => {
  it('shows the page the server sends with role, hours, target and the latest 2 courses, and the counts over everyone', async () => {
    const api = await renderTable();
    expect(pageReads(api.calls)).toEqual([{ year: String(YEAR), page: '1', search: '', role: '', sort: 'name', order: 'asc' }]);
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
    const pages = screen.getByRole('navigation', { name: 'Employee table pages' });
    expect(within(pages).getByText('Showing 4 of 4 employees')).toBeInTheDocument();
    expect(within(pages).getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('shows deactivated people (leavers) on asking, marked, and the active ones by default', async () => {
    const leaver = employee({ id: 9, name: 'Lea Leaver', deactivatedAt: `${YEAR}-03-01T10:00:00.000Z` });
    const user = userEvent.setup();
    const api = await renderTable({
      listHrEmployees: ({ url }: { url: string }) =>
        new URL(url, 'http://localhost').searchParams.get('status') === 'deactivated'
          ? employeesPage([leaver])
          : employeePages({ url }),
    });
    expect(screen.getByLabelText('Status')).toHaveValue('active');
    expect(lastPageRead(api.calls)).not.toHaveProperty('status');
    await user.selectOptions(screen.getByLabelText('Status'), 'Deactivated');
    await eventually(() => expect(names()).toEqual(['Lea Leaver']));
    expect(lastPageRead(api.calls)).toMatchObject({ status: 'deactivated', page: '1' });
    expect(within(table()).getAllByRole('row')[1]).toHaveTextContent('Lea Leaver (Deactivated)');
  });

  it('asks the server to search by name or e-mail and to filter by role; says when nobody matches', async () => {
    const user = userEvent.setup();
    const api = await renderTable();
    await user.type(screen.getByLabelText('Search employees'), 'BOB');
    await eventually(() => expect(names()).toEqual(['Bob Brown']));
    expect(lastPageRead(api.calls)).toMatchObject({ search: 'BOB', role: '', page: '1' });
    expect(screen.getByText('Showing 1 of 4 employees')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search employees'));
    await user.selectOptions(screen.getByLabelText('Role'), 'hr');
    await eventually(() => expect(names()).toEqual(['Hana Hughes']));
    expect(lastPageRead(api.calls)).toMatchObject({ search: '', role: 'hr' });
    await user.type(screen.getByLabelText('Search employees'), 'ada');
    expect(
      await screen.findByText('No employees found matching the selected criteria.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 4 employees')).toBeInTheDocument();
  });

  it('asks the server for the order of a pressed header, either way, and shows it with aria-sort', async () => {
    const user = userEvent.setup();
    const api = await renderTable();
    await user.click(within(table()).getByRole('button', { name: 'Total Hours' }));
    await eventually(() => expect(lastPageRead(api.calls)).toMatchObject({ sort: 'totalHours', order: 'desc', page: '1' }));
    expect(within(table()).getByRole('columnheader', { name: /Total Hours/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(table()).getByRole('button', { name: /Total Hours/ }));
    await eventually(() => expect(lastPageRead(api.calls)).toMatchObject({ sort: 'totalHours', order: 'asc' }));
    await user.click(within(table()).getByRole('button', { name: /Employee/ }));
    // Back to the first order: SWR may answer it from its cache (a read within 2 s is not sent again).
    await eventually(() =>
      expect(within(table()).getByRole('columnheader', { name: /Employee/ })).toHaveAttribute('aria-sort', 'ascending'),
    );
    expect(names()).toEqual(['Ada Adams', 'Bob Brown', 'Carl Clark', 'Hana Hughes']);
  });

  it('turns the pages the server counts, and goes back to the first page for a new search', async () => {
    const user = userEvent.setup();
    const pageTwo = [employee({ id: 60, name: 'Zed Zulu' })];
    const api = await renderTable({
      listHrEmployees: ({ url }: RecordedCall) =>
        url.includes('page=2')
          ? employeesPage(pageTwo, { total: 51, page: 2, totalPages: 2, allEmployees: 51 })
          : employeesPage([employee({ id: 1, name: 'Ada Adams' })], { total: 51, totalPages: 2, allEmployees: 51 }),
    });
    const pages = screen.getByRole('navigation', { name: 'Employee table pages' });
    expect(within(pages).getByText('Showing 51 of 51 employees')).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await eventually(() => expect(names()).toEqual(['Zed Zulu']));
    expect(within(pages).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.type(screen.getByLabelText('Search employees'), 'a');
    await eventually(() => expect(lastPageRead(api.calls)).toMatchObject({ search: 'a', page: '1' }));
  });

  it("updates a person's own target with 'HR adjustment', and creates one for someone without", async () => {
    const user = userEvent.setup();
    const api = await renderTable({
      updateUserTarget: aUserTarget(1, YEAR, 45),
      createUserTarget: aUserTarget(2, YEAR, 60),
    });
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
    await renderTable({ createUserTarget: new Status(409, { error: `This user already has a target for ${YEAR}` }) });
    await user.click(screen.getByRole('button', { name: 'Edit target for Bob Brown' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save Target' }));
    expect(await within(toasts()).findByText('Failed to set user target')).toBeInTheDocument();
    expect(within(toasts()).getByText(`This user already has a target for ${YEAR}`)).toBeInTheDocument();
  });

  it("sets one target for all employees in one request, however many, defaulting to the server's bulk default", async () => {
    const user = userEvent.setup();
    const api = await renderTable({ assignUserTargetsInBulk: BULK_RESULT });
    await user.click(screen.getByRole('button', { name: 'Set employee targets' }));
    const dialog = screen.getByRole('dialog', { name: 'Set employee targets' });
    expect(within(dialog).getByRole('checkbox', { name: 'All employees (4)' })).toBeChecked();
    expect(within(dialog).getByLabelText('Target Hours')).toHaveValue(40);
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Company-wide assignment');
    await user.click(within(dialog).getByRole('button', { name: 'Set Targets' }));
    expect(await within(toasts()).findByText('Set 40 hour targets for all 4 employees')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      { method: 'POST', url: '/api/user-targets/bulk', body: { year: YEAR, targetHours: 40, reason: 'Company-wide assignment' } },
    ]);
  });

  it('sets it for the people chosen by searching, kept while the search changes', async () => {
    const user = userEvent.setup();
    const api = await renderTable({ assignUserTargetsInBulk: { ...BULK_RESULT, employees: 2 } });
    await user.click(screen.getByRole('button', { name: 'Set employee targets' }));
    const dialog = screen.getByRole('dialog', { name: 'Set employee targets' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'All employees (4)' }));
    await user.type(within(dialog).getByLabelText('Find employees'), 'bob');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Bob Brown' }, { timeout: 4000 }));
    await user.clear(within(dialog).getByLabelText('Find employees'));
    await user.type(within(dialog).getByLabelText('Find employees'), 'hana');
    await eventually(() => expect(within(dialog).queryByRole('checkbox', { name: 'Bob Brown' })).toBeNull());
    await user.click(within(dialog).getByRole('checkbox', { name: 'Hana Hughes' }));
    expect(within(dialog).getByText('2 chosen')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Set Targets' }));
    expect(await within(toasts()).findByText('Set 40 hour targets for all 2 employees')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        url: '/api/user-targets/bulk',
        body: { year: YEAR, targetHours: 40, reason: 'Company-wide assignment', userIds: [2, 4] },
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
