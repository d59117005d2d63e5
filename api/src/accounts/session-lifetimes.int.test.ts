import { RENEWED_TOKEN_HEADER } from '@tht/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { request, type JsonResponse } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';

// The documented defaults: SESSION_MAX_HOURS 12, SESSION_IDLE_MINUTES 60. The app runs in this
// process, so the tests move its clock (Date) instead of waiting.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());
afterEach(() => {
  vi.useRealTimers();
});

/** The app's clock from now on: real time until the test moves it forward. */
function clock() {
  const start = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start);
  return { advanceTo: (ms: number) => vi.setSystemTime(start + ms) };
}

interface Claims {
  sid: string;
  iat: number;
  exp: number;
  auth_time: number;
}

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Claims;

const getUser = (token: string) => request(app, 'GET', '/api/user', { token });

/** The token the answer hands the session on with (header and cookie agree), or null. */
function renewedTokenOf(answer: JsonResponse): string | null {
  const renewed = answer.headers.get(RENEWED_TOKEN_HEADER);
  // The last one counts, as in a browser (a renewal before a new sign-in sets two).
  const cookie = answer.headers.getSetCookie().findLast((header) => header.startsWith('authToken='));
  expect(cookie?.split(';')[0]).toBe(renewed === null ? undefined : `authToken=${renewed}`);
  return renewed;
}

const signedIn = (): Promise<SignedInTestUser> => createUserAndLogin(app);

describe('session lifetimes (SESSION_MAX_HOURS, SESSION_IDLE_MINUTES)', () => {
  it('gives a new token the idle window, carrying its sign-in time, and never an exp past the maximum after sign-in', async () => {
    const { token } = await signedIn();
    const { iat, exp, auth_time } = claimsOf(token);
    expect(exp - iat).toBe(60 * 60);
    expect(auth_time).toBe(iat);
    expect(exp - auth_time).toBeLessThanOrEqual(12 * 60 * 60);
  });

  it('ends a session nobody uses after the idle window, by Bearer and by cookie', async () => {
    const time = clock();
    const { token } = await signedIn();
    time.advanceTo(61 * MINUTE);
    expect((await getUser(token)).status).toBe(401);
    expect((await request(app, 'GET', '/api/user', { headers: { cookie: `authToken=${token}` } })).status).toBe(401);
  });

  it('keeps a session in use with fresh tokens of the same session, none past the maximum, and ends it at the maximum', async () => {
    const time = clock();
    const { token: first } = await signedIn();
    const { sid, auth_time } = claimsOf(first);
    let token = first;
    let renewals = 0;
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      time.advanceTo(minutes * MINUTE);
      const answer = await getUser(token);
      expect(answer.status, `after ${minutes} minutes`).toBe(200);
      const renewed = renewedTokenOf(answer);
      if (renewed === null) continue;
      renewals += 1;
      expect(claimsOf(renewed)).toMatchObject({ sid, auth_time });
      expect(claimsOf(renewed).exp).toBeLessThanOrEqual(auth_time + 12 * 60 * 60);
      token = renewed;
    }
    expect(renewals).toBeGreaterThan(30);
    expect(claimsOf(token).exp).toBe(auth_time + 12 * 60 * 60);
    time.advanceTo(12 * HOUR + 1000);
    expect((await getUser(token)).status).toBe(401);
    // The token of the sign-in expired long ago, whatever was renewed since.
    expect((await getUser(first)).status).toBe(401);
  });

  it('keeps a logged-out session ended after the expiry of the token that logged out, so a renewed token stays refused', async () => {
    const time = clock();
    const { token: first } = await signedIn();
    time.advanceTo(20 * MINUTE);
    const renewed = renewedTokenOf(await getUser(first));
    expect(renewed, 'a token renewed 20 minutes into the session').not.toBeNull();
    expect(claimsOf(renewed!).exp).toBeGreaterThan(claimsOf(first).exp);

    expect((await request(app, 'POST', '/api/logout', { token: first })).status).toBe(200);
    expect((await getUser(renewed!)).status).toBe(401);

    // Past the first token's expiry (and the 5 minutes' clock skew), a later logout tidies the
    // ended sessions: the session must stay listed while its renewed token lives.
    time.advanceTo(70 * MINUTE);
    const other = await signedIn();
    expect((await request(app, 'POST', '/api/logout', { token: other.token })).status).toBe(200);
    expect(claimsOf(renewed!).exp * 1000).toBeGreaterThan(Date.now());
    expect((await getUser(renewed!)).status).toBe(401);
  });

  it('names the one token to go on with when the answer signs in again, and none when it signs out', async () => {
    const time = clock();
    const { token, password } = await signedIn();
    time.advanceTo(20 * MINUTE);
    const body = { currentPassword: password, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' };
    const changed = await request(app, 'POST', '/api/set-password', { token, body });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(renewedTokenOf(changed)).toBe(changed.body.authToken);
    expect((await getUser(changed.body.authToken)).status).toBe(200);

    time.advanceTo(40 * MINUTE);
    const out = await request(app, 'POST', '/api/logout-everywhere', { token: changed.body.authToken });
    expect(out.status).toBe(200);
    expect(out.headers.get(RENEWED_TOKEN_HEADER)).toBeNull();
  });

  it('renews the token of a browser signed in by the cookie alone', async () => {
    const time = clock();
    const { token } = await signedIn();
    time.advanceTo(30 * MINUTE);
    const answer = await request(app, 'GET', '/api/user', { headers: { cookie: `authToken=${token}` } });
    expect(answer.status).toBe(200);
    const renewed = renewedTokenOf(answer);
    expect(claimsOf(renewed!).exp).toBe(claimsOf(token).iat + 90 * 60);
  });
});
