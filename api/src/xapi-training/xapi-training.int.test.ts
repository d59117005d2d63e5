import { createHash, randomUUID } from 'node:crypto';
import { ADL_VERBS, DEFAULT_TRAINING_VERBS, type EntryView } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

/**
 * Statements that become training entries (decision 045), over HTTP with the real app: a
 * connected system posts to /xapi with its key, people see the entries with their source.
 */

let app: TestApp;
let admin: SignedInTestUser;
let moodle: { id: string; auth: string };

const basicOf = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

async function connect(name: string, on: TestApp = app): Promise<{ id: string; auth: string }> {
  const created = await request(on, 'POST', '/api/admin/xapi-clients', {
    token: admin.token,
    body: { name, trainingType: 'external' },
  });
  expect(created.status).toBe(201);
  return { id: created.body.id, auth: basicOf(created.body.key, created.body.secret) };
}

/** POST (or PUT with `statementId`) to the LRS of `on` as `system`. */
async function send(
  system: { auth: string },
  body: unknown,
  { on = app, statementId }: { on?: TestApp; statementId?: string } = {},
) {
  const path = statementId === undefined ? '/xapi/statements' : `/xapi/statements?statementId=${statementId}`;
  return request(on, statementId === undefined ? 'POST' : 'PUT', path, {
    body,
    headers: { authorization: system.auth, 'X-Experience-API-Version': '1.0.3' },
  });
}

const completed = (email: string, overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: randomUUID(),
  actor: { objectType: 'Agent', name: 'Someone', mbox: `mailto:${email}` },
  verb: { id: ADL_VERBS.completed, display: { 'en-US': 'completed' } },
  object: {
    objectType: 'Activity',
    id: 'http://example.com/courses/fire-safety',
    definition: { name: { 'en-US': 'Fire Safety', de: 'Brandschutz' } },
  },
  result: { duration: 'PT1H30M', completion: true },
  timestamp: '2026-03-01T23:30:00-05:00',
  ...overrides,
});

const voiding = (target: string) => ({
  id: randomUUID(),
  actor: { objectType: 'Agent', mbox: 'mailto:lms@example.com' },
  verb: { id: 'http://adlnet.gov/expapi/verbs/voided', display: { 'en-US': 'voided' } },
  object: { objectType: 'StatementRef', id: target },
});

async function entriesOf(person: SignedInTestUser): Promise<EntryView[]> {
  const listed = await request<EntryView[]>(app, 'GET', `/api/entries?userId=${person.user.id}`, { token: person.token });
  expect(listed.status).toBe(200);
  return listed.body;
}

/** Retries `check` until it passes (the worker runs after the answer), at most 15 s. */
async function eventually<T>(check: () => Promise<T>): Promise<T> {
  const until = Date.now() + 15_000;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const fromStatement = (entries: readonly EntryView[], statementId: string) =>
  entries.filter((entry) => entry.source?.statementId === statementId);

/**
 * Waits until the worker handled everything stored so far: a marker statement sent after it
 * became its entry (statements are followed in commit order).
 */
async function settled(system = moodle): Promise<void> {
  const marker = await createUserAndLogin(app);
  const sent = completed(marker.user.email);
  expect((await send(system, sent)).status).toBe(200);
  await eventually(async () => expect(fromStatement(await entriesOf(marker), sent.id as string)).toHaveLength(1));
}

async function unmatched() {
  const listed = await request(app, 'GET', '/api/admin/xapi-unmatched', { token: admin.token });
  expect(listed.status).toBe(200);
  return listed.body as { statements: { statementId: string; reason: string; actor: string; system: string }[]; total: number };
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await createUserAndLogin(app, { role: 'admin' });
  moodle = await connect('Moodle');
});

afterAll(async () => {
  await app?.close();
});

