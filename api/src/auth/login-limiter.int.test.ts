import { ACCOUNT_MESSAGES } from '@tht/contracts';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_PASSWORD, createUserAndLogin } from '../testing/accounts';
import { request, type JsonResponse } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { LOGIN_LIMITS, LoginLimiter, loginLimit, type LoginLimits } from './login-limiter';
import { TooManyRequestsError, migrateRequestLimits } from './request-limits';
import { migrateSecurityLog } from './security-log';

describe('LoginLimiter', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateRequestLimits(database.db);
    await migrateSecurityLog(database.db);
  });

  afterAll(() => database.drop());

  afterEach(() => {
    vi.useRealTimers();
  });

  const SMALL: LoginLimits = {
    perAccountAndAddress: loginLimit('account-address', 3, 60),
    perAddress: loginLimit('address', 5, 60),
    perAccount: loginLimit('account', 4, 60),
    perDevice: loginLimit('device', 2, 60),
    perAccountPerMinute: loginLimit('account-minute', 8, 60),
  };

  /** A limiter with small limits on the shared database, its clock (the counts' expiry times) under the test's control. */
  function limiterAt(start: number) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);
    return { limiter: new LoginLimiter(database.pool, SMALL), advance };
  }

  const from = (address: string) => ({ address, device: null });

  /** The wait of a refused attempt, or 0 when it is admitted. */
  async function waitOf(attempt: Promise<void>): Promise<number> {
    try {
      await attempt;
      return 0;
    } catch (error) {
      if (!(error instanceof TooManyRequestsError)) throw error;
      expect([ACCOUNT_MESSAGES.tooManyLoginAttempts, ACCOUNT_MESSAGES.tooManySignIns]).toContain(error.message);
      return error.retryAfterSeconds;
    }
  }

  // Each test uses its own accounts and addresses: the counts live in the database the tests share.
  it('admits an account on one address up to the limit and again when the window ends', async () => {
    const { limiter, advance } = limiterAt(1_000_000);
    for (let i = 0; i < 3; i++) {
      expect(await waitOf(limiter.admit('ada1', from('10.0.1.1')))).toBe(0);
      advance(10_000);
    }
    // Attempts at 0 s, 10 s and 20 s; now 30 s: the window opened by the first ends at 60 s.
    expect(await waitOf(limiter.admit('ada1', from('10.0.1.1')))).toBe(30);
    expect(await waitOf(limiter.admit('ada1', from('10.0.1.2')))).toBe(0);
    expect(await waitOf(limiter.admit('grace1', from('10.0.1.1')))).toBe(0);
    advance(30_000);
    expect(await waitOf(limiter.admit('ada1', from('10.0.1.1')))).toBe(0);
  });

  it('takes back a successful attempt and forgives the account its typos from that address', async () => {
    const { limiter } = limiterAt(2_000_000);
    // Two typos, then the right password.
    for (let i = 0; i < 3; i++) await limiter.admit('ada2', from('10.0.2.1'));
    await limiter.succeeded('ada2', from('10.0.2.1'));
    // The account and address limit (3) forgot all three; the account's ceiling (4) still counts the typos.
    for (let i = 0; i < 2; i++) await limiter.admit('ada2', from('10.0.2.1'));
    expect(await waitOf(limiter.admit('ada2', from('10.0.2.1')))).toBe(60);
  });

  it('refuses an address guessing many accounts, and an account guessed from many addresses', async () => {
    const { limiter } = limiterAt(3_000_000);
    for (let i = 0; i < 5; i++) await limiter.admit(`user3-${i}`, from('10.0.3.9'));
    expect(await waitOf(limiter.admit('someone-new3', from('10.0.3.9')))).toBe(60);
    for (let i = 0; i < 4; i++) await limiter.admit('ada3', from(`10.0.3.${10 + i}`));
    expect(await waitOf(limiter.admit('ada3', from('10.0.3.99')))).toBe(60);
  });

  it('counts a device on its own, whatever the lockouts of its address and account', async () => {
    const { limiter } = limiterAt(4_000_000);
    for (let i = 0; i < 4; i++) await limiter.admit('ada4', from(`10.0.4.${i}`));
    for (let i = 0; i < 4; i++) await limiter.admit(`user4-${i}`, from('10.0.4.0'));
    expect(await waitOf(limiter.admit('ada4', from('10.0.4.0')))).toBe(60);
    const device = { address: '10.0.4.0', device: 'device-4' };
    expect(await waitOf(limiter.admit('ada4', device))).toBe(0);
    expect(await waitOf(limiter.admit('ada4', device))).toBe(0);
    expect(await waitOf(limiter.admit('ada4', device))).toBe(60);
    await limiter.succeeded('ada4', device);
    expect(await waitOf(limiter.admit('ada4', device))).toBe(0);
  });

  it('counts every attempt on an account, successful ones too, per minute from any device or address', async () => {
    const { limiter, advance } = limiterAt(5_000_000);
    const devices = Array.from({ length: 4 }, (_, i) => ({ address: `10.0.5.${i}`, device: `device-5-${i}` }));
    for (let i = 0; i < 8; i++) {
      await limiter.admit('ada5', devices[i % 4]!);
      await limiter.succeeded('ada5', devices[i % 4]!);
      advance(5_000);
    }
    // Eight sign-ins from 0 s to 35 s; now 40 s: the window opened by the first ends at 60 s.
    expect(await waitOf(limiter.admit('ada5', devices[0]!))).toBe(20);
    expect(await waitOf(limiter.admit('ada5', from('10.0.5.99')))).toBe(20);
    expect(await waitOf(limiter.admit('grace5', devices[0]!))).toBe(0);
    advance(20_000);
    expect(await waitOf(limiter.admit('ada5', devices[0]!))).toBe(0);
  });
});

