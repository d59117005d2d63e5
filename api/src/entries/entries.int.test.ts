import { entryStream, type BulkEntriesResult, type EntryView } from '@tht/contracts';
import { rebuildReadModels } from 'projections';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUserAndLogin, ensureDepartment, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

let app: TestApp;
let manager: SignedInTestUser;
let employee: SignedInTestUser;
let stranger: SignedInTestUser;
let hr: SignedInTestUser;
let smt: SignedInTestUser;
let admin: SignedInTestUser;

const validEntry = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  trainingName: 'Risk Management',
  date: '2025-03-04',
  hours: 1.5,
  managerName: 'Grace Hopper',
  department: 'Engineering',
  trainingType: 'external',
  courseGivenBy: 'Acme',
  rating: 4,
  beInnovative: true,
  notes: 'Useful',
};

const as = (user: SignedInTestUser) => ({ token: user.token });

async function logEntry(user: SignedInTestUser, overrides: Record<string, unknown> = {}): Promise<EntryView> {
  const response = await request<EntryView>(app, 'POST', '/api/entries', { ...as(user), body: { ...validEntry, ...overrides } });
  expect(response.status).toBe(201);
  return response.body;
}

async function entriesOf(user: SignedInTestUser, reader = user): Promise<EntryView[]> {
  const response = await request<EntryView[]>(app, 'GET', `/api/entries?userId=${user.user.id}`, as(reader));
  expect(response.status).toBe(200);
  return response.body;
}

beforeAll(async () => {
  app = await startTestApp();
  manager = await createUserAndLogin(app, { role: 'manager', firstName: 'Grace', lastName: 'Hopper' });
  employee = await createUserAndLogin(app, { managerId: manager.user.id, firstName: 'Ada', lastName: 'Lovelace' });
  stranger = await createUserAndLogin(app);
  hr = await createUserAndLogin(app, { role: 'hr' });
  smt = await createUserAndLogin(app, { role: 'smt' });
  admin = await createUserAndLogin(app, { role: 'admin' });
});

afterAll(() => app?.close());

describe('POST /api/entries', () => {
  it('logs an entry for the signed-in user and shows it at once', async () => {
    const entry = await logEntry(employee);
    expect(entry).toMatchObject({
      userId: employee.user.id,
      employeeName: 'Ada Lovelace',
      trainingName: 'Risk Management',
      date: '2025-03-04',
      hours: '1.5',
      rating: 4,
      beInnovative: true,
      trainingType: 'external',
      customFields: {},
    });
    expect(Number.isNaN(Date.parse(entry.createdAt))).toBe(false);
    expect((await entriesOf(employee)).map((listed) => listed.id)).toContain(entry.id);
  });

  it('fills defaults: internal training, rating 0, not innovative, empty texts', async () => {
    const body = { firstName: 'Ada', lastName: 'Lovelace', trainingName: 'Excel', date: '2025-01-01', hours: '2' };
    const response = await request<EntryView>(app, 'POST', '/api/entries', { ...as(employee), body });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      hours: '2',
      trainingType: 'internal',
      rating: 0,
      beInnovative: false,
      notes: '',
      courseGivenBy: '',
      managerName: '',
      department: '',
    });
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ lastName: undefined }, 'Last name is required'],
    [{ trainingName: ' ' }, 'Training name is required'],
    [{ date: '1/2/2025' }, 'Date must be a real date written YYYY-MM-DD, in the years 1901 to 2099'],
    [{ date: '2025-02-29' }, 'Date must be a real date written YYYY-MM-DD, in the years 1901 to 2099'],
    [{ hours: 'abc' }, 'Hours must be a number'],
    [{ hours: -1 }, 'Hours must be 0 or more'],
    [{ hours: 1.3 }, 'Hours must be in steps of 0.25'],
    [{ rating: 6 }, 'Rating must be a whole number from 0 to 5'],
    [{ trainingType: 'conference' }, "Training type must be either 'internal' or 'external'"],
  ])('refuses %j with a clear 400 and stores nothing', async (overrides, message) => {
    const before = (await entriesOf(employee)).length;
    const response = await request(app, 'POST', '/api/entries', { ...as(employee), body: { ...validEntry, ...overrides } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
    expect(await entriesOf(employee)).toHaveLength(before);
  });

  it('refuses to log for someone else and without sign-in', async () => {
    const forOther = await request(app, 'POST', '/api/entries', {
      ...as(stranger),
      body: { ...validEntry, userId: employee.user.id },
    });
    expect(forOther.status).toBe(403);
    expect(forOther.body).toEqual({ error: 'You can only log entries for yourself' });
    expect((await request(app, 'POST', '/api/entries', { body: validEntry })).status).toBe(401);
    const ownId = await request<EntryView>(app, 'POST', '/api/entries', {
      ...as(stranger),
      body: { ...validEntry, userId: stranger.user.id },
    });
    expect(ownId.status).toBe(201);
    expect(ownId.body.userId).toBe(stranger.user.id);
  });

  it('lets an admin log an entry on behalf of an existing user', async () => {
    const onBehalf = await request<EntryView>(app, 'POST', '/api/entries', {
      ...as(admin),
      body: { ...validEntry, userId: stranger.user.id },
    });
    expect(onBehalf.status).toBe(201);
    expect(onBehalf.body.userId).toBe(stranger.user.id);
    const nobody = await request(app, 'POST', '/api/entries', { ...as(admin), body: { ...validEntry, userId: 999999 } });
    expect(nobody.status).toBe(404);
  });

  it('answers malformed JSON with 400', async () => {
    const response = await request(app, 'POST', '/api/entries', { ...as(employee), rawBody: '{"trainingName":' });
    expect(response.status).toBe(400);
  });
});