describe('a statement of training', () => {
  it("becomes its person's entry, from the system, with the statement behind it for those who may see the entry", async () => {
    const ann = await createUserAndLogin(app, { firstName: 'Ann', lastName: 'Lee', department: 'Finance' });
    const sent = completed(ann.user.email.toUpperCase());
    expect((await send(moodle, sent)).status).toBe(200);

    const [entry] = await eventually(async () => {
      const found = fromStatement(await entriesOf(ann), sent.id as string);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(entry).toMatchObject({
      userId: ann.user.id,
      trainingName: 'Fire Safety',
      hours: '1.5',
      date: '2026-03-01',
      firstName: 'Ann',
      lastName: 'Lee',
      department: 'Finance',
      trainingType: 'external',
      courseGivenBy: 'Moodle',
      notes: 'xAPI activity: http://example.com/courses/fire-safety',
      source: { kind: 'xapi', clientId: moodle.id, system: 'Moodle', statementId: sent.id },
    });

    const statement = await request(app, 'GET', `/api/entries/${entry!.id}/statement`, { token: ann.token });
    expect(statement.status).toBe(200);
    expect(statement.body).toMatchObject({ id: sent.id, verb: { id: ADL_VERBS.completed } });
    const hr = await createUserAndLogin(app, { role: 'hr' });
    expect((await request(app, 'GET', `/api/entries/${entry!.id}/statement`, { token: hr.token })).status).toBe(200);
    const other = await createUserAndLogin(app);
    expect((await request(app, 'GET', `/api/entries/${entry!.id}/statement`, { token: other.token })).status).toBe(404);
  });

  it('counts once whatever the retries: the same statement again, by POST or PUT, and the worker repeating itself after a crash', async () => {
    const bo = await createUserAndLogin(app);
    const sent = completed(bo.user.email);
    expect((await send(moodle, sent)).status).toBe(200);
    expect((await send(moodle, [sent])).status).toBe(200);
    expect((await send(moodle, sent, { statementId: sent.id as string })).status).toBe(204);
    await eventually(async () => expect(fromStatement(await entriesOf(bo), sent.id as string)).toHaveLength(1));

    // A crash after the statement's entry id was recorded, before its entry was appended: the next round starts that entry.
    const crashed = completed(bo.user.email);
    const entryId = await app.ctx.ids.next('entry');
    await app.ctx.pool.query(
      'INSERT INTO xapi.statement_entries (statement_id, entry_id, user_id, client_id, created_at) VALUES ($1, $2, $3, $4, now())',
      [crashed.id, entryId, bo.user.id, moodle.id],
    );
    expect((await send(moodle, crashed)).status).toBe(200);
    await eventually(async () =>
      expect(fromStatement(await entriesOf(bo), crashed.id as string)).toEqual([expect.objectContaining({ id: entryId })]),
    );

    // A crash before the checkpoint was saved: every statement is handled again, and nothing is logged twice.
    await app.ctx.pool.query("UPDATE xapi.training_checkpoint SET transaction_id = '0', seq = 0");
    await settled();
    expect(fromStatement(await entriesOf(bo), sent.id as string)).toHaveLength(1);
    expect(fromStatement(await entriesOf(bo), crashed.id as string)).toHaveLength(1);
  });

  it('counts once when two API processes receive it at the same time', async () => {
    const second = await startTestApp({ databaseUrl: app.ctx.config.databaseUrl! });
    try {
      const cy = await createUserAndLogin(app);
      const sent = completed(cy.user.email);
      const answers = await Promise.all([send(moodle, sent), send(moodle, sent, { on: second }), send(moodle, sent)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      await eventually(async () => expect(fromStatement(await entriesOf(cy), sent.id as string)).toHaveLength(1));
      await settled();
      expect(fromStatement(await entriesOf(cy), sent.id as string)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it("is no entry when the system's rules do not count it, and takes their default hours without a duration", async () => {
    const dee = await createUserAndLogin(app);
    const experienced = completed(dee.user.email, { verb: { id: 'http://adlnet.gov/expapi/verbs/experienced' } });
    const noDuration = completed(dee.user.email, { result: { completion: true } });
    expect((await send(moodle, [experienced, noDuration])).status).toBe(200);
    await settled();
    expect(await entriesOf(dee)).toEqual([]);

    const simulator = await connect('Simulator');
    const rules = { verbs: [...DEFAULT_TRAINING_VERBS], defaultHours: 2 };
    const set = await request(app, 'PUT', `/api/admin/xapi-clients/${simulator.id}/training-rules`, {
      token: admin.token,
      body: rules,
    });
    expect(set).toMatchObject({ status: 200, body: { id: simulator.id, ...rules } });
    const withDefault = completed(dee.user.email, { result: { completion: true } });
    expect((await send(simulator, withDefault)).status).toBe(200);
    await eventually(async () =>
      expect(fromStatement(await entriesOf(dee), withDefault.id as string)).toEqual([
        expect.objectContaining({ hours: '2', courseGivenBy: 'Simulator' }),
      ]),
    );
  });
});

describe("a system's training rules", () => {
  it('are set by an administrator only, checked, and listed with the system', async () => {
    const path = `/api/admin/xapi-clients/${moodle.id}/training-rules`;
    const employee = await createUserAndLogin(app);
    const rules = { verbs: [ADL_VERBS.completed], defaultHours: null };
    expect((await request(app, 'PUT', path, { token: employee.token, body: rules })).status).toBe(403);
    expect(
      await request(app, 'PUT', path, { token: admin.token, body: { verbs: ['not an iri'], defaultHours: null } }),
    ).toMatchObject({
      status: 400,
      body: { error: 'Not a verb IRI: not an iri' },
    });
    expect(await request(app, 'PUT', path, { token: admin.token, body: { verbs: [], defaultHours: 0.3 } })).toMatchObject({
      status: 400,
      body: { error: 'Hours must be in steps of 0.25' },
    });
    const unknown = `/api/admin/xapi-clients/${randomUUID()}/training-rules`;
    expect((await request(app, 'PUT', unknown, { token: admin.token, body: rules })).status).toBe(404);
    const listed = await request(app, 'GET', '/api/admin/xapi-clients', { token: admin.token });
    expect(listed.body).toContainEqual(
      expect.objectContaining({ id: moodle.id, verbs: [...DEFAULT_TRAINING_VERBS], defaultHours: null }),
    );
  });
});

describe('a voiding statement', () => {
  it('deletes the entry its target became, as the system', async () => {
    const eve = await createUserAndLogin(app);
    const sent = completed(eve.user.email);
    expect((await send(moodle, sent)).status).toBe(200);
    const [entry] = await eventually(async () => {
      const found = fromStatement(await entriesOf(eve), sent.id as string);
      expect(found).toHaveLength(1);
      return found;
    });
    expect((await send(moodle, voiding(sent.id as string))).status).toBe(200);
    await eventually(async () => expect(fromStatement(await entriesOf(eve), sent.id as string)).toEqual([]));
    const history = await request(app, 'GET', `/api/history/entries/${entry!.id}`, { token: admin.token });
    expect(history.body.items.map((item: { actor: { name: string | null } }) => item.actor.name)).toEqual([
      'Connected system Moodle',
      'Connected system Moodle',
    ]);
  });

  it('stored before its target was turned into an entry: the target never becomes one', async () => {
    const fay = await createUserAndLogin(app);
    const sent = completed(fay.user.email);
    expect((await send(moodle, [sent, voiding(sent.id as string)])).status).toBe(200);
    await settled();
    expect(await entriesOf(fay)).toEqual([]);
  });
});

describe('a statement for no active person', () => {
  it('is listed as unmatched, and becomes the entry of the person created later', async () => {
    const email = `later-${randomUUID().slice(0, 8)}@${app.ctx.config.orgEmailDomain}`;
    const sent = completed(email);
    const mboxSha1sum = createHash('sha1').update(`mailto:${email}`).digest('hex');
    const hashed = completed(email, { actor: { objectType: 'Agent', mbox_sha1sum: mboxSha1sum } });
    expect((await send(moodle, [sent, hashed])).status).toBe(200);
    await eventually(async () =>
      expect((await unmatched()).statements).toContainEqual(
        expect.objectContaining({ statementId: sent.id, reason: 'unknown-person', actor: `mailto:${email}`, system: 'Moodle' }),
      ),
    );
    const employee = await createUserAndLogin(app);
    expect((await request(app, 'GET', '/api/admin/xapi-unmatched', { token: employee.token })).status).toBe(403);

    const later = await createUserAndLogin(app, { email });
    await eventually(async () => expect(fromStatement(await entriesOf(later), sent.id as string)).toHaveLength(1));
    await eventually(async () => expect(fromStatement(await entriesOf(later), hashed.id as string)).toHaveLength(1));
    expect((await unmatched()).statements.map((listed) => listed.statementId)).not.toContain(sent.id);
  });

  it('waits while the person is deactivated, and becomes their entry once they are reactivated', async () => {
    const gus = await createUserAndLogin(app);
    expect((await request(app, 'POST', `/api/users/${gus.user.id}/deactivate`, { token: admin.token })).status).toBe(204);
    const sent = completed(gus.user.email);
    expect((await send(moodle, sent)).status).toBe(200);
    await eventually(async () =>
      expect((await unmatched()).statements).toContainEqual(
        expect.objectContaining({ statementId: sent.id, reason: 'deactivated-person' }),
      ),
    );
    expect((await request(app, 'POST', `/api/users/${gus.user.id}/reactivate`, { token: admin.token })).status).toBe(204);
    await eventually(async () => {
      const listed = await request<EntryView[]>(app, 'GET', `/api/entries?userId=${gus.user.id}`, { token: admin.token });
      expect(fromStatement(listed.body, sent.id as string)).toHaveLength(1);
    });
  });
});

describe('statements refused by the LRS', () => {
  it('become no entry: a POST half valid stores nothing', async () => {
    const hal = await createUserAndLogin(app);
    const valid = completed(hal.user.email);
    const invalid = completed(hal.user.email, { verb: { id: 'not an iri' } });
    expect((await send(moodle, [valid, invalid])).status).toBe(400);
    const stored = await request(app, 'GET', `/xapi/statements?statementId=${valid.id as string}`, {
      headers: { authorization: moodle.auth, 'X-Experience-API-Version': '1.0.3' },
    });
    expect(stored.status).toBe(404);
    await settled();
    expect(await entriesOf(hal)).toEqual([]);
  });

  it("become no entry: another system's statement id is a 409", async () => {
    const ivy = await createUserAndLogin(app);
    const jon = await createUserAndLogin(app);
    const sent = completed(ivy.user.email);
    expect((await send(moodle, sent)).status).toBe(200);
    const other = await connect('Docebo');
    expect((await send(other, { ...completed(jon.user.email), id: sent.id })).status).toBe(409);
    await settled();
    await settled(other);
    expect(await entriesOf(jon)).toEqual([]);
    expect(fromStatement(await entriesOf(ivy), sent.id as string)).toEqual([expect.objectContaining({ courseGivenBy: 'Moodle' })]);
  });
});

describe('a reported entry', () => {
  it("is edited by its person: it keeps its source, and its history shows the system's and the person's acts", async () => {
    const kim = await createUserAndLogin(app);
    const sent = completed(kim.user.email);
    expect((await send(moodle, sent)).status).toBe(200);
    const [entry] = await eventually(async () => {
      const found = fromStatement(await entriesOf(kim), sent.id as string);
      expect(found).toHaveLength(1);
      return found;
    });
    const edited = await request<EntryView>(app, 'PUT', `/api/entries/${entry!.id}`, {
      token: kim.token,
      body: { ...entry, hours: 2, notes: 'Plus the practical part' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ hours: '2', notes: 'Plus the practical part', source: entry!.source });
    const history = await request(app, 'GET', `/api/history/entries/${entry!.id}`, { token: admin.token });
    expect(
      history.body.items.map((item: { event: string; actor: { id: number | null; name: string | null } }) => [
        item.event,
        item.actor,
      ]),
    ).toEqual([
      ['EntryLogged', { id: null, name: 'Connected system Moodle' }],
      ['EntryEdited', { id: kim.user.id, name: expect.any(String) }],
    ]);
  });
});

describe('an erased person', () => {
  it('takes their statements and what names them here along', async () => {
    const lou = await createUserAndLogin(app, { firstName: 'Lou', lastName: 'Reed' });
    const sent = completed(lou.user.email);
    expect((await send(moodle, sent)).status).toBe(200);
    await eventually(async () => expect(fromStatement(await entriesOf(lou), sent.id as string)).toHaveLength(1));
    expect((await request(app, 'POST', `/api/users/${lou.user.id}/deactivate`, { token: admin.token })).status).toBe(204);
    const erased = await request(app, 'POST', `/api/users/${lou.user.id}/erase`, {
      token: admin.token,
      body: { confirmName: 'Lou Reed' },
    });
    expect(erased.status).toBe(204);
    const { rows } = await app.ctx.pool.query(
      `SELECT (SELECT count(*) FROM xapi.statements WHERE id = $1)::int AS statements,
         (SELECT count(*) FROM xapi.statement_entries WHERE statement_id = $1)::int AS mappings`,
      [sent.id],
    );
    expect(rows[0]).toEqual({ statements: 0, mappings: 0 });
  });
});
