import { randomUUID } from 'node:crypto';
import { request, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/test-app';
import { XAPI_ALTERNATE_FORM_LIMIT_BYTES, XAPI_AUTHENTICATION_FAILURES, XAPI_BODY_LIMIT_BYTES } from './xapi-router';

/**
 * The LRS's door over HTTP (decision 047): credentials are checked before a body is read, the
 * alternate request syntax's form is read only up to its small limit, and failed authentications
 * are counted per client address. Each test comes from an address of its own (X-Forwarded-For,
 * believed from the loopback peer), so the counts of one never reach another.
 */

let app: TestApp;
let basic: string;

const VERSION = { 'X-Experience-API-Version': '1.0.3' };
const basicOf = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
const from = (address: string) => ({ 'X-Forwarded-For': address });

const statement = () => ({
  actor: { objectType: 'Agent', mbox: 'mailto:ann@example.com' },
  verb: { id: 'http://adlnet.gov/expapi/verbs/completed' },
  object: { objectType: 'Activity', id: 'http://example.com/courses/fire-safety' },
});

beforeAll(async () => {
  app = await startTestApp();
  const admin = await createUserAndLogin(app, { role: 'admin' });
  const created = await fetch(`${app.baseUrl}/api/admin/xapi-clients`, {
    method: 'POST',
    headers: { ...admin.authHeader, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Course platform', trainingType: 'external' }),
  });
  const { key, secret } = (await created.json()) as { key: string; secret: string };
  basic = basicOf(key, secret);
});

afterAll(async () => {
  await app?.close();
});

const readAll = async (response: IncomingMessage) => {
  const pieces: Buffer[] = [];
  for await (const piece of response) pieces.push(piece as Buffer);
  return Buffer.concat(pieces).toString('utf8');
};

/**
 * Starts a POST announcing `length` bytes and sends only `sent` of them; resolves with the answer
 * if it arrives within `ms` while the rest is still unsent (null if not), and the request to go on with.
 */
async function answerBeforeTheBody(path: string, headers: Record<string, string>, length: number, sent: number, ms = 5_000) {
  const url = new URL(`/xapi${path}`, app.baseUrl);
  const outgoing = request(url, { method: 'POST', headers: { ...headers, 'content-length': String(length) } });
  const answered = new Promise<IncomingMessage | null>((resolve, reject) => {
    outgoing.once('response', resolve);
    outgoing.once('error', reject);
    setTimeout(() => resolve(null), ms);
  });
  outgoing.write(Buffer.alloc(sent, 0x20));
  return { response: await answered, outgoing };
}

describe('the door of the LRS', () => {
  it('refuses a 20 MB POST without credentials before reading it, and the refusal reaches a client that sends it all', async () => {
    const head = 64 * 1024;
    const { response, outgoing } = await answerBeforeTheBody(
      '/statements',
      { ...VERSION, 'content-type': 'application/json', ...from('198.51.100.1') },
      XAPI_BODY_LIMIT_BYTES,
      head,
    );
    expect(response, 'answered while 20 MB less 64 kB were still unsent').not.toBeNull();
    expect(response!.statusCode).toBe(401);
    expect(response!.headers['www-authenticate']).toMatch(/^Basic/);
    // The client goes on sending: the server drops it (never keeps it) and ends the answer cleanly.
    outgoing.end(Buffer.alloc(XAPI_BODY_LIMIT_BYTES - head, 0x20));
    expect(JSON.parse(await readAll(response!))).toEqual({ error: expect.stringMatching(/Basic authentication/) });
  });

  it('refuses wrong credentials the same way, and a body announced over the limit with a 413 before reading it', async () => {
    const wrong = await answerBeforeTheBody(
      '/statements',
      { ...VERSION, 'content-type': 'application/json', authorization: basicOf('nobody', 'nothing'), ...from('198.51.100.2') },
      XAPI_BODY_LIMIT_BYTES,
      1024,
    );
    expect(wrong.response?.statusCode).toBe(401);
    wrong.outgoing.destroy();
    const tooLarge = await answerBeforeTheBody(
      '/statements',
      { ...VERSION, 'content-type': 'application/json', authorization: basic },
      XAPI_BODY_LIMIT_BYTES + 1,
      1024,
    );
    expect(tooLarge.response?.statusCode).toBe(413);
    tooLarge.outgoing.destroy();
  });

  it('reads the alternate request syntax only up to its small limit before its credentials, and it still works', async () => {
    const id = randomUUID();
    const form = new URLSearchParams({
      statementId: id,
      content: JSON.stringify(statement()),
      Authorization: basic,
      'X-Experience-API-Version': '1.0.3',
    });
    const put = await fetch(`${app.baseUrl}/xapi/statements?method=PUT`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...from('198.51.100.3') },
      body: form.toString(),
    });
    expect(put.status, await put.text()).toBe(204);
    const got = await fetch(`${app.baseUrl}/xapi/statements?statementId=${id}`, { headers: { ...VERSION, authorization: basic } });
    expect(((await got.json()) as { id: string }).id).toBe(id);

    form.set('Authorization', basicOf('nobody', 'nothing'));
    const refused = await fetch(`${app.baseUrl}/xapi/statements?method=PUT`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...from('198.51.100.3') },
      body: form.toString(),
    });
    expect(refused.status).toBe(401);

    const { response, outgoing } = await answerBeforeTheBody(
      '/statements?method=PUT',
      { 'content-type': 'application/x-www-form-urlencoded', ...from('198.51.100.3') },
      XAPI_ALTERNATE_FORM_LIMIT_BYTES + 1,
      1024,
    );
    expect(response?.statusCode).toBe(413);
    outgoing.destroy();
  });

  it('answers failed authentications past the limit of an address with 429 and Retry-After; its good key still works', async () => {
    const address = '198.51.100.4';
    const attempt = (authorization: string, client = address) =>
      fetch(`${app.baseUrl}/xapi/statements?limit=1`, { headers: { ...VERSION, authorization, ...from(client) } });
    const wrong = basicOf('nobody', 'nothing');
    for (let i = 0; i < XAPI_AUTHENTICATION_FAILURES.points; i++) expect((await attempt(wrong)).status).toBe(401);
    const limited = await attempt(wrong);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: string }).error).toBe(XAPI_AUTHENTICATION_FAILURES.message);
    expect((await attempt(basic)).status).toBe(200);
    expect((await attempt(wrong, '198.51.100.5')).status).toBe(401);
  });
});
