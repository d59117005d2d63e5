import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Department } from '@tht/contracts';
import { fakeApi, renderWithUi, reply } from '@tht/ui/testing';
import { departments as initialDepartments } from '../testing/fixtures';
import { toasts } from '../testing/toasts';
import Departments from './Departments';

const nameOf = (body: unknown) => (body as { name: string }).name;

/** The departments routes over a list that changes as the server's would. */
function departmentsApi(deleteAnswer?: ReturnType<typeof reply>) {
  let departments: Department[] = [...initialDepartments];
  return fakeApi({
    listDepartments: () => departments,
    createDepartment: ({ body }) => {
      const created = { id: 3, name: nameOf(body), createdAt: '2025-03-01T09:00:00.000Z' };
      departments = [...departments, created];
      return created;
    },
    renameDepartment: ({ path, body }) => {
      const id = Number(path.split('/').at(-1));
      departments = departments.map((department) => (department.id === id ? { ...department, name: nameOf(body) } : department));
      return departments.find((department) => department.id === id);
    },
    deleteDepartment: deleteAnswer ?? { message: 'Department deleted' },
  });
}

function rowNames(): string[] {
  const table = screen.getByRole('table', { name: 'Departments' });
  return within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent ?? '');
}

describe('Departments', () => {
  it('lists the departments by name, ignoring case, with their created date', async () => {
    departmentsApi();
    renderWithUi(<Departments />);
    await screen.findByRole('table', { name: 'Departments' });
    expect(rowNames()).toEqual(['Engineering', 'finance']);
    const engineering = screen.getByRole('row', { name: /Engineering/ });
    expect(engineering).toHaveTextContent(new Date('2025-01-15T09:00:00.000Z').toLocaleDateString());
  });

  it('adds a department and shows it in the list', async () => {
    const api = departmentsApi();
    const user = userEvent.setup();
    renderWithUi(<Departments />);
    await user.type(await screen.findByLabelText('Department Name'), 'Legal');
    await user.click(screen.getByRole('button', { name: 'Add Department' }));

    expect(await toasts().findByText('Department added')).toBeInTheDocument();
    expect(api.callsOf('createDepartment')[0]?.body).toEqual({ name: 'Legal' });
    await waitFor(() => expect(rowNames()).toEqual(['Engineering', 'finance', 'Legal']));
    expect(screen.getByLabelText('Department Name')).toHaveValue('');
  });

  it('asks for a name before adding', async () => {
    const api = departmentsApi();
    const user = userEvent.setup();
    renderWithUi(<Departments />);
    await user.click(await screen.findByRole('button', { name: 'Add Department' }));
    expect(await screen.findByText('Department name is required')).toBeInTheDocument();
    expect(api.callsOf('createDepartment')).toHaveLength(0);
  });

  it('renames a department in the Edit Department dialog', async () => {
    const api = departmentsApi();
    const user = userEvent.setup();
    renderWithUi(<Departments />);
    await user.click(await screen.findByRole('button', { name: 'Edit Engineering' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Department' });
    const name = within(dialog).getByLabelText('Department Name');
    await user.clear(name);
    await user.type(name, 'Research');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsOf('renameDepartment')[0]?.path).toBe('/api/departments/1');
    expect(api.callsOf('renameDepartment')[0]?.body).toEqual({ name: 'Research' });
    await waitFor(() => expect(rowNames()).toEqual(['finance', 'Research']));
  });

  it('deletes a department after confirmation, and says why when the server refuses', async () => {
    const refusal = reply(409, { error: 'This department still has 2 users; move them to another department first' });
    const api = departmentsApi(refusal);
    const user = userEvent.setup();
    renderWithUi(<Departments />);
    await user.click(await screen.findByRole('button', { name: 'Delete finance' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Department' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete the department finance?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to delete department');
    expect(alert).toHaveTextContent('This department still has 2 users');
    expect(api.callsOf('deleteDepartment').map((call) => call.path)).toEqual(['/api/departments/2']);
    expect(rowNames()).toEqual(['Engineering', 'finance']);
  });
});
