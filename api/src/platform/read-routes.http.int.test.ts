import { READ_MODEL_SCHEMA } from 'projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { logEntryAs } from '../testing/entries';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { createLogger } from './logger';

/**
 * The dashboard's reads answered first (`answerDeclaredReads`, and a repeat from its kept answer
 * before Express, `kept-reads.ts`) against the same reads through the generic stack: two apps on
 * one database, one with the early answers off; every answer the same.
 */
const METRICS_TOKEN = 'read-routes-metrics-token';
const YEAR = 2025;
/** Headers that differ between any two answers. */
const VARYING = new Set(['date', 'keep-alive', 'connection']);

const logged = { first: [] as string[], generic: [] as string[] };
let first: TestApp;
let generic: TestApp;
let employee: SignedInTestUser;
let other: SignedInTestUser;
let manager: SignedInTestUser;
let hr: SignedInTestUser;
let admin: SignedInTestUser;

const linesInto = (lines: string[]) => createLogger('info', { destination: { write: (line) => void lines.push(line) } });

beforeAll(async () => {
  const config = { metricsToken: METRICS_TOKEN };
  first = await startTestApp({ config, log: linesInto(logged.first) });
  generic = await startTestApp({
    config,
    log: linesInto(logged.generic),
    databaseUrl: first.ctx.config.databaseUrl!,
    answerReadsFirst: false,
  });
  manager = await createUserAndLogin(first, { role: 'manager' });
  employee = await createUserAndLogin(first, { managerId: manager.user.id });
  other = await createUserAndLogin(first);
  hr = await createUserAndLogin(first, { role: 'hr' });
  admin = await createUserAndLogin(first, { role: 'admin' });
  await logEntryAs(first, employee, { trainingName: 'Kafka basics', date: `${YEAR}-03-04`, hours: 3, rating: 4 });
});