describe('PUT and DELETE /api/entries/{id}', () => {
  it('lets the owner edit an entry, keeping its owner and creation time', async () => {
    const entry = await logEntry(employee);
    const response = await request<EntryView>(app, 'PUT', `/api/entries/${entry.id}`, {
      ...as(employee),
      body: {
        ...validEntry,
        trainingName: 'Leadership',
        hours: '3.25',
        rating: 5,
        userId: entry.userId,
        createdAt: entry.createdAt,
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: entry.id,
      trainingName: 'Leadership',
      hours: '3.25',
      rating: 5,
      createdAt: entry.createdAt,
    });
    const listed = (await entriesOf(employee)).find((candidate) => candidate.id === entry.id);
    expect(listed).toMatchObject({ trainingName: 'Leadership', hours: '3.25' });
  });

  it("hides another employee's entry: edit and delete answer 404 and change nothing", async () => {
    const entry = await logEntry(employee);
    const edit = await request(app, 'PUT', `/api/entries/${entry.id}`, {
      ...as(stranger),
      body: { ...validEntry, trainingName: 'Hacked' },
    });
    expect(edit.status).toBe(404);
    expect(edit.body).toEqual({ error: 'Entry not found' });
    const remove = await request(app, 'DELETE', `/api/entries/${entry.id}`, as(stranger));
    expect(remove.status).toBe(404);
    expect((await entriesOf(employee)).find((candidate) => candidate.id === entry.id)).toEqual(entry);
  });

  it("lets a manager read but not change a direct report's entry (403)", async () => {
    const entry = await logEntry(employee);
    const edit = await request(app, 'PUT', `/api/entries/${entry.id}`, { ...as(manager), body: validEntry });
    expect(edit.status).toBe(403);
    expect(edit.body).toEqual({ error: 'You can only change your own entries' });
    expect((await request(app, 'DELETE', `/api/entries/${entry.id}`, as(hr))).status).toBe(403);
    expect((await entriesOf(employee)).find((candidate) => candidate.id === entry.id)).toEqual(entry);
  });

  it('deletes an own entry; afterwards it is gone for every call', async () => {
    const entry = await logEntry(employee);
    const response = await request(app, 'DELETE', `/api/entries/${entry.id}`, as(employee));
    expect(response.status).toBe(200);
    expect((await entriesOf(employee)).map((listed) => listed.id)).not.toContain(entry.id);
    expect((await request(app, 'DELETE', `/api/entries/${entry.id}`, as(employee))).status).toBe(404);
    expect((await request(app, 'PUT', `/api/entries/${entry.id}`, { ...as(employee), body: validEntry })).status).toBe(404);
  });

  it('answers unknown and malformed ids', async () => {
    expect((await request(app, 'PUT', '/api/entries/999999', { ...as(employee), body: validEntry })).status).toBe(404);
    const malformed = await request(app, 'DELETE', '/api/entries/abc', as(employee));
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: 'Entry id must be a whole number of at least 1' });
    expect((await request(app, 'DELETE', '/api/entries/99999999999', as(employee))).status).toBe(400);
  });
});

