import { ACCOUNT_MESSAGES } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDepartment } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { EMAIL_CHECK_LIMIT, REGISTRATION_LIMIT } from './account-request-limits';

let app: TestApp;

beforeAll(async () => {
  // Behind a trusted proxy, so each test speaks from addresses of its own.
  app = await startTestApp({ config: { trustProxy: true } });
  await ensureDepartment(app.ctx, 'Engineering');
});

afterAll(() => app?.close());

const from = (address: string) => ({ 'x-forwarded-for': address });

function expectTooMany(response: { status: number; headers: Headers; body: unknown }, windowSeconds: number) {
  expect(response).toMatchObject({ status: 429, body: { error: ACCOUNT_MESSAGES.tooManyRequests } });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe('per-address request limits', () => {
  it('answers check-email 429 with Retry-After past the limit, for that address only', async () => {
    const check = (address: string) =>
      request(app, 'GET', `/api/check-email/someone@${app.ctx.config.orgEmailDomain}`, { headers: from(address) });
    for (let i = 0; i < EMAIL_CHECK_LIMIT.points; i++) expect((await check('198.51.100.1')).status).toBe(200);
    expectTooMany(await check('198.51.100.1'), EMAIL_CHECK_LIMIT.durationSeconds);
    expect((await check('198.51.100.2')).status).toBe(200);
  });

  it('counts every registration attempt from an address and answers 429 past the limit', async () => {
    const register = (address: string, email: string) =>
      request(app, 'POST', '/api/register', {
        headers: from(address),
        body: {
          email,
          firstName: 'Ada',
          lastName: 'Lovelace',
          department: 'Engineering',
          password: 'secret-12',
          confirmPassword: 'secret-12',
        },
      });
    const domain = app.ctx.config.orgEmailDomain;
    for (let i = 0; i < REGISTRATION_LIMIT.points; i++) {
      expect((await register('198.51.100.3', `not-of-the-organisation-${i}@elsewhere.example`)).status).toBe(400);
    }
    expectTooMany(await register('198.51.100.3', `ada@${domain}`), REGISTRATION_LIMIT.durationSeconds);
    expect((await register('198.51.100.4', `ada@${domain}`)).status).toBe(201);
  });
});
