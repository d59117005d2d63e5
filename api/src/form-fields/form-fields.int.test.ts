import type { FormFieldOptionView, FormFieldView } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

let app: TestApp;
let admin: SignedInTestUser;
let employee: SignedInTestUser;

const asAdmin = () => ({ token: admin.token });

async function addField(body: Record<string, unknown>): Promise<FormFieldView> {
  const response = await request<FormFieldView>(app, 'POST', '/api/form-fields', { ...asAdmin(), body });
  expect(response.status).toBe(201);
  return response.body;
}

async function fields(): Promise<FormFieldView[]> {
  const response = await request<FormFieldView[]>(app, 'GET', '/api/form-fields', { token: employee.token });
  expect(response.status).toBe(200);
  return response.body;
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await createUserAndLogin(app, { role: 'admin' });
  employee = await createUserAndLogin(app);
});

afterAll(() => app?.close());

describe('form fields', () => {
  it('are created by admins, last in order, and read by anyone signed in', async () => {
    const venue = await addField({ name: 'venue', label: 'Venue', type: 'text', required: true, order: 99 });
    const level = await addField({ name: 'level', label: 'Level', type: 'select' });
    expect(venue).toMatchObject({ name: 'venue', label: 'Venue', type: 'text', required: true, order: 1, options: [] });
    expect(level).toMatchObject({ required: false, order: 2 });
    expect((await fields()).map((field) => field.name)).toEqual(['venue', 'level']);
    expect((await request(app, 'GET', '/api/form-fields')).status).toBe(401);
  });

  it('are refused to non-admins', async () => {
    const response = await request(app, 'POST', '/api/form-fields', {
      token: employee.token,
      body: { name: 'x', label: 'X', type: 'text' },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: 'Admin access required' });
  });

  it.each([
    [{ label: 'X', type: 'text' }, 'Field name is required'],
    [{ name: 'x', label: ' ', type: 'text' }, 'Display label is required'],
    [{ name: 'x', label: 'X', type: 'date' }, 'Field type must be one of: text, textarea, select, checkbox, number'],
  ])('are validated: %j', async (body, message) => {
    const response = await request(app, 'POST', '/api/form-fields', { ...asAdmin(), body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
  });

  it('keep names unique, ignoring case, and free a name on rename or delete', async () => {
    const field = await addField({ name: 'Budget', label: 'Budget', type: 'number' });
    const clash = await request(app, 'POST', '/api/form-fields', {
      ...asAdmin(),
      body: { name: 'budget', label: 'B', type: 'text' },
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ error: "A form field named 'budget' already exists" });

    const renamed = await request<FormFieldView>(app, 'PUT', `/api/form-fields/${field.id}`, {
      ...asAdmin(),
      body: { name: 'cost', label: 'Cost', required: true },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'cost', label: 'Cost', type: 'number', required: true });
    const reused = await addField({ name: 'budget', label: 'Budget again', type: 'text' });

    expect((await request(app, 'DELETE', `/api/form-fields/${reused.id}`, asAdmin())).status).toBe(200);
    await addField({ name: 'BUDGET', label: 'Third budget', type: 'text' });
  });

  it('are reordered with PUT /order', async () => {
    const before = await fields();
    const last = before.at(-1)!;
    const moved = await request<FormFieldView>(app, 'PUT', `/api/form-fields/${last.id}/order`, {
      ...asAdmin(),
      body: { order: 0 },
    });
    expect(moved.status).toBe(400);
    expect(moved.body).toEqual({ error: 'Order must be a whole number of at least 1' });
    await request(app, 'PUT', `/api/form-fields/${last.id}/order`, { ...asAdmin(), body: { order: 1 } });
    await request(app, 'PUT', `/api/form-fields/${before[0]!.id}/order`, { ...asAdmin(), body: { order: 2 } });
    const after = await fields();
    expect(after[0]?.id).toBe(last.id);
    expect(after[0]?.order).toBe(1);
  });

  it('answer unknown and malformed ids', async () => {
    expect((await request(app, 'PUT', '/api/form-fields/424242', { ...asAdmin(), body: { label: 'x' } })).status).toBe(404);
    expect((await request(app, 'DELETE', '/api/form-fields/424242', asAdmin())).status).toBe(404);
    const malformed = await request(app, 'PUT', '/api/form-fields/x/order', { ...asAdmin(), body: { order: 1 } });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: 'Form field id must be a whole number of at least 1' });
  });
});

describe('form field options', () => {
  it('derive their value from the label, stay unique per field and go with their field', async () => {
    const field = await addField({ name: 'topic', label: 'Topic', type: 'select' });
    const add = (label: string) =>
      request<FormFieldOptionView>(app, 'POST', `/api/form-fields/${field.id}/options`, {
        ...asAdmin(),
        body: { label, value: 'ignored' },
      });

    const first = await add('Project Management!');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ fieldId: field.id, value: 'project_management', label: 'Project Management!', order: 1 });
    const second = await add('Risk & Compliance');
    expect(second.body).toMatchObject({ value: 'risk_compliance', order: 2 });
    const duplicate = await add('project management');
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ error: "This field already has an option with the value 'project_management'" });
    expect((await add('')).body).toEqual({ error: 'Option label is required' });

    const edited = await request<FormFieldOptionView>(app, 'PUT', `/api/form-field-options/${second.body.id}`, {
      ...asAdmin(),
      body: { label: 'Risk Management' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ value: 'risk_management', label: 'Risk Management' });

    const listed = await request<FormFieldOptionView[]>(app, 'GET', `/api/form-fields/${field.id}/options`, {
      token: employee.token,
    });
    expect(listed.body.map((option) => option.value)).toEqual(['project_management', 'risk_management']);
    expect((await fields()).find((candidate) => candidate.id === field.id)?.options).toHaveLength(2);

    expect((await request(app, 'DELETE', `/api/form-field-options/${first.body.id}`, asAdmin())).status).toBe(200);
    expect((await request(app, 'DELETE', `/api/form-field-options/${first.body.id}`, asAdmin())).status).toBe(404);

    expect((await request(app, 'DELETE', `/api/form-fields/${field.id}`, asAdmin())).status).toBe(200);
    expect((await request(app, 'GET', `/api/form-fields/${field.id}/options`, { token: employee.token })).status).toBe(404);
    expect(
      (await request(app, 'PUT', `/api/form-field-options/${second.body.id}`, { ...asAdmin(), body: { label: 'x' } })).status,
    ).toBe(404);
  });

  it('belong to select fields only and are changed by admins only', async () => {
    const text = await addField({ name: 'notes2', label: 'Notes', type: 'text' });
    const refused = await request(app, 'POST', `/api/form-fields/${text.id}/options`, { ...asAdmin(), body: { label: 'A' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'Options can only be added to select fields' });
    const select = await addField({ name: 'format', label: 'Format', type: 'select' });
    const byEmployee = await request(app, 'POST', `/api/form-fields/${select.id}/options`, {
      token: employee.token,
      body: { label: 'A' },
    });
    expect(byEmployee.status).toBe(403);
  });
});
