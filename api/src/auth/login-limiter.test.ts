import { ACCOUNT_MESSAGES } from '@tht/contracts';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { LOGIN_LIMITS, LoginLimiter, migrateLoginLimits } from './login-limiter';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateLoginLimits(database.db);
});

afterAll(() => database.drop());

afterEach(() => {
  vi.useRealTimers();
});

/** A limiter with small limits on the shared database, its clock (the counts' expiry times) under the test's control. */
function limiterAt(start: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start);
  const limiter = new LoginLimiter(database.pool, { windowMs: 60_000, perAccountAndAddress: 3, perAddress: 5 });
  const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);
  return { limiter, advance };
}

// Each test uses its own addresses: the counts live in the database the tests share.
describe('LoginLimiter', () => {
  it('blocks an account on one address after the limit and frees it when the window ends', async () => {
    const { limiter, advance } = limiterAt(1_000_000);
    for (let i = 0; i < 3; i++) {
      expect(await limiter.retryAfterSeconds('ada@acme.org', '10.0.1.1')).toBe(0);
      await limiter.recordFailure('ada@acme.org', '10.0.1.1');
      advance(10_000);
    }
    // Failures at 0 s, 10 s and 20 s; now 30 s: the window opened by the first ends at 60 s.
    expect(await limiter.retryAfterSeconds('ADA@acme.org', '10.0.1.1')).toBe(30);
    expect(await limiter.retryAfterSeconds('ada@acme.org', '10.0.1.2')).toBe(0);
    expect(await limiter.retryAfterSeconds('grace@acme.org', '10.0.1.1')).toBe(0);
    advance(30_000);
    expect(await limiter.retryAfterSeconds('ada@acme.org', '10.0.1.1')).toBe(0);
  });

  it('forgives an account after a successful sign-in', async () => {
    const { limiter } = limiterAt(2_000_000);
    for (let i = 0; i < 3; i++) await limiter.recordFailure('ada@acme.org', '10.0.2.1');
    await limiter.recordSuccess('ada@acme.org', '10.0.2.1');
    expect(await limiter.retryAfterSeconds('ada@acme.org', '10.0.2.1')).toBe(0);
  });

  it('blocks an address guessing many accounts', async () => {
    const { limiter } = limiterAt(3_000_000);
    for (let i = 0; i < 5; i++) await limiter.recordFailure(`user${i}@acme.org`, '10.0.3.9');
    expect(await limiter.retryAfterSeconds('someone-new@acme.org', '10.0.3.9')).toBe(60);
    expect(await limiter.retryAfterSeconds('someone-new@acme.org', '10.0.3.8')).toBe(0);
  });

  it('counts failures recorded by another limiter on the same database', async () => {
    const { limiter } = limiterAt(4_000_000);
    const otherProcess = new LoginLimiter(database.pool, { windowMs: 60_000, perAccountAndAddress: 3, perAddress: 5 });
    await limiter.recordFailure('ada@acme.org', '10.0.4.1');
    await otherProcess.recordFailure('ada@acme.org', '10.0.4.1');
    await limiter.recordFailure('ada@acme.org', '10.0.4.1');
    expect(await otherProcess.retryAfterSeconds('ada@acme.org', '10.0.4.1')).toBe(60);
  });
});

describe('sign-in attempt limits across two API processes on one database', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await startTestApp();
    second = await startTestApp({ databaseUrl: first.ctx.config.databaseUrl! });
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('refuses the attempt after the limit whichever process counted the failures', async () => {
    const attempt = (app: TestApp) =>
      request(app, 'POST', '/api/login', { body: { username: 'nobody@example.com', password: 'wrong-password' } });
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++) {
      expect((await attempt(i % 2 === 0 ? first : second)).status).toBe(401);
    }
    for (const app of [first, second]) {
      const refused = await attempt(app);
      expect(refused).toMatchObject({ status: 429, body: { error: ACCOUNT_MESSAGES.tooManyLoginAttempts } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(LOGIN_LIMITS.windowMs / 1000 - 60);
    }
  });
});
