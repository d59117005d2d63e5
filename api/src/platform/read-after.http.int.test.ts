import { setTimeout as delay } from 'node:timers/promises';
import { positionOfReadAfter, READ_AFTER_HEADER, READ_AFTER_MESSAGES, readAfterToken, type EntryView } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { startPausableTcpProxy, type PausableTcpProxy } from '../testing/pausable-tcp-proxy';
import { request, type JsonResponse } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { READ_AFTER_WAIT_MS } from './read-after';

/**
 * Read-your-writes across two API processes on one PostgreSQL: a write acknowledged by A, then a
 * read on B sending the write's `x-read-after` token. B reaches the database through a proxy the
 * test can hold back, so "B has not heard of the write yet" happens on purpose, not by chance.
 */

let a: TestApp;
let b: TestApp;
let proxy: PausableTcpProxy;
let admin: SignedInTestUser;
let ann: SignedInTestUser;

beforeAll(async () => {
  a = await startTestApp();
  proxy = await startPausableTcpProxy(a.ctx.config.databaseUrl!);
  b = await startTestApp({ databaseUrl: proxy.url });
  admin = await createUserAndLogin(a, { role: 'admin' });
  ann = await createUserAndLogin(a);
});

afterAll(async () => {
  proxy?.resume();
  await b?.close();
  await proxy?.close();
  await a?.close();
});

const annsEntry = (trainingName: string) => ({
  ...ann.user,
  managerName: 'Grace Hopper',
  trainingName,
  date: '2025-03-04',
  hours: 2,
});
const tokenOf = (response: JsonResponse) => response.headers.get(READ_AFTER_HEADER);

function readAnnsEntries(app: TestApp, token?: string): Promise<JsonResponse<EntryView[]>> {
  return request<EntryView[]>(app, 'GET', `/api/entries?userId=${ann.user.id}&year=2025`, {
    token: ann.token,
    headers: token ? { [READ_AFTER_HEADER]: token } : {},
  });
}

async function logAnnsEntry(trainingName: string): Promise<{ id: number; token: string }> {
  const logged = await request<EntryView>(a, 'POST', '/api/entries', {
    token: ann.token,
    body: annsEntry(trainingName),
  });
  expect(logged.status).toBe(201);
  const token = tokenOf(logged) ?? '';
  expect(positionOfReadAfter(token)).not.toBeNull();
  return { id: logged.body.id, token };
}

const ids = (response: JsonResponse<EntryView[]>) => response.body.map((entry) => entry.id);

/**
 * Cuts B off the database, logs an entry on A and reads Ann's list on B without a token, which B
 * answers from memory (stale). B's memory may forget just before the cut (its runner or a late
 * notification of an earlier write), and then the read waits for the database: the proxy is let go
 * and the round is tried again, so a busy machine never leaves B cut off for the tests after it.
 * Returns with the proxy still paused.
 */
async function aWriteOnAThatBHasNotHeardOf(): Promise<{
  logged: { id: number; token: string };
  withoutToken: JsonResponse<EntryView[]>;
}> {
  for (let round = 0; round < 5; round += 1) {
    await b.ctx.readModels.waitFor(a.ctx.caches.freshThrough, 5000);
    await delay(200);
    await readAnnsEntries(b);
    await readAnnsEntries(b);
    proxy.pause();
    const logged = await logAnnsEntry(`Written on A while B hears nothing, round ${round}`);
    const read = readAnnsEntries(b);
    const withoutToken = await Promise.race([read, delay(1000).then(() => null)]);
    if (withoutToken) return { logged, withoutToken };
    proxy.resume();
    await read;
  }
  throw new Error('B never answered from memory while cut off from the database');
}