describe('GET /api/entries', () => {
  let subject: SignedInTestUser;

  beforeAll(async () => {
    subject = await createUserAndLogin(app, { managerId: manager.user.id, firstName: 'Alan', lastName: 'Turing' });
    await logEntry(subject, { date: '2024-12-31', trainingName: 'Old' });
    await logEntry(subject, { date: '2025-01-01', trainingName: 'New' });
    await logEntry(subject, { date: '2025-06-30', trainingName: 'Newer' });
  });

  it("lists a person's entries, latest date first, optionally for one year", async () => {
    expect((await entriesOf(subject)).map((entry) => entry.trainingName)).toEqual(['Newer', 'New', 'Old']);
    const year = await request<EntryView[]>(app, 'GET', `/api/entries?userId=${subject.user.id}&year=2024`, as(subject));
    expect(year.body.map((entry) => entry.trainingName)).toEqual(['Old']);
    expect(year.body[0]?.employeeName).toBe('Alan Turing');
  });

  it('lets the manager, HR, SMT and admins read them, and nobody else', async () => {
    for (const reader of [manager, hr, smt, admin]) expect(await entriesOf(subject, reader)).toHaveLength(3);
    const denied = await request(app, 'GET', `/api/entries?userId=${subject.user.id}`, as(stranger));
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ error: 'You do not have access to these entries' });
    const notTheirManager = await createUserAndLogin(app, { role: 'manager' });
    expect((await request(app, 'GET', `/api/entries?userId=${subject.user.id}`, as(notTheirManager))).status).toBe(403);
  });

  it('lists everyone’s entries without parameters for HR, SMT and admins only', async () => {
    for (const reader of [hr, smt, admin]) {
      const all = await request<EntryView[]>(app, 'GET', '/api/entries', as(reader));
      expect(all.status).toBe(200);
      expect(new Set(all.body.map((entry) => entry.userId))).toEqual(
        new Set([employee.user.id, stranger.user.id, subject.user.id]),
      );
    }
    for (const reader of [employee, manager]) {
      const denied = await request(app, 'GET', '/api/entries', as(reader));
      expect(denied.status).toBe(403);
      expect(denied.body).toEqual({ error: 'Only HR, SMT and admin users can list all entries' });
    }
    const year = await request<EntryView[]>(app, 'GET', '/api/entries?year=2024', as(hr));
    expect(year.body.map((entry) => entry.trainingName)).toEqual(['Old']);
  });

  it('streams a list longer than one fetch (2,000 rows) whole and in order', async () => {
    const person = await createUserAndLogin(app);
    for (let batch = 0; batch < 5; batch += 1) {
      const entries = Array.from({ length: 450 }, (_, index) => ({
        ...validEntry,
        trainingName: `Stream ${batch}-${index}`,
        date: `2023-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`,
      }));
      const created = await request<BulkEntriesResult>(app, 'POST', '/api/entries/bulk', {
        ...as(person),
        body: { validateData: true, entries },
      });
      expect(created.body.created).toBe(450);
    }
    const listed = await request<EntryView[]>(app, 'GET', '/api/entries?year=2023', as(hr));
    expect(listed.status).toBe(200);
    expect(listed.body.filter((entry) => entry.userId === person.user.id)).toHaveLength(2_250);
    const order = listed.body.map((entry) => `${entry.date}#${String(entry.id).padStart(10, '0')}`);
    expect(order).toEqual([...order].sort().reverse());
  });

  it('refuses malformed parameters', async () => {
    const badYear = await request(app, 'GET', `/api/entries?userId=${subject.user.id}&year=twenty`, as(subject));
    expect(badYear.status).toBe(400);
    expect(badYear.body).toEqual({ error: 'year must be a whole number from 1901 to 2099' });
    expect((await request(app, 'GET', '/api/entries?userId=-3', as(subject))).status).toBe(400);
  });
});

