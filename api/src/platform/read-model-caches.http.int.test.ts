import { READ_MODELS_CHANNEL } from 'projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { logEntryAs } from '../testing/entries';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { findUserById } from '../users';

/** Which caches a change forgets, through the real app: only those reading a table it changed. */

let app: TestApp;
let admin: SignedInTestUser;
let ann: SignedInTestUser;

beforeAll(async () => {
  app = await startTestApp();
  admin = await createUserAndLogin(app, { role: 'admin' });
  ann = await createUserAndLogin(app);
});

afterAll(() => app?.close());

/** Whether Ann's users-table row is kept in memory (asking reads it when not, and keeps it again). */
async function annsRowKept(): Promise<boolean> {
  let read = false;
  await app.ctx.principals.find(ann.user.id, (id) => {
    read = true;
    return findUserById(app.ctx.db, id);
  });
  return !read;
}

/** Whether `condition` (asked again every 20 ms) held within `timeoutMs`. */
async function until(condition: () => Promise<boolean>, timeoutMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const anEntry = (trainingName: string) => ({ trainingName, date: '2025-03-04', hours: 2 });

describe('read-model caches', () => {
  it('keep the users rows when an entry is logged, and still list the entry at the next read', async () => {
    const before = await request<{ id: number }[]>(app, 'GET', `/api/entries?userId=${ann.user.id}&year=2025`, {
      token: ann.token,
    });
    await annsRowKept();
    expect(await annsRowKept()).toBe(true);

    const logged = await logEntryAs(app, ann, anEntry('Cached users'));

    expect(await annsRowKept()).toBe(true);
    const after = await request<{ id: number }[]>(app, 'GET', `/api/entries?userId=${ann.user.id}&year=2025`, { token: ann.token });
    expect(after.body.map((entry) => entry.id)).toEqual(
      expect.arrayContaining([...before.body.map((entry) => entry.id), logged.id]),
    );
    expect(after.body).toHaveLength(before.body.length + 1);
  });

  it('forget a user row when the user changes', async () => {
    await annsRowKept();
    const renamed = await request(app, 'PUT', `/api/users/${ann.user.id}`, { token: admin.token, body: { firstName: 'Annette' } });
    expect(renamed.status).toBe(200);
    expect(await annsRowKept()).toBe(false);
    const me = await request<{ user: { firstName: string } }>(app, 'GET', '/api/user', { token: ann.token });
    expect(me.body.user.firstName).toBe('Annette');
  });

  it('check the next entry against a custom field added after entries were logged', async () => {
    await logEntryAs(app, ann, anEntry('Before the field'));
    const added = await request(app, 'POST', '/api/form-fields', {
      token: admin.token,
      body: { name: 'venue', label: 'Venue', type: 'text', required: true },
    });
    expect(added.status).toBe(201);

    await expect(logEntryAs(app, ann, anEntry('After the field'))).rejects.toThrow('Venue is required');
  });

  it("forget what another process's notification names, and everything when it names nothing", async () => {
    const notify = (payload: string) => app.ctx.pool.query(`SELECT pg_notify('${READ_MODELS_CHANNEL}', $1)`, [payload]);
    await annsRowKept();

    await notify('tables:entries,org_insight_entries');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await annsRowKept()).toBe(true);
    await notify('tables:users');
    expect(await until(async () => !(await annsRowKept()))).toBe(true);

    await notify('');
    expect(await until(async () => !(await annsRowKept()))).toBe(true);
  });
});
