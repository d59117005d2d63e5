import { randomUUID } from 'node:crypto';
import { xapiClientStream } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/test-app';

/** The Learning Record Store over HTTP with the real app: a connected system's statements and documents. */

let app: TestApp;
let admin: SignedInTestUser;
let basic: string;

const VERSION = { 'X-Experience-API-Version': '1.0.3' };

async function lrs(
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; auth?: string | null } = {},
) {
  const { body, headers = {}, auth = basic } = options;
  const response = await fetch(`${app.baseUrl}/xapi${path}`, {
    method,
    headers: {
      ...VERSION,
      ...(auth !== null && { authorization: auth }),
      ...(body !== undefined && typeof body !== 'string' && { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: response.status, headers: response.headers, body: json };
}

async function adminApi(method: string, path: string, body?: unknown, user: SignedInTestUser = admin) {
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    method,
    headers: { ...user.authHeader, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const basicOf = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

const statement = (overrides: Record<string, unknown> = {}): Record<string, any> => ({
  actor: { objectType: 'Agent', name: 'Ann Example', mbox: 'mailto:ann@example.com' },
  verb: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed' } },
  object: {
    objectType: 'Activity',
    id: 'http://example.com/courses/fire-safety',
    definition: { name: { 'en-US': 'Fire Safety' } },
  },
  result: { duration: 'PT1H30M', completion: true },
  ...overrides,
});

beforeAll(async () => {
  app = await startTestApp();
  admin = await createUserAndLogin(app, { role: 'admin' });
  const created = await adminApi('POST', '/admin/xapi-clients', { name: 'Course platform', trainingType: 'external' });
  expect(created.status).toBe(201);
  basic = basicOf(created.body.key, created.body.secret);
});

afterAll(async () => {
  await app?.close();
});

describe('connected systems', () => {
  it('are created, listed without their secret, disabled and deleted by an administrator only', async () => {
    const employee = await createUserAndLogin(app, { role: 'employee' });
    expect((await adminApi('POST', '/admin/xapi-clients', { name: 'X', trainingType: 'internal' }, employee)).status).toBe(403);
    const created = await adminApi('POST', '/admin/xapi-clients', { name: 'Simulator', trainingType: 'internal' });
    const auth = basicOf(created.body.key, created.body.secret);
    const listed = await adminApi('GET', '/admin/xapi-clients');
    expect(listed.body).toContainEqual(expect.objectContaining({ id: created.body.id, name: 'Simulator', enabled: true }));
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);
    expect((await lrs('GET', '/statements?limit=1', { auth })).status).toBe(200);

    expect((await adminApi('PATCH', `/admin/xapi-clients/${created.body.id}`, { enabled: false })).body.enabled).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await lrs('GET', '/statements?limit=1', { auth })).status).toBe(401);
    expect((await adminApi('DELETE', `/admin/xapi-clients/${created.body.id}`)).status).toBe(204);
    expect((await adminApi('DELETE', `/admin/xapi-clients/${created.body.id}`)).status).toBe(404);

    // Each change is an event of the system's stream, naming the administrator; the secret is in none.
    const events = await app.ctx.store.readStream(xapiClientStream(created.body.id));
    expect(events.map((event) => event.type)).toEqual(['XapiClientCreated', 'XapiClientDisabled', 'XapiClientDeleted']);
    expect(events[0]!.data).toEqual({
      clientId: created.body.id,
      name: 'Simulator',
      key: created.body.key,
      trainingType: 'internal',
    });
    expect(events.map((event) => (event.metadata as { actorId?: unknown }).actorId)).toEqual(Array(3).fill(String(admin.user.id)));
    expect(JSON.stringify(events)).not.toContain(created.body.secret);
    expect((await adminApi('POST', '/admin/xapi-clients', { name: '', trainingType: 'internal' })).status).toBe(400);
  });
});

describe('the statement resource', () => {
  it('answers 401 without credentials or with a wrong secret, and 400 without a version header', async () => {
    expect((await lrs('GET', '/statements', { auth: null })).status).toBe(401);
    expect((await lrs('GET', '/statements', { auth: basicOf('nobody', 'nothing') })).status).toBe(401);
    const unversioned = await fetch(`${app.baseUrl}/xapi/statements`, { headers: { authorization: basic } });
    expect(unversioned.status).toBe(400);
    const about = await fetch(`${app.baseUrl}/xapi/about`);
    expect(about.status).toBe(200);
    expect(((await about.json()) as { version: string[] }).version).toContain('1.0.3');
  });

  it('stores a statement with its authority, stored time and version, and answers it by id', async () => {
    const id = randomUUID();
    const put = await lrs('PUT', `/statements?statementId=${id}`, { body: statement() });
    expect(put.status).toBe(204);
    const got = await lrs('GET', `/statements?statementId=${id}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('x-experience-api-version')).toBe('1.0.3');
    expect(got.headers.get('x-experience-api-consistent-through')).toBeTruthy();
    expect(got.body).toMatchObject({
      id,
      version: '1.0.0',
      authority: { objectType: 'Agent', name: 'Course platform' },
      result: { duration: 'PT1H30M' },
    });
    expect(Date.parse(got.body.stored)).not.toBeNaN();
  });

  it('refuses another content under a stored id with 409 and accepts the same content again', async () => {
    const id = randomUUID();
    expect((await lrs('PUT', `/statements?statementId=${id}`, { body: statement() })).status).toBe(204);
    expect((await lrs('PUT', `/statements?statementId=${id}`, { body: statement() })).status).toBe(204);
    const other = statement({ result: { duration: 'PT2H' } });
    expect((await lrs('PUT', `/statements?statementId=${id}`, { body: other })).status).toBe(409);
    expect((await lrs('POST', '/statements', { body: { ...other, id } })).status).toBe(409);
    expect((await lrs('GET', `/statements?statementId=${id}`)).body.result.duration).toBe('PT1H30M');
  });

  it('stores a POST of many all or nothing: one bad statement keeps the others out', async () => {
    const registration = randomUUID();
    const good = Array.from({ length: 3 }, () => statement({ id: randomUUID(), context: { registration } }));
    const bad = statement({ id: randomUUID(), actor: { mbox: 'not-an-address' }, context: { registration } });
    const refused = await lrs('POST', '/statements', { body: [...good, bad] });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/actor/);
    expect((await lrs('GET', `/statements?registration=${registration}`)).body.statements).toEqual([]);
    const accepted = await lrs('POST', '/statements', { body: good });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual(good.map((s) => s.id));
  });

  it('accepts 1,000 statements in one POST and pages them with "more"', async () => {
    const registration = randomUUID();
    const batch = Array.from({ length: 1000 }, (_, i) => statement({ context: { registration }, result: { score: { raw: i } } }));
    const posted = await lrs('POST', '/statements', { body: batch });
    expect(posted.status).toBe(200);
    expect(posted.body).toHaveLength(1000);
    const seen = new Set<string>();
    let next: string | null = `/statements?registration=${registration}&limit=300&ascending=true`;
    while (next) {
      const page = await lrs('GET', next);
      expect(page.status).toBe(200);
      for (const s of page.body.statements) seen.add(s.id);
      next = page.body.more ? String(page.body.more).replace(/^\/xapi/, '') : null;
    }
    expect(seen.size).toBe(1000);
    expect((await lrs('POST', '/statements', { body: [...batch, ...batch.slice(0, 1)] })).status).toBe(413);
  });

  it('voids a statement: gone by statementId and from queries, found by voidedStatementId', async () => {
    const registration = randomUUID();
    const id = randomUUID();
    await lrs('PUT', `/statements?statementId=${id}`, { body: statement({ context: { registration } }) });
    const voiding = await lrs('POST', '/statements', {
      body: statement({ verb: { id: 'http://adlnet.gov/expapi/verbs/voided' }, object: { objectType: 'StatementRef', id } }),
    });
    expect(voiding.status).toBe(200);
    expect((await lrs('GET', `/statements?statementId=${id}`)).status).toBe(404);
    expect((await lrs('GET', `/statements?voidedStatementId=${id}`)).body.id).toBe(id);
    // The voiding statement stays, found through its target's registration (Communication 2.1.3).
    const listed = await lrs('GET', `/statements?registration=${registration}`);
    expect(listed.body.statements.map((s: { id: string }) => s.id)).toEqual(voiding.body);
    const notVoiding = statement({ verb: { id: 'http://adlnet.gov/expapi/verbs/voided' } });
    expect((await lrs('POST', '/statements', { body: notVoiding })).status).toBe(400);
  });

  it('filters by agent and verb, and refuses unknown or misspelt parameters', async () => {
    const mbox = `mailto:${randomUUID()}@example.com`;
    await lrs('POST', '/statements', { body: statement({ actor: { mbox } }) });
    const agent = encodeURIComponent(JSON.stringify({ mbox }));
    const found = await lrs(
      'GET',
      `/statements?agent=${agent}&verb=${encodeURIComponent('http://adlnet.gov/expapi/verbs/completed')}`,
    );
    expect(found.body.statements).toHaveLength(1);
    expect((await lrs('GET', '/statements?Agent=x')).status).toBe(400);
    expect((await lrs('GET', `/statements?statementId=${randomUUID()}&verb=x`)).status).toBe(400);
  });

  it("writes an activity's definition only when a statement adds to it, not at every statement repeating it", async () => {
    const id = `http://example.com/courses/${randomUUID()}`;
    const withName = (name: Record<string, string>) => statement({ object: { objectType: 'Activity', id, definition: { name } } });
    const version = async () =>
      (await app.ctx.pool.query<{ xmin: string }>('SELECT xmin::text FROM xapi.activities WHERE id = $1', [id])).rows[0]!.xmin;
    expect((await lrs('POST', '/statements', { body: [withName({ 'en-US': 'Fire Safety' })] })).status).toBe(200);
    const first = await version();
    expect((await lrs('POST', '/statements', { body: [withName({ 'en-US': 'Fire Safety' })] })).status).toBe(200);
    expect(await version()).toBe(first);
    expect((await lrs('POST', '/statements', { body: [withName({ de: 'Brandschutz' })] })).status).toBe(200);
    expect(await version()).not.toBe(first);
    const activity = await lrs('GET', `/activities?activityId=${encodeURIComponent(id)}`);
    expect(activity.body.definition.name).toEqual({ 'en-US': 'Fire Safety', de: 'Brandschutz' });
  });
});

describe('each connected system', () => {
  it('reads only its own statements and documents, and voids only its own', async () => {
    const other = await adminApi('POST', '/admin/xapi-clients', { name: 'Other platform', trainingType: 'internal' });
    const auth = basicOf(other.body.key, other.body.secret);
    const id = randomUUID();
    const registration = randomUUID();
    await lrs('PUT', `/statements?statementId=${id}`, { body: statement({ context: { registration } }) });
    expect((await lrs('GET', `/statements?statementId=${id}`, { auth })).status).toBe(404);
    expect((await lrs('GET', `/statements?registration=${registration}`, { auth })).body.statements).toEqual([]);
    const voiding = statement({
      verb: { id: 'http://adlnet.gov/expapi/verbs/voided' },
      object: { objectType: 'StatementRef', id },
    });
    expect((await lrs('POST', '/statements', { body: voiding, auth })).status).toBe(200);
    expect((await lrs('GET', `/statements?statementId=${id}`)).status).toBe(200);

    const path = `/activities/state?activityId=${encodeURIComponent('http://example.com/a')}&agent=${encodeURIComponent(
      JSON.stringify({ mbox: 'mailto:ann@example.com' }),
    )}&stateId=progress`;
    expect((await lrs('PUT', path, { body: { page: 3 } })).status).toBe(204);
    expect((await lrs('GET', path, { auth })).status).toBe(404);
  });
});

describe('the document resources', () => {
  const activityId = encodeURIComponent('http://example.com/courses/fire-safety');

  it('guard a profile with ETags: 409 without a precondition, 412 on a stale one', async () => {
    const path = `/activities/profile?activityId=${activityId}&profileId=${randomUUID()}`;
    const first = await lrs('PUT', path, { body: { a: 1 }, headers: { 'If-None-Match': '*' } });
    expect(first.status).toBe(204);
    const read = await lrs('GET', path);
    const etag = read.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect((await lrs('PUT', path, { body: { a: 2 } })).status).toBe(409);
    expect((await lrs('PUT', path, { body: { a: 2 }, headers: { 'If-Match': '"stale"' } })).status).toBe(412);
    expect((await lrs('PUT', path, { body: { a: 2 }, headers: { 'If-Match': etag } })).status).toBe(204);
    expect((await lrs('GET', path)).body).toEqual({ a: 2 });
  });

  it('merges a posted JSON state into the stored one, one level deep', async () => {
    const agent = encodeURIComponent(JSON.stringify({ mbox: 'mailto:ann@example.com' }));
    const path = `/activities/state?activityId=${activityId}&agent=${agent}&stateId=bookmark`;
    expect((await lrs('POST', path, { body: { page: 1, nested: { a: 1 } } })).status).toBe(204);
    expect((await lrs('POST', path, { body: { nested: { b: 2 }, done: false } })).status).toBe(204);
    expect((await lrs('GET', path)).body).toEqual({ page: 1, nested: { b: 2 }, done: false });
    expect((await lrs('POST', path, { body: 'plain', headers: { 'content-type': 'text/plain' } })).status).toBe(400);
    expect((await lrs('DELETE', path)).status).toBe(204);
    expect((await lrs('GET', path)).status).toBe(404);
  });
});
