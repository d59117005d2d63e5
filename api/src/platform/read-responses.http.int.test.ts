import { READ_MODELS_CHANNEL, rebuildReadModels } from 'projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { logEntryAs } from '../testing/entries';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

/** The served reads through the real app: bytes, ETags and 304s, permissions first, read-your-writes, rebuild. */

let app: TestApp;
let hr: SignedInTestUser;
let smt: SignedInTestUser;
let admin: SignedInTestUser;
let managerOne: SignedInTestUser;
let managerTwo: SignedInTestUser;
let ann: SignedInTestUser; // reports to managerOne
let bob: SignedInTestUser; // reports to managerTwo

interface Answer {
  status: number;
  etag: string | null;
  cacheControl: string | null;
  text: string;
}

async function get(user: SignedInTestUser, path: string, ifNoneMatch?: string): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${user.token}` };
  if (ifNoneMatch) headers['if-none-match'] = ifNoneMatch;
  const response = await fetch(`${app.baseUrl}${path}`, { headers });
  const text = await response.text();
  return { status: response.status, etag: response.headers.get('etag'), cacheControl: response.headers.get('cache-control'), text };
}

/** Every dashboard read of the issue, each by a user allowed to make it. */
function dashboardReads(): Array<[SignedInTestUser, string]> {
  const a = ann.user.id;
  const m = managerOne.user.id;
  return [
    [ann, `/api/entries?userId=${a}&year=2025`],
    [ann, `/api/stats?userId=${a}&year=2025`],
    [ann, '/api/user'],
    [ann, '/api/available-years'],
    [managerOne, `/api/entries?userId=${a}`],
    [managerOne, `/api/manager/${m}/stats?year=2025`],
    [managerOne, `/api/manager/${m}/employees`],
    [managerOne, `/api/manager/${m}/entries?year=2025`],
    [hr, '/api/hr/stats?year=2025'],
    [hr, '/api/hr/users?year=2025'],
    [smt, '/api/smt/overview?year=2025'],
    [admin, '/api/admin/users?page=1'],
    [admin, '/api/admin-stats'],
    [admin, '/api/users'],
  ];
}

const anEntry = (name: string, date: string, hours = 2) => ({ trainingName: name, date, hours, rating: 4, notes: 'Ünïcode notes' });

beforeAll(async () => {
  app = await startTestApp();
  [hr, smt, admin, managerOne, managerTwo] = await Promise.all([
    createUserAndLogin(app, { role: 'hr' }),
    createUserAndLogin(app, { role: 'smt' }),
    createUserAndLogin(app, { role: 'admin' }),
    createUserAndLogin(app, { role: 'manager', lastName: 'Manager-One' }),
    createUserAndLogin(app, { role: 'manager', lastName: 'Manager-Two' }),
  ]);
  [ann, bob] = await Promise.all([
    createUserAndLogin(app, { managerId: managerOne.user.id, firstName: 'Ann', lastName: 'Same' }),
    createUserAndLogin(app, { managerId: managerTwo.user.id, firstName: 'Bob', lastName: 'Same' }),
  ]);
  // Same dates on purpose: the order of ties must not depend on how the rows were written.
  for (const [user, prefix] of [
    [ann, 'Ann'],
    [bob, 'Bob'],
  ] as const) {
    for (let index = 0; index < 4; index += 1) await logEntryAs(app, user, anEntry(`${prefix} course ${index}`, '2025-03-14'));
  }
});

afterAll(() => app.close());

describe('a served read', () => {
  it('sends the same bytes again with a strong ETag, and 304 without a body to a client that holds them', async () => {
    for (const [user, path] of dashboardReads()) {
      const first = await get(user, path);
      expect(first, path).toMatchObject({
        status: 200,
        etag: expect.stringMatching(/^"[\w-]+"$/),
        cacheControl: 'private, no-cache',
      });
      expect(await get(user, path), path).toEqual(first);
      expect(await get(user, path, first.etag!), path).toEqual({ ...first, status: 304, text: '' });
      expect(await get(user, path, `W/${first.etag!}`), path).toMatchObject({ status: 304 });
      expect(await get(user, path, '"another"'), path).toEqual(first);
    }
  });

  it('keys by the parsed query: spelling the same read differently gives the same bytes, another year other bytes', async () => {
    const a = ann.user.id;
    const canonical = await get(ann, `/api/entries?userId=${a}&year=2025`);
    expect(await get(ann, `/api/entries?year=2025&userId=${a}`)).toEqual(canonical);
    expect(await get(ann, `/api/entries?userId=0${a}&year=2025`)).toEqual(canonical);
    const otherYear = await get(ann, `/api/entries?userId=${a}&year=2024`);
    expect(otherYear).toMatchObject({ status: 200, text: '[]' });
    expect(otherYear.etag).not.toBe(canonical.etag);
  });
});

describe('permissions before cached bytes', () => {
  it('refuses a user who may not read what another user just had served, even when sending its ETag', async () => {
    const refusals: Array<[SignedInTestUser, string, SignedInTestUser, number]> = [
      [ann, `/api/entries?userId=${ann.user.id}&year=2025`, bob, 403],
      [ann, `/api/stats?userId=${ann.user.id}&year=2025`, bob, 403],
      [managerOne, `/api/entries?userId=${ann.user.id}`, managerTwo, 403],
      [managerOne, `/api/manager/${managerOne.user.id}/employees`, managerTwo, 403],
      [managerOne, `/api/manager/${managerOne.user.id}/entries?year=2025`, ann, 403],
      [hr, '/api/hr/stats?year=2025', managerOne, 403],
      [smt, '/api/smt/overview?year=2025', hr, 403],
      [admin, '/api/admin/users?page=1', hr, 403],
    ];
    for (const [allowed, path, refused, status] of refusals) {
      const served = await get(allowed, path);
      expect(served.status, path).toBe(200);
      for (const ifNoneMatch of [undefined, served.etag!]) {
        const answer = await get(refused, path, ifNoneMatch);
        expect(answer.status, path).toBe(status);
        expect(answer.etag, path).not.toBe(served.etag);
        expect(answer.text, path).not.toContain('course');
      }
    }
  });

  it('answers each user their own body where the body depends on who asks', async () => {
    const annSelf = JSON.parse((await get(ann, '/api/user')).text) as { user: { id: number } };
    const bobSelf = JSON.parse((await get(bob, '/api/user')).text) as { user: { id: number } };
    expect([annSelf.user.id, bobSelf.user.id]).toEqual([ann.user.id, bob.user.id]);

    const full = JSON.parse((await get(admin, '/api/users')).text) as Array<Record<string, unknown>>;
    const directory = JSON.parse((await get(bob, '/api/users')).text) as Array<Record<string, unknown>>;
    expect(full[0]).toHaveProperty('createdAt');
    expect(directory[0]).not.toHaveProperty('createdAt');
    expect(JSON.parse((await get(bob, `/api/users/${ann.user.id}`)).text)).not.toHaveProperty('createdAt');
    expect(JSON.parse((await get(ann, `/api/users/${ann.user.id}`)).text)).toHaveProperty('createdAt');
  });

  it('follows a change of who may read: a manager whose report moves away is refused the cached list', async () => {
    const carl = await createUserAndLogin(app, { managerId: managerOne.user.id, firstName: 'Carl' });
    await logEntryAs(app, carl, anEntry('Carl course', '2025-04-01'));
    const path = `/api/entries?userId=${carl.user.id}`;
    const served = await get(managerOne, path);
    expect(served.status).toBe(200);
    const moved = await request(app, 'PUT', `/api/users/${carl.user.id}`, {
      token: admin.token,
      body: { managerId: managerTwo.user.id },
    });
    expect(moved.status).toBe(200);
    expect((await get(managerOne, path, served.etag!)).status).toBe(403);
    expect((await get(managerTwo, path, served.etag!)).status).toBe(200);
  });

  it('follows a change of who leads a team: an employee whose only report moves away loses the Manager View', async () => {
    const erin = await createUserAndLogin(app, { firstName: 'Erin' });
    const finn = await createUserAndLogin(app, { managerId: erin.user.id, firstName: 'Finn' });
    const path = `/api/manager/${erin.user.id}/employees`;
    const served = await get(erin, path);
    expect(served.status).toBe(200);
    expect(await get(erin, path)).toEqual(served);
    const moved = await request(app, 'PUT', `/api/users/${finn.user.id}`, {
      token: admin.token,
      body: { managerId: managerTwo.user.id },
    });
    expect(moved.status).toBe(200);
    for (const ifNoneMatch of [undefined, served.etag!]) expect((await get(erin, path, ifNoneMatch)).status).toBe(403);
  });

  it('answers HR 404 for the team of a user deleted since their team was served', async () => {
    const gus = await createUserAndLogin(app, { firstName: 'Gus' });
    const path = `/api/manager/${gus.user.id}/employees`;
    const served = await get(hr, path);
    expect(served).toMatchObject({ status: 200, text: '[]' });
    expect((await request(app, 'DELETE', `/api/users/${gus.user.id}`, { token: admin.token })).status).toBe(200);
    for (const ifNoneMatch of [undefined, served.etag!]) expect((await get(hr, path, ifNoneMatch)).status).toBe(404);
  });

  it('checks the permissions of a repeated read without a database round trip', async () => {
    const teamLead = await createUserAndLogin(app, { firstName: 'Hana' });
    await createUserAndLogin(app, { managerId: teamLead.user.id, firstName: 'Ivo' });
    const repeatedReads: Array<[SignedInTestUser, string]> = [
      [managerOne, `/api/entries?userId=${ann.user.id}&year=2025`],
      [managerOne, `/api/stats?userId=${ann.user.id}&year=2025`],
      [teamLead, `/api/manager/${teamLead.user.id}/employees`],
      [hr, `/api/manager/${managerOne.user.id}/stats?year=2025`],
      [admin, `/api/manager/${teamLead.user.id}/entries`],
    ];
    const readModels = app.ctx.db;
    let queries = 0;
    app.ctx.db = readModels.withPlugin({
      transformQuery: ({ node }) => {
        queries += 1;
        return node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    });
    try {
      for (const [user, path] of repeatedReads) {
        // The first reads fill the caches; a projection batch still under way may empty them once more.
        await expect
          .poll(async () => {
            queries = 0;
            expect((await get(user, path)).status, path).toBe(200);
            return queries;
          })
          .toBe(0);
      }
    } finally {
      app.ctx.db = readModels;
    }
  });

  it('refuses a signed-out token at once, however often it was served before', async () => {
    const dora = await createUserAndLogin(app, { firstName: 'Dora' });
    const path = `/api/stats?userId=${dora.user.id}&year=2025`;
    expect((await get(dora, path)).status).toBe(200);
    expect((await request(app, 'POST', '/api/logout', { token: dora.token })).status).toBe(200);
    expect((await get(dora, path)).status).toBe(401);
    expect((await get(dora, '/api/user')).status).toBe(401);
  });
});

describe('read-your-writes', () => {
  it('never answers from before the user’s own acknowledged write, while others read the same keys all along', async () => {
    const entriesPath = `/api/entries?userId=${ann.user.id}&year=2025`;
    const statsPath = `/api/stats?userId=${ann.user.id}&year=2025`;
    const teamPath = `/api/manager/${managerOne.user.id}/stats?year=2025`;
    let reading = true;
    const readers = Array.from({ length: 4 }, async () => {
      while (reading) await Promise.all([get(ann, entriesPath), get(ann, statsPath), get(managerOne, teamPath)]);
    });
    try {
      for (let write = 0; write < 8; write += 1) {
        const before = await get(ann, statsPath);
        const { completedTraining } = JSON.parse(before.text) as { completedTraining: number };
        const entry = await logEntryAs(app, ann, anEntry(`Written ${write}`, '2025-06-02', 1.25));

        const entries = await get(ann, entriesPath);
        expect((JSON.parse(entries.text) as Array<{ id: number }>).map(({ id }) => id)).toContain(entry.id);
        const after = await get(ann, statsPath, before.etag!);
        expect(after.status).toBe(200);
        expect(JSON.parse(after.text)).toMatchObject({ completedTraining: completedTraining + 1 });
        expect(after.etag).not.toBe(before.etag);
      }
    } finally {
      reading = false;
      await Promise.all(readers);
    }
  });
});

describe('a rebuild of the read models', () => {
  it('gives the same bytes and ETags as the live projection, served by the running app as soon as the swap commits', async () => {
    const readAll = () => Promise.all(dashboardReads().map(([user, path]) => get(user, path)));
    const live = await readAll();
    // Read models gone wrong (as a projector's bug would leave them), announced as a projection batch is: the app serves them.
    await app.ctx.pool.query(`BEGIN;
      UPDATE read_models.users SET first_name = 'Wrong' WHERE id = ${ann.user.id};
      UPDATE read_models.entries SET training_name = 'Wrong course' WHERE user_id = ${ann.user.id};
      SELECT pg_notify('${READ_MODELS_CHANNEL}', '');
      COMMIT;`);
    await expect.poll(async () => (await get(managerOne, `/api/manager/${managerOne.user.id}/employees`)).text).toContain('Wrong');

    await rebuildReadModels({ pool: app.ctx.pool, store: app.ctx.store });
    // The swap's notification, not the caches' 60 s age limit, makes the app forget the wrong bodies.
    await expect.poll(readAll, { timeout: 5_000 }).toEqual(live);
  });
});
