import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Department } from '@tht/contracts';
import { fakeApi, renderWithUi, reply } from '@tht/ui/testing';
import { departments as initialDepartments } from '../testing/fixtures';
import { toasts } from '../testing/toasts';
import Departments from './Departments';

/** The departments routes over a list that changes as the server's would. */
function departmentsApi(deleteAnswer?: ReturnType<typeof reply>) {
  let departments: Department[] = [...initialDepartments];
  return fakeApi({
    'GET /api/departments': () => departments,
    'POST /api/departments': ({ body }: { body: { name: string } }) => {
      const created = { id: 3, name: body.name, createdAt: '2025-03-01T09:00:00.000Z' };
      departments = [...departments, created];
      return reply(201, created);
    },
    'PUT /api/departments/1': ({ body }: { body: { name: string } }) => {
      departments = departments.map((department) => (department.id === 1 ? { ...department, name: body.name } : department));
      return departments.find((department) => department.id === 1);
    },
    'DELETE /api/departments/2': deleteAnswer ?? { message: 'Department deleted' },
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
    expect(api.callsTo('POST', '/api/departments')[0]?.body).toEqual({ name: 'Legal' });
    await waitFor(() => expect(rowNames()).toEqual(['Engineering', 'finance', 'Legal']));
    expect(screen.getByLabelText('Department Name')).toHaveValue('');
  });

  it('asks for a name before adding', async () => {
    const api = departmentsApi();
    const user = userEvent.setup();
    renderWithUi(<Departments />);
    await user.click(await screen.findByRole('button', { name: 'Add Department' }));
    expect(await screen.findByText('Department name is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/departments')).toHaveLength(0);
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
    expect(api.callsTo('PUT', '/api/departments/1')[0]?.body).toEqual({ name: 'Research' });
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
    expect(api.callsTo('DELETE', '/api/departments/2')).toHaveLength(1);
    expect(rowNames()).toEqual(['Engineering', 'finance']);
  });
});