describe('POST /api/entries/bulk', () => {
  it('creates the valid rows, reports the others by index, and shows the new rows at once', async () => {
    const person = await createUserAndLogin(app);
    const response = await request<BulkEntriesResult>(app, 'POST', '/api/entries/bulk', {
      ...as(person),
      body: {
        validateData: true,
        entries: [
          { ...validEntry, trainingName: 'One' },
          { ...validEntry, trainingName: 'Two', hours: -2, date: 'soon' },
          { ...validEntry, trainingName: 'Three', userId: employee.user.id },
          { ...validEntry, trainingName: 'Four', date: '2025-05-05' },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      created: 2,
      failed: 2,
      errors: [
        {
          index: 1,
          errors: [
            { path: 'date', message: 'Date must be a real date written YYYY-MM-DD, in the years 1901 to 2099' },
            { path: 'hours', message: 'Hours must be 0 or more' },
          ],
        },
        { index: 2, message: 'You can only log entries for yourself' },
      ],
    });
    expect(response.body.createdIds).toHaveLength(2);
    const listed = await entriesOf(person);
    expect(listed.map((entry) => entry.trainingName).sort()).toEqual(['Four', 'One']);
    expect(listed.map((entry) => entry.id).sort()).toEqual([...response.body.createdIds].sort());
  });

  it('refuses a request without entries', async () => {
    for (const body of [{}, { entries: [] }, { entries: 'x' }]) {
      const response = await request(app, 'POST', '/api/entries/bulk', { ...as(employee), body });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'entries must be a list with at least one entry' });
    }
  });

  it('reports every row when none is valid and creates nothing', async () => {
    const person = await createUserAndLogin(app);
    const response = await request<BulkEntriesResult>(app, 'POST', '/api/entries/bulk', {
      ...as(person),
      body: { entries: [{ trainingName: 'x' }, { ...validEntry, rating: 9 }] },
    });
    expect(response.body).toMatchObject({ created: 0, failed: 2 });
    expect(response.body.errors.map((error) => error.index)).toEqual([0, 1]);
    expect(await entriesOf(person)).toEqual([]);
  });
});

describe('profile changes', () => {
  it("shows a user's new manager and department on their entries while the log keeps the old ones", async () => {
    const person = await createUserAndLogin(app, { managerId: manager.user.id, department: 'Engineering' });
    const newManager = await createUserAndLogin(app, { role: 'manager', firstName: 'Alan', lastName: 'Kay' });
    await ensureDepartment(app.ctx, 'Research');
    const entry = await logEntry(person, { managerName: 'Grace Hopper', department: 'Engineering' });
    const other = await logEntry(employee, { managerName: 'Grace Hopper', department: 'Engineering' });

    const update = await request(app, 'PUT', `/api/users/${person.user.id}`, {
      ...as(person),
      body: { managerId: newManager.user.id, department: 'Research' },
    });
    expect(update.status).toBe(200);

    const [updated] = await entriesOf(person);
    expect(updated).toMatchObject({ id: entry.id, managerName: 'Alan Kay', department: 'Research' });
    expect((await entriesOf(employee)).find((candidate) => candidate.id === other.id)).toMatchObject({
      managerName: 'Grace Hopper',
      department: 'Engineering',
    });
    const [logged] = await app.ctx.store.readStream(entryStream(entry.id));
    expect(logged?.data).toMatchObject({ managerName: 'Grace Hopper', department: 'Engineering' });
  });
});