afterAll(async () => {
  await generic?.close();
  await first?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function answerOf(app: TestApp, method: string, path: string, headers: Record<string, string>): Promise<Answer> {
  const response = await fetch(`${app.baseUrl}${path}`, { method, headers });
  const kept = [...response.headers].filter(([name]) => !VARYING.has(name));
  return { status: response.status, headers: Object.fromEntries(kept), body: await response.text() };
}

let sent = 0;

/** The same request to both apps (one correlation id each, so their headers match too); both answers. */
async function bothWays(path: string, who: SignedInTestUser | null, headers: Record<string, string> = {}, method = 'GET') {
  sent += 1;
  const sentHeaders = { 'x-correlation-id': `read-routes-${sent}`, ...(who && who.authHeader), ...headers };
  return {
    early: await answerOf(first, method, path, sentHeaders),
    late: await answerOf(generic, method, path, sentHeaders),
  };
}

/** The app's count of look-ups of `cache` with `result`, from its metrics. */
async function lookups(app: TestApp, cache: string, result: 'hit' | 'miss'): Promise<number> {
  const { body } = await request<string>(app, 'GET', '/api/metrics', { token: METRICS_TOKEN });
  const line = body.split('\n').find((each) => each.startsWith(`cache_lookups_total{cache="${cache}",result="${result}"}`));
  return Number(line?.split(' ')[1] ?? 0);
}

/** `answer`'s requests to the early app, and how many of them it answered from kept answers (before Express). */
async function keptAnswers<T>(answer: () => Promise<T>): Promise<{ kept: number; answered: T }> {
  const hitsBefore = await lookups(first, 'kept_reads', 'hit');
  const answered = await answer();
  return { kept: (await lookups(first, 'kept_reads', 'hit')) - hitsBefore, answered };
}

/**
 * `keptAnswers` of `read` once more, up to three times, until one is kept: an answer rendered
 * while the read models changed (a new user's sign-in still being projected) is used, not kept.
 */
async function keptRead<T>(read: () => Promise<T>): Promise<{ kept: number; answered: T }> {
  let tried = await keptAnswers(read);
  for (let again = 1; again < 3 && tried.kept === 0; again += 1) tried = await keptAnswers(read);
  return tried;
}

type Case = [name: string, path: string, who: () => SignedInTestUser | null, status: number, headers?: Record<string, string>];

const CASES: Case[] = [
  ['own stats', `/api/stats?year=${YEAR}`, () => employee, 200],
  ['own entries', `/api/entries?userId=%ID%&year=${YEAR}`, () => employee, 200],
  ['the current user', '/api/user', () => employee, 200],
  ['the years', '/api/available-years', () => employee, 200],
  ["another's stats", '/api/stats?userId=%OTHER%', () => employee, 403],
  ["a report's entries, by the manager", `/api/entries?userId=%ID%&year=${YEAR}`, () => manager, 200],
  ['a non-report, by a manager', '/api/entries?userId=%OTHER%', () => manager, 403],
  ['the team stats', `/api/manager/%MANAGER%/stats?year=${YEAR}`, () => manager, 200],
  ['the team', '/api/manager/%MANAGER%/employees', () => manager, 200],
  ['the team entries', `/api/manager/%MANAGER%/entries?year=${YEAR}`, () => manager, 200],
  ["another's team", '/api/manager/%MANAGER%/stats', () => employee, 403],
  ['an unknown team, by HR', '/api/manager/999999/stats', () => hr, 404],
  ['HR stats', `/api/hr/stats?year=${YEAR}`, () => hr, 200],
  ['HR stats, by an employee', '/api/hr/stats', () => employee, 403],
  ['HR users', '/api/hr/users', () => hr, 200],
  ['HR employees page', '/api/hr/employees?page=1', () => hr, 200],
  ['HR top courses', '/api/hr/top-courses', () => hr, 200],
  ["everyone's entries", `/api/entries?year=${YEAR}`, () => hr, 200],
  ['the SMT overview, by an admin', '/api/smt/overview', () => admin, 200],
  ['the SMT overview, by an employee', '/api/smt/overview', () => employee, 403],
  ['the admin users page', '/api/admin/users?page=1', () => admin, 200],
  ['the admin stats, by HR', '/api/admin-stats', () => hr, 403],
  ['no sign-in', '/api/stats', () => null, 401],
  ['a forged token', '/api/stats', () => null, 401, { authorization: 'Bearer not.a.token' }],
  ['a bad year', '/api/stats?year=abc', () => employee, 400],
  ['unsafe text in the query', '/api/stats?year=%00', () => employee, 400],
  ['a malformed team id', '/api/manager/%E0%A4%A/stats', () => manager, 400],
  ['a malformed read-after token', '/api/stats', () => employee, 400, { 'x-read-after': 'nonsense' }],
  ['another case and a trailing slash', '/API/Stats/', () => employee, 200],
];

/** 200s sent in pieces as they are read (`sendJsonPieces`), never kept. */
const STREAMED = new Set(["everyone's entries"]);

const pathFor = (path: string) =>
  path
    .replace('%ID%', String(employee.user.id))
    .replace('%OTHER%', String(other.user.id))
    .replace('%MANAGER%', String(manager.user.id));

describe('the dashboard reads answered first', () => {
  it.each(CASES)('%s: the same status, headers and body as through the generic stack', async (name, path, who, status, headers) => {
    const { early, late } = await bothWays(pathFor(path), who(), headers);
    expect(early.status).toBe(status);
    expect(early).toEqual(late);
    // Again: a 200 now from its kept answer, before Express; every other answer from the app again.
    const { kept, answered } = await keptRead(() => bothWays(pathFor(path), who(), headers));
    expect(kept).toBe(status === 200 && path.startsWith('/api/') && !STREAMED.has(name) ? 1 : 0);
    expect(answered.early).toEqual(answered.late);
  });

  it('a kept answer: the same 304 to If-None-Match, and a HEAD the same headers', async () => {
    const path = `/api/hr/stats?year=${YEAR}`;
    const { early } = await bothWays(path, hr);
    const { kept, answered } = await keptAnswers(async () => ({
      conditional: await bothWays(path, hr, { 'if-none-match': early.headers.etag! }),
      head: await bothWays(path, hr, {}, 'HEAD'),
    }));
    expect(kept).toBe(2);
    expect(answered.conditional.early.status).toBe(304);
    expect(answered.conditional.early).toEqual(answered.conditional.late);
    expect(answered.head.early.status).toBe(200);
    expect(answered.head.early).toEqual(answered.head.late);
  });

  it('a repeat read with If-None-Match: the same 304, and a HEAD the same headers', async () => {
    const path = `/api/stats?year=${YEAR}`;
    const { early } = await bothWays(path, employee);
    const conditional = await bothWays(path, employee, { 'if-none-match': early.headers.etag! });
    expect(conditional.early.status).toBe(304);
    expect(conditional.early).toEqual(conditional.late);
    const head = await bothWays(path, employee, {}, 'HEAD');
    expect(head.early.status).toBe(200);
    expect(head.early).toEqual(head.late);
  });

  it('logs the same line and counts the request under the same route, from a kept answer too', async () => {
    const path = `/api/manager/${manager.user.id}/stats`;
    await bothWays(path, manager);
    const { kept, answered } = await keptAnswers(() => bothWays(path, manager, { 'x-correlation-id': 'read-routes-logged' }));
    expect([kept, answered.early.status]).toEqual([1, 200]);
    const lineOf = async (lines: string[]) => {
      await expect.poll(() => lines.some((line) => line.includes('"read-routes-logged"'))).toBe(true);
      const { msg, status, method, url } = JSON.parse(lines.find((line) => line.includes('"read-routes-logged"'))!) as Record<
        string,
        unknown
      >;
      return { msg: String(msg).replace(/\d+ ms$/, ''), status, method, url };
    };
    expect(await lineOf(logged.first)).toEqual(await lineOf(logged.generic));
    const counted = async (app: TestApp) => {
      const { body } = await request<string>(app, 'GET', '/api/metrics', { token: METRICS_TOKEN });
      return body
        .split('\n')
        .filter((line) => line.startsWith('http_request_duration_seconds_count{method="GET",route="/api/manager'));
    };
    const early200 = (await counted(first)).find((line) => line.includes('route="/api/manager/:managerId/stats",status="200"'));
    expect(early200).toBeDefined();
    expect(await counted(first)).toEqual(await counted(generic));
  });

  /** A user whose read is answered from its kept answer; then `change` (through the early app); the read again, at once. */
  async function readAfterChange(who: SignedInTestUser, path: string, change: () => Promise<Response>) {
    await bothWays(path, who);
    const { kept, answered } = await keptRead(() => bothWays(path, who));
    expect([kept, answered.early.status]).toEqual([1, 200]);
    const changed = await change();
    expect(changed.ok).toBe(true);
    // No x-read-after to the early app: the process that made the change refuses at once.
    const early = await answerOf(first, 'GET', path, { 'x-correlation-id': 'read-routes-changed', ...who.authHeader });
    const position = changed.headers.get('x-read-after');
    const readAfter: Record<string, string> = position === null ? {} : { 'x-read-after': position };
    const late = await answerOf(generic, 'GET', path, {
      'x-correlation-id': 'read-routes-changed',
      ...who.authHeader,
      ...readAfter,
    });
    expect(early).toEqual(late);
    return early.status;
  }

  const asAdmin = (method: string, path: string, body?: object) => () =>
    fetch(`${first.baseUrl}${path}`, {
      method,
      headers: { ...admin.authHeader, 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });

  it('refuses at once, after a kept answer: an ended session, a deactivated user, a changed role, a revoked token', async () => {
    const leaving = await createUserAndLogin(first);
    const logOut = () => fetch(`${first.baseUrl}/api/logout`, { method: 'POST', headers: leaving.authHeader });
    expect(await readAfterChange(leaving, '/api/stats', logOut)).toBe(401);
    const deactivated = await createUserAndLogin(first);
    expect(await readAfterChange(deactivated, '/api/stats', asAdmin('POST', `/api/users/${deactivated.user.id}/deactivate`))).toBe(
      401,
    );
    const demoted = await createUserAndLogin(first, { role: 'hr' });
    const demotion = asAdmin('PUT', `/api/users/${demoted.user.id}`, { role: 'employee' });
    expect([401, 403]).toContain(await readAfterChange(demoted, '/api/hr/stats', demotion));
    const revoked = await createUserAndLogin(first);
    const everywhere = () => fetch(`${first.baseUrl}/api/logout-everywhere`, { method: 'POST', headers: revoked.authHeader });
    expect(await readAfterChange(revoked, '/api/stats', everywhere)).toBe(401);
  });

  it('refuses a logged-out session and a removed user as the generic stack does', async () => {
    const leaving = await createUserAndLogin(first);
    const removed = await createUserAndLogin(first);
    expect((await bothWays('/api/stats', leaving)).early.status).toBe(200);
    expect((await bothWays('/api/stats', removed)).early.status).toBe(200);
    const loggedOut = await request(first, 'POST', '/api/logout', { token: leaving.token });
    const deleted = await request(first, 'DELETE', `/api/users/${removed.user.id}`, { token: admin.token });
    expect([loggedOut.status, deleted.status]).toEqual([200, 200]);
    // The other app answers once it has seen both (its caches learn of changes by notification).
    const readAfter = { 'x-read-after': deleted.headers.get('x-read-after')! };
    for (const user of [leaving, removed]) {
      const { early, late } = await bothWays('/api/stats', user, readAfter);
      expect(early.status).toBe(401);
      expect(early).toEqual(late);
    }
  });
});

describe('kept answers in a process a newer release superseded', () => {
  it('are sent no more: the read gets the 503 of every request but the probes, at once', async () => {
    const older = await startTestApp({ config: { metricsToken: METRICS_TOKEN } });
    try {
      const reader = await createUserAndLogin(older);
      const path = `/api/stats?year=${YEAR}`;
      await expect
        .poll(async () => {
          expect((await request(older, 'GET', path, { token: reader.token })).status).toBe(200);
          return lookups(older, 'kept_reads', 'hit');
        })
        .toBeGreaterThan(0);
      // A newer release's swap leaves its own, higher versions in the checkpoint rows (decision 052).
      await older.ctx.pool.query(
        `UPDATE ${READ_MODEL_SCHEMA}.projection_checkpoints SET version = version + 1 WHERE name = 'entries'`,
      );
      await expect.poll(() => older.ctx.readModels.superseded(), { timeout: 10_000, interval: 20 }).toEqual(['entries']);
      // Before, the kept answer was sent until a change or its minute forgot it.
      const read = await request(older, 'GET', path, { token: reader.token });
      expect(read).toMatchObject({ status: 503, body: { status: 'superseded' } });
    } finally {
      await older.close();
    }
  });
});
