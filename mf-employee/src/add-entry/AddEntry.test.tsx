import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply } from '../testing/fakeApi';
import { employeeApi } from '../testing/employeeApi';
import { aFormField, anEntry } from '../testing/fixtures';
import { renderWithUi } from '../testing/renderWithUi';
import AddEntry from './AddEntry';

const customFields = [
  aFormField({ id: 1, name: 'venue', label: 'Venue', type: 'text', order: 1 }),
  aFormField({ id: 2, name: 'summary', label: 'Summary', type: 'textarea', order: 2 }),
  aFormField({
    id: 3,
    name: 'delivery',
    label: 'Delivery Mode',
    type: 'select',
    required: true,
    order: 3,
    options: [
      { id: 31, fieldId: 3, value: 'in_person', label: 'In person', order: 1, createdAt: '' },
      { id: 32, fieldId: 3, value: 'online', label: 'Online', order: 2, createdAt: '' },
    ],
  }),
  aFormField({ id: 4, name: 'certified', label: 'Certificate received', type: 'checkbox', order: 4 }),
  aFormField({ id: 5, name: 'cost', label: 'Cost', type: 'number', order: 5 }),
];

async function fillRequiredFields(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Training Name' }), 'Leadership Essentials');
  fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: '2025-04-01' } });
  await user.type(screen.getByRole('spinbutton', { name: 'Hours' }), '3.25');
}

describe('Add Development Entry', () => {
  it('prefills the names, manager and department of the signed-in user', async () => {
    employeeApi();
    renderWithUi(<AddEntry />);
    expect(await screen.findByRole('textbox', { name: 'First Name' })).toHaveValue('Ada');
    expect(screen.getByRole('textbox', { name: 'Last Name' })).toHaveValue('Lovelace');
    expect(screen.getByRole('combobox', { name: 'Manager Name' })).toHaveValue('Grace Hopper');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Department' })).toHaveValue('Engineering'));
    expect(screen.getByRole('option', { name: 'Finance' })).toBeInTheDocument();
    const hours = screen.getByRole('spinbutton', { name: 'Hours' });
    expect(hours).toHaveAttribute('step', '0.25');
    expect(hours).toHaveAttribute('min', '0');
  });

  it('labels every field with its name alone and marks the required ones', async () => {
    employeeApi();
    renderWithUi(<AddEntry />);
    await screen.findByRole('textbox', { name: 'First Name' });
    const required = ['First Name', 'Last Name', 'Training Name', 'Date', 'Hours', 'Manager Name', 'Department'];
    for (const label of required) expect(screen.getByLabelText(label)).toHaveAttribute('aria-required', 'true');
    for (const label of ['Training Type', 'Course Given By', 'Rating (optional)', 'Be Innovative', 'Notes']) {
      expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-required');
    }
  });

  it('requires training name, date, hours, manager and department', async () => {
    const api = employeeApi();
    const user = userEvent.setup();
    renderWithUi(<AddEntry />);
    await user.clear(await screen.findByRole('combobox', { name: 'Manager Name' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Department' }), '');
    await user.click(screen.getByRole('button', { name: 'Save Entry' }));
    for (const message of [
      'Training name is required',
      'Date is required',
      'Hours is required',
      'Manager name is required',
      'Department is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(api.callsOf('logEntry')).toHaveLength(0);
  });

  it('renders the admin’s custom fields by type and enforces the required ones', async () => {
    const api = employeeApi({ formFields: customFields });
    const user = userEvent.setup();
    renderWithUi(<AddEntry />);
    expect(await screen.findByRole('textbox', { name: 'Venue' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Summary' }).tagName).toBe('TEXTAREA');
    const delivery = screen.getByRole('combobox', { name: 'Delivery Mode' });
    expect(delivery).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('option', { name: 'Online' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Certificate received' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Cost' })).toBeInTheDocument();

    await fillRequiredFields(user);
    await user.click(screen.getByRole('button', { name: 'Save Entry' }));
    expect(screen.getByText('Delivery Mode is required')).toBeInTheDocument();
    expect(delivery).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsOf('logEntry')).toHaveLength(0);
  });

  it('saves the entry with its custom values, says so and starts a fresh form', async () => {
    const api = employeeApi({ formFields: customFields, routes: { logEntry: anEntry() } });
    const user = userEvent.setup();
    renderWithUi(<AddEntry />);
    await screen.findByRole('textbox', { name: 'Venue' });
    await fillRequiredFields(user);
    await user.type(screen.getByRole('textbox', { name: 'Course Given By' }), 'Lead Academy');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Training Type' }), 'external');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rating (optional)' }), '5');
    await user.click(screen.getByRole('checkbox', { name: 'Be Innovative' }));
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Great course');
    await user.type(screen.getByRole('textbox', { name: 'Venue' }), 'Room 4');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Delivery Mode' }), 'online');
    await user.click(screen.getByRole('checkbox', { name: 'Certificate received' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Cost' }), '120');
    await user.click(screen.getByRole('button', { name: 'Save Entry' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Entry saved');
    expect(status).toHaveTextContent('Your development entry has been saved');
    expect(api.callsOf('logEntry')[0]?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      trainingName: 'Leadership Essentials',
      date: '2025-04-01',
      hours: 3.25,
      managerName: 'Grace Hopper',
      department: 'Engineering',
      trainingType: 'external',
      courseGivenBy: 'Lead Academy',
      rating: 5,
      beInnovative: true,
      notes: 'Great course',
      customFields: { venue: 'Room 4', delivery: 'online', certified: true, cost: 120 },
      validUntil: null,
    });
    expect(screen.getByRole('textbox', { name: 'Training Name' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Venue' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveValue('Ada');
  });

  it('takes an optional Valid until date after the training date', async () => {
    const api = employeeApi({ routes: { logEntry: anEntry() } });
    const user = userEvent.setup();
    renderWithUi(<AddEntry />);
    await screen.findByRole('textbox', { name: 'First Name' });
    await fillRequiredFields(user);
    const validUntil = screen.getByLabelText('Valid until (optional)');
    expect(validUntil).not.toHaveAttribute('aria-required');
    fireEvent.change(validUntil, { target: { value: '2025-03-31' } });
    await user.click(screen.getByRole('button', { name: 'Save Entry' }));
    expect(screen.getByText('Valid until must be after the training date')).toBeInTheDocument();
    expect(api.callsOf('logEntry')).toHaveLength(0);

    fireEvent.change(validUntil, { target: { value: '2027-04-01' } });
    await user.click(screen.getByRole('button', { name: 'Save Entry' }));
    await waitFor(() => expect(api.callsOf('logEntry')).toHaveLength(1));
    expect(api.callsOf('logEntry')[0]?.body).toMatchObject({ date: '2025-04-01', validUntil: '2027-04-01' });
  });

  it('says Failed to save entry with the server’s message and keeps what was typed', async () => {
    employeeApi({
      routes: {
        logEntry: reply(400, { error: 'Date must be a real date written YYYY-MM-DD, in the years 1901 to 2099' }),
      },
    });
    const user = userEvent.setup();
    renderWithUi(<AddEntry />);
    await screen.findByRole('textbox', { name: 'Training Name' });
    await fillRequiredFields(user);
    await user.click(screen.getByRole('button', { name: 'Save Entry' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to save entry');
    expect(alert).toHaveTextContent('Date must be a real date');
    expect(screen.getByRole('textbox', { name: 'Training Name' })).toHaveValue('Leadership Essentials');
  });
});
