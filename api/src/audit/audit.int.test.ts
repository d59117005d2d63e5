import {
  auditHeadSchema,
  auditLogPageSchema,
  recordHistorySchema,
  REDACTED_CREDENTIAL,
  type AuditLogItem,
  type EntryView,
  type HistoryItem,
} from '@tht/contracts';
import { chainHash, GENESIS_HASH, sealChain, verifyChain } from '@tht/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, TEST_PASSWORD, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

let app: TestApp;
let admin: SignedInTestUser;
let hr: SignedInTestUser;
let manager: SignedInTestUser;
let ann: SignedInTestUser;
let bob: SignedInTestUser;
let entry: EntryView;

async function history(path: string, viewer: SignedInTestUser): Promise<HistoryItem[]> {
  const response = await request(app, 'GET', `/api/history/${path}`, { token: viewer.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return recordHistorySchema.parse(response.body).items;
}

const statusOf = async (path: string, viewer?: SignedInTestUser) =>
  (await request(app, 'GET', path, { token: viewer?.token })).status;

beforeAll(async () => {
  app = await startTestApp();
  admin = await createUserAndLogin(app, { role: 'admin', firstName: 'Zoe', lastName: 'Zimmer' });
  hr = await createUserAndLogin(app, { role: 'hr', firstName: 'Hana', lastName: 'Hughes' });
  manager = await createUserAndLogin(app, { role: 'manager', firstName: 'Carl', lastName: 'Clark' });
  ann = await createUserAndLogin(app, { firstName: 'Ann', lastName: 'Lee', managerId: manager.user.id });
  bob = await createUserAndLogin(app, { firstName: 'Bob', lastName: 'Brown' });
  const logged = await request<EntryView>(app, 'POST', '/api/entries', {
    token: ann.token,
    body: {
      firstName: 'Ann',
      lastName: 'Lee',
      managerName: 'Carl Clark',
      department: ann.user.department,
      trainingName: 'Safety',
      date: '2026-03-12',
      hours: 2,
    },
  });
  expect(logged.status, JSON.stringify(logged.body)).toBe(201);
  entry = logged.body;
  const edited = await request(app, 'PUT', `/api/entries/${entry.id}`, { token: admin.token, body: { ...entry, hours: 3.5 } });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
});
afterAll(() => app?.close());

describe('GET /api/history/{kind}/{id}', () => {
  it("gives an entry's changes oldest first, with the acting user's name and the hours before and after", async () => {
    const items = await history(`entries/${entry.id}`, ann);
    expect(items.map((i) => [i.event, i.actor.name])).toEqual([
      ['EntryLogged', 'Ann Lee'],
      ['EntryEdited', 'Zoe Zimmer'],
    ]);
    expect(items[0]!.changes).toContainEqual({ field: 'hours', before: null, after: '2' });
    expect(items[1]!.changes).toEqual([{ field: 'hours', before: '2', after: '3.5' }]);
    expect(new Date(items[1]!.at).getTime()).toBeGreaterThanOrEqual(new Date(items[0]!.at).getTime());
  });

  it("follows the entry's readers: owner, manager, HR and admins; not another employee", async () => {
    for (const viewer of [manager, hr, admin]) expect(await statusOf(`/api/history/entries/${entry.id}`, viewer)).toBe(200);
    expect(await statusOf(`/api/history/entries/${entry.id}`, bob)).toBe(403);
    expect(await statusOf(`/api/history/entries/${entry.id}`)).toBe(401);
    expect(await statusOf('/api/history/entries/999999', admin)).toBe(404);
  });

  it("shows a user's changes to admins and the user, a password change only as changed", async () => {
    expect((await request(app, 'PUT', `/api/users/${bob.user.id}`, { token: admin.token, body: { role: 'manager' } })).status).toBe(
      200,
    );
    const changed = await request(app, 'POST', '/api/set-password', {
      token: bob.token,
      body: { currentPassword: TEST_PASSWORD, password: `${TEST_PASSWORD}-2`, confirmPassword: `${TEST_PASSWORD}-2` },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    bob = { ...bob, token: changed.body.authToken }; // a new password revokes earlier sign-ins

    const items = await history(`users/${bob.user.id}`, bob);
    expect(items.find((i) => i.event === 'UserUpdated')).toMatchObject({
      actor: { name: 'Zoe Zimmer' },
      changes: [{ field: 'role', before: 'employee', after: 'manager' }],
    });
    expect(items.find((i) => i.event === 'PasswordChanged')!.changes).toEqual([
      { field: 'password', secret: true, text: 'password changed' },
    ]);
    const body = JSON.stringify(await history(`users/${bob.user.id}`, admin));
    expect(body).not.toMatch(/\$2[aby]\$|argon|scrypt|passwordHash/);
    expect(await statusOf(`/api/history/users/${bob.user.id}`, hr)).toBe(403);
  });

  it("keeps a person's target history across single edits and the year's bulk assignment", async () => {
    const set = await request(app, 'POST', '/api/user-targets', {
      token: hr.token,
      body: { userId: ann.user.id, year: 2026, targetHours: 20 },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(201);
    const bulk = await request(app, 'POST', '/api/user-targets/bulk', {
      token: hr.token,
      body: { userIds: [ann.user.id, bob.user.id], year: 2026, targetHours: 30 },
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBeLessThan(300);

    const items = await history(`user-targets/${ann.user.id}-2026`, ann);
    expect(items.map((i) => i.event)).toEqual(['UserTargetCreated', 'UserTargetUpdated']);
    expect(items[1]!.changes).toContainEqual({ field: 'targetHours', before: 20, after: 30 });
    expect(items[1]!.actor.name).toBe('Hana Hughes');
    expect(await statusOf(`/api/history/user-targets/${ann.user.id}-2026`, bob)).toBe(403);
    expect(await statusOf(`/api/history/user-targets/${ann.user.id}-2026`, admin)).toBe(200);
  });

  it('keeps organisation records (departments, form fields, fiscal years) for admins, yearly targets for HR too', async () => {
    const created = await request<{ id: number }>(app, 'POST', '/api/departments', {
      token: admin.token,
      body: { name: 'Audit Dept' },
    });
    await request(app, 'PUT', `/api/departments/${created.body.id}`, { token: admin.token, body: { name: 'Audit Office' } });
    const items = await history(`departments/${created.body.id}`, admin);
    expect(items[1]).toMatchObject({
      event: 'DepartmentRenamed',
      changes: [{ field: 'name', before: 'Audit Dept', after: 'Audit Office' }],
    });
    expect(await statusOf(`/api/history/departments/${created.body.id}`, hr)).toBe(403);

    expect(
      (await request(app, 'POST', '/api/yearly-targets', { token: hr.token, body: { year: 2027, targetHours: 500 } })).status,
    ).toBe(201);
    expect(await statusOf('/api/history/yearly-targets/2027', hr)).toBe(200);
    expect(await statusOf('/api/history/fiscal-years/2027', hr)).toBe(403);
    expect(await statusOf('/api/history/fiscal-years/2027', admin)).toBe(200);
  });

  it('refuses an unknown kind or a malformed id with a clear 400', async () => {
    const kind = await request(app, 'GET', '/api/history/teams/1', { token: admin.token });
    expect(kind).toMatchObject({ status: 400, body: { error: expect.stringContaining('Kind must be one of') } });
    expect(await request(app, 'GET', '/api/history/user-targets/12', { token: admin.token })).toMatchObject({
      status: 400,
      body: { error: 'The id does not name a record of this kind' },
    });
  });
});

async function auditLog(query: string, viewer = admin) {
  const response = await request(app, 'GET', `/api/audit/log?${query}`, { token: viewer.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return auditLogPageSchema.parse(response.body);
}

const newestFirst = (items: readonly AuditLogItem[]) =>
  items.every((item, i) => i === 0 || [items[i - 1]!.at, items[i - 1]!.position].join() > [item.at, item.position].join());

describe('GET /api/audit/log', () => {
  it("lists the records' events newest first, each naming its record's history", async () => {
    const { items, total, totalCapped, page, pageSize } = await auditLog('');
    expect([page, pageSize, totalCapped]).toEqual([1, 50, false]);
    expect(total).toBeGreaterThan(10);
    expect(newestFirst(items)).toBe(true);
    const { events } = await app.ctx.store.readAll(null, 10_000);
    expect(items[0]!.position).toBe(
      events.filter((event) => !/^(email|department-name|form-field-name)-/.test(event.streamName)).at(-1)!.globalPosition,
    );

    const edit = items.find((item) => item.event === 'EntryEdited' && item.recordId === String(entry.id))!;
    expect(edit).toMatchObject({ kind: 'entries', actor: { id: admin.user.id, name: 'Zoe Zimmer' } });
    expect(edit.summary).toMatch(/^entry edited: /);
    const linked = await history(`${edit.kind}/${edit.recordId}`, admin);
    expect(linked.map((item) => item.position)).toContain(edit.position);
  });

  it('filters by record kind, the person acting (or the system) and a date range', async () => {
    const entries = await auditLog('kind=entries');
    expect(entries.items.map((item) => [item.kind, item.event])).toEqual([
      ['entries', 'EntryEdited'],
      ['entries', 'EntryLogged'],
    ]);
    const targets = await auditLog(`kind=user-targets&actorId=${hr.user.id}`);
    expect(targets.items.filter((item) => item.recordId === `${ann.user.id}-2026`).map((item) => item.event)).toEqual([
      'UserTargetUpdated',
      'UserTargetCreated',
    ]);

    const byAdmin = await auditLog(`actorId=${admin.user.id}&pageSize=200`);
    expect(byAdmin.items.length).toBeGreaterThan(0);
    expect(byAdmin.items.every((item) => item.actor.id === admin.user.id)).toBe(true);
    const bySystem = await auditLog('actorId=system&pageSize=200');
    expect(bySystem.items.every((item) => item.actor.id === null)).toBe(true);
    expect(byAdmin.total + bySystem.total).toBeLessThan((await auditLog('')).total);

    const today = new Date().toISOString().slice(0, 10);
    expect((await auditLog(`kind=entries&from=${today}&to=${today}`)).total).toBe(2);
    expect((await auditLog('kind=entries&to=2020-01-01')).total).toBe(0);
    const editedAt = entries.items[0]!.at;
    expect((await auditLog(`kind=entries&from=${encodeURIComponent(editedAt)}`)).items.map((item) => item.event)).toEqual([
      'EntryEdited',
    ]);
    expect((await auditLog(`kind=entries&to=${encodeURIComponent(editedAt)}`)).items.map((item) => item.event)).toEqual([
      'EntryLogged',
    ]);
  });

  it('pages the log: consecutive pages continue one another, newest first', async () => {
    const all = await auditLog('pageSize=200');
    const [first, second] = [await auditLog('pageSize=3&page=1'), await auditLog('pageSize=3&page=2')];
    expect([...first.items, ...second.items].map((item) => item.position)).toEqual(
      all.items.slice(0, 6).map((item) => item.position),
    );
    expect(first.total).toBe(all.total);
  });

  it('refuses bad filters with a clear 400, and anyone but an admin', async () => {
    const cases: Array<[string, string]> = [
      ['kind=teams', 'kind must be one of entries, users, user-targets, fiscal-years, departments, form-fields, security'],
      ['actorId=ann', 'actorId must be a user id or system'],
      ['from=2026-02-30', 'from and to must be dates written YYYY-MM-DD or ISO 8601 times with an offset'],
      ['from=2026-03-02&to=2026-03-01', 'from must be before to'],
      ['page=0', 'page must be a whole number of at least 1'],
      ['pageSize=500', 'pageSize must be a whole number from 1 to 200'],
      ['page=201&pageSize=50', 'The audit log pages reach 10,000 events back; narrow the dates to see older events'],
      [
        'actor=1',
        'Unknown query parameter: actor. This address takes actorId, kind, from, to, page, pageSize, each given once as a single value.',
      ],
      ['kind=users&kind=entries', 'Query parameter kind must be given once, as a single value'],
    ];
    for (const [query, error] of cases) {
      expect(await request(app, 'GET', `/api/audit/log?${query}`, { token: admin.token }), query).toMatchObject({
        status: 400,
        body: { error },
      });
    }
    for (const viewer of [hr, manager, ann]) expect(await statusOf('/api/audit/log', viewer)).toBe(403);
    expect(await statusOf('/api/audit/log')).toBe(401);
  });
});

describe('the audit log names records and people', () => {
  it('names each record as it was named at the event: the person, the department, the training, the target', async () => {
    const department = await request<{ id: number }>(app, 'POST', '/api/departments', {
      token: admin.token,
      body: { name: 'Quality Office' },
    });
    await request(app, 'PUT', `/api/departments/${department.body.id}`, { token: admin.token, body: { name: 'Quality Bureau' } });
    const eve = await createUserAndLogin(app, { firstName: 'Eve', lastName: 'Early' });
    const renamed = await request(app, 'PUT', `/api/users/${eve.user.id}`, {
      token: admin.token,
      body: { ...eve.user, username: eve.user.email, lastName: 'Later', managerId: manager.user.id },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

    const named = (items: readonly AuditLogItem[], recordId: string) =>
      items.filter((item) => item.recordId === recordId).map((item) => [item.event, item.recordName]);
    expect(named((await auditLog('kind=departments')).items, String(department.body.id))).toEqual([
      ['DepartmentRenamed', 'Quality Bureau'],
      ['DepartmentCreated', 'Quality Office'],
    ]);
    const people = (await auditLog(`kind=users&pageSize=200`)).items;
    expect(named(people, String(eve.user.id))).toEqual([
      ['UserUpdated', 'Eve Later'],
      ['UserLoggedIn', 'Eve Early'],
      ['UserCreated', 'Eve Early'],
    ]);
    expect(named((await auditLog('kind=entries')).items, String(entry.id))).toEqual([
      ['EntryEdited', 'Safety'],
      ['EntryLogged', 'Safety'],
    ]);
    const targets = (await auditLog('kind=user-targets')).items.filter((item) => item.recordId === `${ann.user.id}-2026`);
    expect(targets.map((item) => item.recordName)).toContain('Target of Ann Lee for 2026');
    expect((await auditLog('kind=fiscal-years')).items.map((item) => item.recordName)).toContain('Fiscal year 2027');
  });

  it("lists a person's own sign-in, password change and sign-out under that person, not the system", async () => {
    const dora = await createUserAndLogin(app, { firstName: 'Dora', lastName: 'Diaz' });
    const changed = await request<{ authToken: string }>(app, 'POST', '/api/set-password', {
      token: dora.token,
      body: { currentPassword: TEST_PASSWORD, password: 'another-long-password', confirmPassword: 'another-long-password' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await request(app, 'POST', '/api/logout', { token: changed.body.authToken })).status).toBe(200);

    const theirs = await auditLog(`actorId=${dora.user.id}`);
    expect(theirs.items.map((item) => [item.event, item.actor.name, item.recordName])).toEqual([
      ['UserLoggedOut', 'Dora Diaz', 'Dora Diaz'],
      ['PasswordChanged', 'Dora Diaz', 'Dora Diaz'],
      ['UserLoggedIn', 'Dora Diaz', 'Dora Diaz'],
    ]);
  });

  it('lists the security events: failed and refused sign-ins, reset links asked for and used, sessions ended', async () => {
    const fay = await createUserAndLogin(app, { firstName: 'Fay', lastName: 'Fox' });
    const wrong = await request(app, 'POST', '/api/login', { body: { username: fay.user.email, password: 'not-her-password' } });
    expect(wrong.status).toBe(401);
    const ghost = `ghost@${app.ctx.config.orgEmailDomain}`;
    const attempts = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      attempts.push((await request(app, 'POST', '/api/login', { body: { username: ghost, password: 'guess-guess' } })).status);
    }
    expect(attempts).toEqual([...Array<number>(10).fill(401), 429]);
    expect((await request(app, 'POST', '/api/reset-password', { body: { username: fay.user.email } })).status).toBe(200);
    // The visitor's link is appended after the generic answer: the admin's, on the same account, would race it (a 409).
    await app.ctx.afterAnswer.idle();
    const link = await request<{ resetToken: string }>(app, 'POST', '/api/reset-password', {
      token: admin.token,
      body: { username: fay.user.email },
    });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const reset = await request(app, 'POST', '/api/reset-password-confirm', {
      body: { token: link.body.resetToken, password: 'a-brand-new-password' },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);

    const row = (item: AuditLogItem) => [item.event, item.actor.name, item.recordName, item.summary];
    await expect
      .poll(
        async () =>
          (await auditLog('kind=security&pageSize=200')).items.filter((item) => item.event === 'PasswordResetRequested').length,
      )
      .toBeGreaterThanOrEqual(2);
    const security = (await auditLog('kind=security&pageSize=200')).items;
    expect(newestFirst(security)).toBe(true);
    const fays = security.filter((item) => item.recordName === 'Fay Fox').map(row);
    expect(fays).toContainEqual(['PasswordResetCompleted', 'Fay Fox', 'Fay Fox', 'password reset completed']);
    expect(fays).toContainEqual([
      'PasswordResetRequested',
      'Someone signed out',
      'Fay Fox',
      expect.stringMatching(/^password reset requested/),
    ]);
    expect(fays).toContainEqual([
      'PasswordResetRequested',
      'Zoe Zimmer',
      'Fay Fox',
      expect.stringMatching(/^password reset requested/),
    ]);
    expect(fays).toContainEqual([
      'SignInFailed',
      'Someone signed out',
      'Fay Fox',
      'sign-in failed: wrong password, from 127.0.0.1',
    ]);
    expect(fays).toContainEqual(['UserLoggedIn', 'Fay Fox', 'Fay Fox', 'user logged in']);
    const ghosts = security.filter((item) => item.recordName === ghost).map(row);
    expect(ghosts.filter(([event]) => event === 'SignInFailed')).toHaveLength(10);
    expect(ghosts).toContainEqual([
      'RequestRefused',
      'Someone signed out',
      ghost,
      'refused by the limit login-account-address (10 per 15 minutes), from 127.0.0.1',
    ]);
    expect(security.every((item) => item.kind === 'users' || item.kind === 'security')).toBe(true);
    expect((await auditLog('kind=users&pageSize=200')).items.some((item) => item.kind === 'security')).toBe(false);
    expect((await auditLog('pageSize=200')).items.some((item) => item.event === 'SignInFailed')).toBe(true);
  });
});

describe('the hash chain for auditors', () => {
  it('gives admins the head of the chain, sealed shortly after the appends', async () => {
    await sealChain(app.ctx.pool);
    const response = await request(app, 'GET', '/api/audit/head', { token: admin.token });
    expect(response.status).toBe(200);
    const head = auditHeadSchema.parse(response.body);
    const { events } = await app.ctx.store.readAll(null, 10_000);
    expect(head.sequence).toBeGreaterThanOrEqual(events.length - head.unsealed);
    expect(await verifyChain(app.ctx.pool)).toMatchObject({ ok: true });
    expect(await statusOf('/api/audit/head', hr)).toBe(403);
  });

  it('exports a range of sealed events as NDJSON whose hashes a third party can recompute, but of redacted credentials', async () => {
    await sealChain(app.ctx.pool);
    const response = await fetch(`${app.baseUrl}/api/audit/events?from=1&to=5`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = (await response.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => l.sequence)).toEqual([1, 2, 3, 4, 5]);
    let previous = GENESIS_HASH;
    for (const { sequence: _sequence, position, previousHash, hash, redacted, ...event } of lines) {
      expect(previousHash).toBe(previous);
      if (redacted) expect(event.data.passwordHash).toBe(REDACTED_CREDENTIAL);
      else expect(chainHash(previousHash, { ...event, globalPosition: position })).toBe(hash);
      previous = hash;
    }
    expect(lines.filter((line) => line.redacted === undefined).length).toBeGreaterThan(0);
    expect(lines.find((line) => line.type === 'UserCreated')).toMatchObject({ redacted: ['passwordHash'] });
    expect(await request(app, 'GET', '/api/audit/events?from=5&to=2', { token: admin.token })).toMatchObject({ status: 400 });
    expect(await statusOf('/api/audit/events', bob)).toBe(403);
  });
});

describe('connected systems in the audit log', () => {
  it("lists a connected system's events by its name, under its own kind, and opens its history by its uuid", async () => {
    const created = await request<{ id: string }>(app, 'POST', '/api/admin/xapi-clients', {
      token: admin.token,
      body: { name: 'Moodle', trainingType: 'external' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    expect(
      (await request(app, 'PATCH', `/api/admin/xapi-clients/${id}`, { token: admin.token, body: { enabled: false } })).status,
    ).toBe(200);

    const listed = await request(app, 'GET', '/api/audit/log?kind=xapi-clients', { token: admin.token });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const items = auditLogPageSchema.parse(listed.body).items;
    expect(items.map(({ kind, recordId, recordName, event, actor }) => ({ kind, recordId, recordName, event, actor }))).toEqual(
      ['XapiClientDisabled', 'XapiClientCreated'].map((event) => ({
        kind: 'xapi-clients',
        recordId: id,
        recordName: 'Moodle',
        event,
        actor: { id: admin.user.id, name: 'Zoe Zimmer' },
      })),
    );
    expect(items[1]!.summary).toBe(
      `xapi client created: name Moodle, key ${items[1]!.summary.split('key ')[1]!.split(',')[0]}, training type external`,
    );
    const all = auditLogPageSchema.parse((await request(app, 'GET', '/api/audit/log?pageSize=5', { token: admin.token })).body);
    expect(all.items[0]).toMatchObject({ kind: 'xapi-clients', event: 'XapiClientDisabled' });

    const changes = await history(`xapi-clients/${id}`, admin);
    expect(changes.map((item) => item.event)).toEqual(['XapiClientCreated', 'XapiClientDisabled']);
    expect(changes[0]!.changes).toContainEqual({ field: 'name', before: null, after: 'Moodle' });
    expect(await statusOf(`/api/history/xapi-clients/${id}`, hr)).toBe(403);
    expect(await statusOf('/api/history/xapi-clients/12', admin)).toBe(400);
  });
});