describe('the read-after token', () => {
  it('comes with every response whose request appended events, naming their newest position', async () => {
    const logged = await logAnnsEntry('Token of one entry');
    const bulk = await request(a, 'POST', '/api/entries/bulk', {
      token: ann.token,
      body: { entries: [annsEntry('Bulk one'), annsEntry('Bulk two')] },
    });
    const user = await request(a, 'POST', '/api/users', {
      token: admin.token,
      body: {
        email: `token-user@${a.ctx.config.orgEmailDomain}`,
        firstName: 'Tok',
        lastName: 'En',
        managerId: admin.user.id,
        department: 'Engineering',
        password: 'a-long-enough-password',
      },
    });
    expect([bulk.status, bulk.body.created, user.status]).toEqual([200, 2, 201]);
    const positions = [logged.token, tokenOf(bulk), tokenOf(user)].map((token) => positionOfReadAfter(token ?? ''));
    expect(positions).not.toContain(null);
    expect([...positions].sort()).toEqual(positions);
    expect(a.ctx.caches.freshThrough >= positions.at(-1)!).toBe(true);

    expect(tokenOf(await readAnnsEntries(a))).toBeNull();
  });

  it('makes a process that has not heard of a write wait for it, where without it the read is stale', async () => {
    const { logged, withoutToken } = await aWriteOnAThatBHasNotHeardOf();
    try {
      expect(withoutToken.status).toBe(200);
      expect(ids(withoutToken)).not.toContain(logged.id);

      const withToken = readAnnsEntries(b, logged.token);
      expect(await Promise.race([withToken.then(() => 'answered'), delay(200).then(() => 'waiting')])).toBe('waiting');
      proxy.resume();
      const answered = await withToken;
      expect(answered.status).toBe(200);
      expect(ids(answered)).toContain(logged.id);
    } finally {
      proxy.resume();
    }
  });

  it('gives 0 stale reads in 50 pairs of a write on A and a read on B with its token', async () => {
    let stale = 0;
    for (let pair = 0; pair < 50; pair += 1) {
      const logged = await logAnnsEntry(`Pair ${pair}`);
      const read = await readAnnsEntries(b, logged.token);
      expect(read.status).toBe(200);
      if (!ids(read).includes(logged.id)) stale += 1;
    }
    expect(stale).toBe(0);
  });

  it('gives the same ETag for the same read on either process, so a body revalidated on the other is a 304', async () => {
    const logged = await logAnnsEntry('Revalidated elsewhere');
    const onA = await readAnnsEntries(a, logged.token);
    const onB = await request(b, 'GET', `/api/entries?userId=${ann.user.id}&year=2025`, {
      token: ann.token,
      headers: { [READ_AFTER_HEADER]: logged.token, 'if-none-match': onA.headers.get('etag')! },
    });
    expect(onA.headers.get('etag')).toMatch(/^"/);
    expect(onB.status).toBe(304);
  });

  it('answers 503 with Retry-After when the position is not reached within the bound, forgetting nothing', async () => {
    const freshThrough = b.ctx.caches.freshThrough;
    const beyondTheLog = readAfterToken(`${'9'.repeat(20)}-${'0'.repeat(20)}`);
    const started = Date.now();
    const refused = await readAnnsEntries(b, beyondTheLog);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body).toEqual({ error: READ_AFTER_MESSAGES.notReached });
    expect(Date.now() - started).toBeGreaterThanOrEqual(READ_AFTER_WAIT_MS - 50);
    expect(b.ctx.caches.freshThrough).toBe(freshThrough);
  });

  it('refuses a malformed token with 400 before anything else', async () => {
    for (const token of ['garbage', `v1.1-1`, `${readAfterToken(`${'0'.repeat(20)}-${'0'.repeat(20)}`)}x`]) {
      const refused = await request(b, 'POST', '/api/entries', {
        token: ann.token,
        headers: { [READ_AFTER_HEADER]: token },
        body: annsEntry('Never logged'),
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: READ_AFTER_MESSAGES.malformed });
    }
    expect((await readAnnsEntries(a)).body.map((entry) => entry.trainingName)).not.toContain('Never logged');
  });
});
