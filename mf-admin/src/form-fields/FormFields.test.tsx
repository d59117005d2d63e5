import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormFieldOptionView, FormFieldView } from '@tht/contracts';
import { fakeApi, renderWithUi, reply } from '@tht/ui/testing';
import { aFormField } from '../testing/fixtures';
import { toasts } from '../testing/toasts';
import FormFields from './FormFields';

const option = (id: number, label: string, order: number): FormFieldOptionView => ({
  id,
  fieldId: 2,
  label,
  value: label.toLowerCase().replace(/\s+/g, '_'),
  order,
  createdAt: '2025-01-01T09:00:00.000Z',
});

const INITIAL: FormFieldView[] = [
  aFormField({ id: 1, name: 'venue', label: 'Venue', type: 'text', order: 1 }),
  aFormField({
    id: 2,
    name: 'provider',
    label: 'Provider',
    type: 'select',
    required: true,
    order: 2,
    options: [option(21, 'In house', 1)],
  }),
  aFormField({ id: 3, name: 'cost', label: 'Cost', type: 'number', order: 3 }),
];

/** The form-field routes over fields that change as the server's would; `refuseOrder` makes every order change fail. */
function formFieldsApi({ refuseOrder = false } = {}) {
  let fields = INITIAL.map((field) => ({ ...field, options: [...field.options] }));
  const sorted = () => [...fields].sort((a, b) => a.order - b.order || a.id - b.id);
  return fakeApi({
    listFormFields: sorted,
    listFormFieldOptions: () => fields.find((field) => field.id === 2)!.options,
    createFormField: ({ body }) => {
      const created = aFormField({ ...(body as FormFieldView), id: 4, options: [] });
      fields = [...fields, created];
      return reply(201, created);
    },
    updateFormField: ({ body }) => {
      fields = fields.map((field) => (field.id === 1 ? { ...field, ...(body as Partial<FormFieldView>) } : field));
      return fields[0];
    },
    deleteFormField: () => {
      fields = fields.filter((field) => field.id !== 3);
      return { message: 'Form field deleted' };
    },
    createFormFieldOption: ({ body }) => {
      const { label, order } = body as { label: string; order: number };
      const added = option(22, label, order);
      fields = fields.map((field) => (field.id === 2 ? { ...field, options: [...field.options, added] } : field));
      return reply(201, added);
    },
    updateFormFieldOption: ({ body }) => {
      const { label } = body as { label: string };
      fields = fields.map((field) => (field.id === 2 ? { ...field, options: [option(21, label, 1)] } : field));
      return option(21, label, 1);
    },
    deleteFormFieldOption: () => {
      fields = fields.map((field) => (field.id === 2 ? { ...field, options: [] } : field));
      return { message: 'Option deleted' };
    },
    reorderFormField: ({ path, body }) => {
      if (refuseOrder)
        return reply(409, { error: 'This record was changed by someone else at the same time. Reload and try again.' });
      const id = Number(path.split('/')[3]);
      fields = fields.map((field) => (field.id === id ? { ...field, order: (body as { order: number }).order } : field));
      return fields.find((field) => field.id === id);
    },
  });
}

const ROW_HEIGHT = 48;

/** happy-dom lays nothing out: each row gets a box in a column, as a browser would draw the list. */
function layOutRowsInAColumn() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const list = this.parentElement;
    if (this.tagName !== 'LI' || list?.getAttribute('aria-label') !== 'Custom form fields') return new DOMRect(0, 0, 0, 0);
    return new DOMRect(0, [...list.children].indexOf(this) * (ROW_HEIGHT + 8), 800, ROW_HEIGHT);
  });
}