describe('custom field values', () => {
  it('checks them against the configured fields', async () => {
    const field = await request<{ id: number }>(app, 'POST', '/api/form-fields', {
      ...as(admin),
      body: { name: 'level', label: 'Level', type: 'select', required: true },
    });
    expect(field.status).toBe(201);
    for (const label of ['Beginner', 'Advanced']) {
      const option = await request(app, 'POST', `/api/form-fields/${field.body.id}/options`, { ...as(admin), body: { label } });
      expect(option.status).toBe(201);
    }
    const cost = await request(app, 'POST', '/api/form-fields', {
      ...as(admin),
      body: { name: 'cost', label: 'Cost', type: 'number' },
    });
    expect(cost.status).toBe(201);

    const missing = await request(app, 'POST', '/api/entries', { ...as(stranger), body: validEntry });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'Level is required' });
    const wrong = await request(app, 'POST', '/api/entries', {
      ...as(stranger),
      body: { ...validEntry, customFields: { level: 'expert' } },
    });
    expect(wrong.body).toEqual({ error: 'Level must be one of: beginner, advanced' });
    const notNumber = await request(app, 'POST', '/api/entries', {
      ...as(stranger),
      body: { ...validEntry, customFields: { level: 'advanced', cost: 'lots' } },
    });
    expect(notNumber.body).toEqual({ error: 'Cost must be a number' });

    const entry = await logEntry(stranger, { customFields: { level: 'advanced', cost: '120.5', unknown: 'x' } });
    expect(entry.customFields).toEqual({ level: 'advanced', cost: 120.5 });

    // The edit dialog sends no custom values: they are kept.
    const edited = await request<EntryView>(app, 'PUT', `/api/entries/${entry.id}`, {
      ...as(stranger),
      body: { ...validEntry, notes: 'edited' },
    });
    expect(edited.body.customFields).toEqual({ level: 'advanced', cost: 120.5 });

    // Bulk rows cannot fill custom fields, so required ones are not enforced there.
    const bulk = await request<BulkEntriesResult>(app, 'POST', '/api/entries/bulk', {
      ...as(stranger),
      body: { entries: [validEntry] },
    });
    expect(bulk.body).toMatchObject({ created: 1, failed: 0 });

    for (const id of [field.body.id, (cost.body as { id: number }).id]) {
      expect((await request(app, 'DELETE', `/api/form-fields/${id}`, as(admin))).status).toBe(200);
    }
    const afterDelete = (await entriesOf(stranger)).find((candidate) => candidate.id === entry.id);
    expect(afterDelete?.customFields).toEqual({});
  });
});

describe('after a rebuild of the read models', () => {
  it('lists and counts from the swapped-in tables (prepared statements follow the swap)', async () => {
    const first = await logEntry(employee, { date: '2025-05-01' });
    const readAll = () =>
      Promise.all(
        Array.from({ length: 8 }, () =>
          request<EntryView[]>(app, 'GET', `/api/entries?userId=${employee.user.id}&year=2025`, as(employee)),
        ),
      );
    await readAll();

    await rebuildReadModels({ pool: app.ctx.pool, store: app.ctx.store });
    const second = await logEntry(employee, { date: '2025-05-02' });

    for (const response of await readAll()) {
      expect(response.status).toBe(200);
      expect(response.body.map((entry) => entry.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    }
    const stats = await request<{ completedTraining: number }>(
      app,
      'GET',
      `/api/stats?userId=${employee.user.id}&year=2025`,
      as(employee),
    );
    expect(stats.body.completedTraining).toBeGreaterThanOrEqual(2);
  });
});

/** Holds every write to the entries read model (reads go on) until the returned release: the read models lag. */
async function holdEntriesReadModel(): Promise<() => Promise<void>> {
  const client = await app.ctx.pool.connect();
  await client.query('BEGIN');
  await client.query('LOCK TABLE read_models.entries IN EXCLUSIVE MODE');
  return async () => {
    await client.query('COMMIT');
    client.release();
  };
}

describe('while the read models lag beyond the command wait', () => {
  it('answers a logged and an edited entry as saved, as the read model shows them once level', async () => {
    const logAndEdit = async () => {
      const logged = await request<EntryView>(app, 'POST', '/api/entries', { ...as(employee), body: validEntry });
      const edited = await request<EntryView>(app, 'PUT', `/api/entries/${logged.body.id}`, {
        ...as(employee),
        body: { ...validEntry, hours: 2.25, notes: 'Edited while the read models lagged' },
      });
      return { logged, edited };
    };
    const release = await holdEntriesReadModel();
    const { logged, edited } = await logAndEdit().finally(release);

    expect(logged.status).toBe(201);
    expect(logged.body).toMatchObject({ ...validEntry, hours: '1.5', userId: employee.user.id, employeeName: 'Ada Lovelace' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: logged.body.id, hours: '2.25', notes: 'Edited while the read models lagged' });
    const listed = await vi.waitFor(async () => {
      const entry = (await entriesOf(employee)).find(({ id }) => id === logged.body.id);
      expect(entry?.hours).toBe('2.25');
      return entry;
    }, 10_000);
    expect(edited.body).toEqual(listed);
    expect(logged.body).toEqual({ ...listed, hours: '1.5', notes: validEntry.notes, updatedAt: logged.body.createdAt });
  });
});
