import { ACCOUNT_MESSAGES as M, auditLogPageSchema, loginResponseSchema, MAX_SESSIONS_PER_ACCOUNT } from '@tht/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_LIMITS } from '../auth/login-limiter';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

let app: TestApp;
let admin: SignedInTestUser;

beforeAll(async () => {
  app = await startTestApp();
  admin = await createUserAndLogin(app, { role: 'admin' });
});
afterAll(() => app?.close());
afterEach(() => {
  vi.useRealTimers();
});

const login = (user: SignedInTestUser) =>
  request(app, 'POST', '/api/login', { body: { username: user.user.email, password: user.password } });
const statusOf = async (token: string) => (await request(app, 'GET', '/api/user', { token })).status;

/** Another sign-in of the same account (a device, a test script's next test): its token. */
async function signInAgain(user: SignedInTestUser): Promise<string> {
  const answer = await login(user);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return loginResponseSchema.parse(answer.body).authToken;
}

describe('successful sign-ins are limited per account', () => {
  it(`refuses sign-in ${LOGIN_LIMITS.perAccountPerMinute.points + 1} within a minute with 429 and Retry-After, and admits again after it`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
    const start = Date.now();
    const looping = await createUserAndLogin(app);
    let latest = looping.token;
    for (let i = 1; i < LOGIN_LIMITS.perAccountPerMinute.points; i++) latest = await signInAgain(looping);

    const refused = await login(looping);
    expect(refused).toMatchObject({ status: 429, body: { error: M.tooManySignIns } });
    expect(Number(refused.headers.get('retry-after'))).toBe(60);
    // Someone else is not held back, nor the account's signed-in session.
    await signInAgain(await createUserAndLogin(app));
    expect(await statusOf(latest)).toBe(200);

    vi.setSystemTime(start + 61_000);
    await signInAgain(looping);
  });
});

describe('an account holds a bounded number of sessions', () => {
  it(`ends the oldest session at sign-in ${MAX_SESSIONS_PER_ACCOUNT + 1}, and the audit log shows why`, async () => {
    const person = await createUserAndLogin(app);
    const tokens = [person.token];
    for (let i = 1; i < MAX_SESSIONS_PER_ACCOUNT; i++) tokens.push(await signInAgain(person));
    expect(await statusOf(tokens[0]!)).toBe(200);

    const newest = await signInAgain(person);
    expect(await statusOf(tokens[0]!)).toBe(401);
    for (const token of [tokens[1]!, tokens.at(-1)!, newest]) expect(await statusOf(token)).toBe(200);

    const log = await request(app, 'GET', `/api/audit/log?actorId=${person.user.id}&pageSize=5`, { token: admin.token });
    // Newest first: the ending, then the sign-in that caused it (one append, one time).
    const [ended, signIn] = auditLogPageSchema.parse(log.body).items;
    expect(signIn).toMatchObject({ event: 'UserLoggedIn', actor: { id: person.user.id } });
    expect(ended).toMatchObject({
      event: 'UserLoggedOut',
      actor: { id: person.user.id },
      summary: `user logged out: session limit ${MAX_SESSIONS_PER_ACCOUNT}`,
    });
  });
});
