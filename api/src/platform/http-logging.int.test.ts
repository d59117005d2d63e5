import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { loggableUrl } from './http-logging';
import { createLogger } from './logger';

const PASSWORD = 'Hunter2-very-secret-password';
const BEARER_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.bearer-token-that-must-not-be-logged.c2lnbmF0dXJl';
const COOKIE_TOKEN = 'cookie-token-that-must-not-be-logged';
const RESET_TOKEN = 'a1b2c3d4e5f6reset-token-that-must-not-be-logged';

const lines: string[] = [];
let app: TestApp;

beforeAll(async () => {
  const log = createLogger('debug', { destination: { write: (line) => void lines.push(line) } });
  app = await startTestApp({ log });
});

afterAll(() => app.close());

/** The request records logged so far, parsed. */
function requestRecords(): Array<Record<string, unknown>> {
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((record) => 'correlationId' in record);
}

async function loggedRecordFor(correlationId: string): Promise<Record<string, unknown>> {
  // The record is written once the response has finished, which may be just after the client has it.
  await expect.poll(() => requestRecords().some((record) => record.correlationId === correlationId)).toBe(true);
  return requestRecords().find((record) => record.correlationId === correlationId)!;
}

describe('request logging', () => {
  it('logs one JSON line per request with correlation id, method, URL, status and duration', async () => {
    await request(app, 'GET', '/api/health?year=2024', { headers: { 'x-correlation-id': 'trace-health-1' } });
    const record = await loggedRecordFor('trace-health-1');
    expect(record).toMatchObject({ method: 'GET', url: '/api/health?year=2024', level: expect.any(String) });
    expect(record.status).toBeOneOf([200, 503]);
    expect(record.durationMs).toEqual(expect.any(Number));
    expect(record.msg).toMatch(/^GET \/api\/health\?year=2024 (200|503) \d+ ms$/);
  });

  it('never logs a password, a bearer token, a cookie or the request body of a sign-in', async () => {
    const response = await request(app, 'POST', '/api/login', {
      body: { username: 'nobody@example.com', password: PASSWORD },
      token: BEARER_TOKEN,
      headers: { cookie: `authToken=${COOKIE_TOKEN}`, 'x-correlation-id': 'trace-login-1' },
    });
    expect(response.status).toBe(401);
    expect(await loggedRecordFor('trace-login-1')).toMatchObject({ method: 'POST', url: '/api/login', status: 401, level: 'warn' });

    const output = lines.join('');
    for (const secret of [PASSWORD, BEARER_TOKEN, COOKIE_TOKEN, 'nobody@example.com']) expect(output).not.toContain(secret);
    expect(output.toLowerCase()).not.toContain('bearer');
  });

  it('replaces secrets in the query string', async () => {
    await request(app, 'GET', `/api/no-such-route?token=${RESET_TOKEN}&year=2024`, {
      headers: { 'x-correlation-id': 'trace-query-1' },
    });
    expect(await loggedRecordFor('trace-query-1')).toMatchObject({
      url: '/api/no-such-route?token=[Redacted]&year=2024',
      status: 404,
    });
    expect(lines.join('')).not.toContain(RESET_TOKEN);
  });
});

describe('loggableUrl', () => {
  it('keeps paths and harmless parameters and replaces secret-looking ones, however they are spelt', () => {
    expect(loggableUrl('/api/entries')).toBe('/api/entries');
    expect(loggableUrl('/api/entries?year=2024&sort=date')).toBe('/api/entries?year=2024&sort=date');
    expect(loggableUrl('/api/x?resetToken=abc&Password=p&api_key=k&%74oken=t&flag')).toBe(
      '/api/x?resetToken=[Redacted]&Password=[Redacted]&api_key=[Redacted]&%74oken=[Redacted]&flag',
    );
  });
});

describe('createLogger', () => {
  it('writes JSON lines with the level name and the error stack, and redacts secrets given as fields', () => {
    const written: string[] = [];
    const log = createLogger('info', { destination: { write: (line) => void written.push(line) } });
    log.debug('not at info level');
    log.info('Ready');
    log.error('Start-up failed', Object.assign(new Error('boom'), { password: PASSWORD }));
    const records = written.map((line) => JSON.parse(line) as Record<string, any>);
    expect(records.map((record) => [record.level, record.msg])).toEqual([
      ['info', 'Ready'],
      ['error', 'Start-up failed'],
    ]);
    expect(records[1]!.err).toMatchObject({ message: 'boom', stack: expect.stringContaining('Error: boom') });
    expect(written.join('')).not.toContain(PASSWORD);
  });

  it('logs nothing when silent', () => {
    const written: string[] = [];
    const log = createLogger('silent', { destination: { write: (line) => void written.push(line) } });
    log.error('Start-up failed', new Error('boom'));
    expect(written).toEqual([]);
  });
});