/** The `name=value` of the response's device cookie. */
function deviceCookieOf(response: JsonResponse): string {
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith('device_'));
  expect(cookie).toMatch(/HttpOnly/i);
  return cookie!.split(';')[0]!;
}

describe('sign-in attempt limits over HTTP', () => {
  let app: TestApp;
  let addresses = 0;
  /** A client address no other test uses (the app believes X-Forwarded-For, as behind its proxy). */
  const newAddress = () => `198.51.${Math.floor(++addresses / 250)}.${addresses % 250}`;

  beforeAll(async () => {
    app = await startTestApp({ config: { trustProxy: true } });
  });

  afterAll(() => app?.close());

  function login(username: string, password: string, address: string, cookie?: string) {
    const headers: Record<string, string> = { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) };
    return request(app, 'POST', '/api/login', { headers, body: { username, password } });
  }

  function expectRefused(response: JsonResponse) {
    expect(response).toMatchObject({ status: 429, body: { error: ACCOUNT_MESSAGES.tooManyLoginAttempts } });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  }

  const statuses = (responses: JsonResponse[]) => responses.map((response) => response.status);
  const count = (responses: JsonResponse[], status: number) => statuses(responses).filter((s) => s === status).length;

  it('checks at most 10 of 50 concurrent wrong passwords for one account; the others get 429', async () => {
    const { user } = await createUserAndLogin(app);
    const address = newAddress();
    const answers = await Promise.all(Array.from({ length: 50 }, () => login(user.email, 'wrong-password', address)));
    // Every 401 is one password checked.
    expect(count(answers, 401)).toBeLessThanOrEqual(LOGIN_LIMITS.perAccountAndAddress.points);
    expect(count(answers, 401) + count(answers, 429)).toBe(50);
    expectRefused(answers.find((answer) => answer.status === 429)!);
    expectRefused(await login(user.email, TEST_PASSWORD, address));
  });

  it('refuses the right password after 10 failures for an account from one address, and a success forgives the typos', async () => {
    const { user } = await createUserAndLogin(app);
    const typos = newAddress();
    for (let i = 0; i < 9; i++) expect((await login(user.email, 'typo', typos)).status).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, typos)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login(user.email, 'typo', typos)).status).toBe(401);
    expectRefused(await login(user.email, TEST_PASSWORD, typos));
    expect((await login(user.email, TEST_PASSWORD, newAddress())).status).toBe(200);
  });

  it("lets a browser that signed in before sign in again while others' failures lock its address out", async () => {
    const { user } = await createUserAndLogin(app);
    const office = newAddress();
    const device = deviceCookieOf(await login(user.email, TEST_PASSWORD, office));
    for (let i = 0; i < LOGIN_LIMITS.perAddress.points; i++) {
      expect((await login(`someone-else-${i}@${app.ctx.config.orgEmailDomain}`, 'guess', office)).status).toBe(401);
    }
    expectRefused(await login(user.email, TEST_PASSWORD, office));
    expect((await login(user.email, TEST_PASSWORD, office, device)).status).toBe(200);
  });

  it('holds the per-account ceiling against a botnet of distinct addresses, an IPv6 /64 counted as one', async () => {
    const { user } = await createUserAndLogin(app);
    const device = deviceCookieOf(await login(user.email, TEST_PASSWORD, newAddress()));
    const botnet = await Promise.all(Array.from({ length: 40 }, () => login(user.email, 'guess', newAddress())));
    expect(count(botnet, 401)).toBe(LOGIN_LIMITS.perAccount.points);
    expect(count(botnet, 429)).toBe(40 - LOGIN_LIMITS.perAccount.points);
    expectRefused(await login(user.email, TEST_PASSWORD, newAddress()));
    // The owner's browser is not locked out by the botnet.
    expect((await login(user.email, TEST_PASSWORD, newAddress(), device)).status).toBe(200);

    const other = await createUserAndLogin(app);
    const subnet = await Promise.all(
      Array.from({ length: 15 }, (_, i) => login(other.user.email, 'guess', `2001:db8:7:7:${i.toString(16)}::1`)),
    );
    expect(count(subnet, 401)).toBe(LOGIN_LIMITS.perAccountAndAddress.points);
    expect((await login(other.user.email, TEST_PASSWORD, '2001:db8:7:8::1')).status).toBe(200);
  });

  it('limits a device by its own small count, and ignores a device cookie for another account', async () => {
    const { user } = await createUserAndLogin(app);
    const other = await createUserAndLogin(app);
    const address = newAddress();
    const device = deviceCookieOf(await login(user.email, TEST_PASSWORD, address));
    const guesses = await Promise.all(Array.from({ length: 20 }, () => login(user.email, 'wrong', newAddress(), device)));
    expect(count(guesses, 401)).toBe(LOGIN_LIMITS.perDevice.points);
    expectRefused(guesses.find((answer) => answer.status === 429)!);

    // `user`'s cookie is no device of `other`'s: the address's count applies.
    for (let i = 0; i < 10; i++) await login(other.user.email, 'wrong', address, device);
    expectRefused(await login(other.user.email, TEST_PASSWORD, address, device));
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
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress.points; i++) {
      expect((await attempt(i % 2 === 0 ? first : second)).status).toBe(401);
    }
    for (const app of [first, second]) {
      const refused = await attempt(app);
      expect(refused).toMatchObject({ status: 429, body: { error: ACCOUNT_MESSAGES.tooManyLoginAttempts } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(LOGIN_LIMITS.perAccountAndAddress.durationSeconds - 60);
    }
  });
});