async function fieldOrder(): Promise<string[]> {
  const list = await screen.findByRole('list', { name: 'Custom form fields' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label') ?? '');
}

const orderWrites = (api: ReturnType<typeof fakeApi>) =>
  api.callsOf('reorderFormField').map((call) => ({ path: call.path, body: call.body }));

beforeEach(layOutRowsInAColumn);

describe('Form Fields', () => {
  it('shows each field with its label, type and a Required marker, and options only for select fields', async () => {
    formFieldsApi();
    renderWithUi(<FormFields />);
    expect(await fieldOrder()).toEqual(['Venue', 'Provider', 'Cost']);
    const provider = screen.getByRole('listitem', { name: 'Provider' });
    expect(provider).toHaveTextContent('Select');
    expect(within(provider).getByText('Required')).toBeInTheDocument();
    expect(within(provider).getByRole('button', { name: 'Manage options of Provider' })).toBeInTheDocument();
    const venue = screen.getByRole('listitem', { name: 'Venue' });
    expect(venue).toHaveTextContent('Text');
    expect(within(venue).queryByText('Required')).not.toBeInTheDocument();
    expect(within(venue).queryByRole('button', { name: /Manage options/ })).not.toBeInTheDocument();
  });

  it('moves a field with the keyboard and sends each displaced field its new 1-based order', async () => {
    const api = formFieldsApi();
    const user = userEvent.setup();
    renderWithUi(<FormFields />);
    const handle = await screen.findByRole('button', { name: 'Drag Cost to reorder' });
    await waitFor(() => expect(handle).toHaveAccessibleDescription(/To pick up a field/));
    handle.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{ArrowUp}');
    await user.keyboard(' ');

    expect(await fieldOrder()).toEqual(['Cost', 'Venue', 'Provider']);
    await waitFor(() =>
      expect(orderWrites(api)).toEqual([
        { path: '/api/form-fields/3/order', body: { order: 1 } },
        { path: '/api/form-fields/1/order', body: { order: 2 } },
        { path: '/api/form-fields/2/order', body: { order: 3 } },
      ]),
    );
    await waitFor(() => expect(api.callsOf('listFormFields')).toHaveLength(2));
    expect(await fieldOrder()).toEqual(['Cost', 'Venue', 'Provider']);
  });

  it('moves a field one place with its button, sending only the two fields that swapped', async () => {
    const api = formFieldsApi();
    const user = userEvent.setup();
    renderWithUi(<FormFields />);
    await user.click(await screen.findByRole('button', { name: 'Move Venue down' }));
    expect(await fieldOrder()).toEqual(['Provider', 'Venue', 'Cost']);
    await waitFor(() =>
      expect(orderWrites(api)).toEqual([
        { path: '/api/form-fields/2/order', body: { order: 1 } },
        { path: '/api/form-fields/1/order', body: { order: 2 } },
      ]),
    );
  });

  it("puts the server's order back and says 'Failed to update field order' when a move is refused", async () => {
    formFieldsApi({ refuseOrder: true });
    const user = userEvent.setup();
    renderWithUi(<FormFields />);
    await user.click(await screen.findByRole('button', { name: 'Move Venue down' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update field order');
    await waitFor(async () => expect(await fieldOrder()).toEqual(['Venue', 'Provider', 'Cost']));
  });

  it('adds a field after the last one', async () => {
    const api = formFieldsApi();
    const user = userEvent.setup();
    renderWithUi(<FormFields />);
    await user.click(await screen.findByRole('button', { name: 'Add Field' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Field' });
    await user.type(within(dialog).getByLabelText('Field Name'), 'format');
    await user.type(within(dialog).getByLabelText('Display Label'), 'Format');
    await user.selectOptions(within(dialog).getByLabelText('Field Type'), 'Select');
    await user.click(within(dialog).getByLabelText('Required Field'));
    await user.click(within(dialog).getByRole('button', { name: 'Add Field' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsOf('createFormField')[0]?.body).toEqual({
      name: 'format',
      label: 'Format',
      type: 'select',
      required: true,
      order: 4,
    });
    expect(await toasts().findByText('Form field added')).toBeInTheDocument();
    await waitFor(async () => expect(await fieldOrder()).toEqual(['Venue', 'Provider', 'Cost', 'Format']));
  });

  it('asks for a name and a label', async () => {
    const api = formFieldsApi();
    const user = userEvent.setup();
    renderWithUi(<FormFields />);
    await user.click(await screen.findByRole('button', { name: 'Add Field' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Field' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Field' }));
    expect(within(dialog).getByText('Field name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Display label is required')).toBeInTheDocument();
    expect(api.callsOf('createFormField')).toHaveLength(0);
  });

  it('edits a field in the Edit Field dialog', async () => {
    const api = formFieldsApi();
    const user = userEvent.setup();
    renderWithUi(<FormFields />);
    await user.click(await screen.findByRole('button', { name: 'Edit Venue' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Field' });
    expect(within(dialog).getByLabelText('Field Name')).toHaveValue('venue');
    const label = within(dialog).getByLabelText('Display Label');
    await user.clear(label);
    await user.type(label, 'Location');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsOf('updateFormField')[0]?.body).toEqual({
      name: 'venue',
      label: 'Location',
      type: 'text',
      required: false,
    });
    await waitFor(async () => expect(await fieldOrder()).toEqual(['Location', 'Provider', 'Cost']));
  });

  it('deletes a field after confirmation', async () => {
    const api = formFieldsApi();
    const user = userEvent.setup();
    renderWithUi(<FormFields />);
    await user.click(await screen.findByRole('button', { name: 'Delete Cost' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete Form Field' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(async () => expect(await fieldOrder()).toEqual(['Venue', 'Provider']));
    expect(api.callsOf('deleteFormField')).toHaveLength(1);
  });

  it("manages a select field's options: lists, adds with the value derived from the label, relabels and deletes", async () => {
    const api = formFieldsApi();
    const user = userEvent.setup();
    renderWithUi(<FormFields />);
    await user.click(await screen.findByRole('button', { name: 'Manage options of Provider' }));
    const dialog = screen.getByRole('dialog', { name: 'Options of Provider' });
    expect(await within(dialog).findByRole('rowheader', { name: 'In house' })).toBeInTheDocument();

    const add = within(dialog).getByRole('form', { name: 'Add an option' });
    await user.type(within(add).getByLabelText('Option Label'), 'Project Management!');
    expect(add).toHaveTextContent('Stored as project_management');
    await user.click(within(add).getByRole('button', { name: 'Add Option' }));
    expect(await within(dialog).findByRole('rowheader', { name: 'Project Management!' })).toBeInTheDocument();
    expect(api.callsOf('createFormFieldOption')[0]?.body).toEqual({
      label: 'Project Management!',
      value: 'project_management',
      order: 2,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Edit option In house' }));
    const edit = within(dialog).getByRole('form', { name: 'Edit option In house' });
    await user.clear(within(edit).getByLabelText('Option Label'));
    await user.type(within(edit).getByLabelText('Option Label'), 'Internal');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('rowheader', { name: 'Internal' })).toBeInTheDocument();
    expect(api.callsOf('updateFormFieldOption')[0]?.body).toEqual({ label: 'Internal', value: 'internal' });

    await user.click(within(dialog).getByRole('button', { name: 'Delete option Internal' }));
    await waitFor(() => expect(within(dialog).queryByRole('rowheader', { name: 'Internal' })).not.toBeInTheDocument());
    expect(api.callsOf('deleteFormFieldOption')).toHaveLength(1);
  });
});
