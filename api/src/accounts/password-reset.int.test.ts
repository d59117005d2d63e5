import http from 'node:http';
import {
  PASSWORD_RESET_MESSAGES as R,
  RESET_TOKEN_PATTERN,
  passwordResetResponseSchema,
  resetRequestedResponseSchema,
} from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin } from '../testing/accounts';
import { startAppWithoutMail } from '../testing/app-without-mail';
import { resetLinkIn, startMailCatcher, type CaughtMail, type MailCatcher } from '@tht/test-kit';
import { request, type JsonResponse } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { adminLinkNotLogged } from './admin-password-reset';

const PUBLIC_URL = 'https://training.example.org';
const MAIL_FROM = 'Training Hours <training@example.org>';
const ANY_RESET_TOKEN = /[0-9a-f]{64}/;

let catcher: MailCatcher;
let app: TestApp;

beforeAll(async () => {
  catcher = await startMailCatcher();
  app = await startTestApp({ config: { publicUrl: PUBLIC_URL, smtpUrl: catcher.url, mailFrom: MAIL_FROM } });
});

afterAll(async () => {
  await app?.close();
  await catcher?.close();
});

let addresses = 0;
/** A client address of its own for each caller, so one test's requests do not count against another's per-address limit. */
const clientAddress = () => `198.51.100.${(addresses += 1)}`;

const requestReset = (
  target: TestApp,
  username: string,
  { token, headers = {} }: { token?: string; headers?: Record<string, string> } = {},
) =>
  request(target, 'POST', '/api/reset-password', {
    body: { username },
    token,
    headers: { 'x-forwarded-for': clientAddress(), ...headers },
  });

const confirmReset = (target: TestApp, token: string, password: string) =>
  request(target, 'POST', '/api/reset-password-confirm', { body: { token, password, confirmPassword: password } });

const login = (target: TestApp, username: string, password: string) =>
  request(target, 'POST', '/api/login', { body: { username, password } });

/** The generic answer, holding no token and no link. */
function expectGenericAnswer(response: JsonResponse, mailConfigured = true): void {
  expect(response.status).toBe(200);
  expect(resetRequestedResponseSchema.parse(response.body)).toEqual({ message: R.linkOnItsWay, mailConfigured });
  expect(JSON.stringify(response.body)).not.toMatch(ANY_RESET_TOKEN);
}

const tokenOf = (mail: CaughtMail) => resetLinkIn(mail).searchParams.get('token')!;

/** A POST through node:http, which sends the Host header it is given (fetch sets its own). */
function rawPost(path: string, body: unknown, headers: Record<string, string>): Promise<number> {
  const { hostname, port } = new URL(app.baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { hostname, port, path, method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('a signed-out reset request', () => {
  it('answers one generic message and mails the owner a PUBLIC_URL link whose token sets a new password', async () => {
    const { user } = await createUserAndLogin(app);
    const since = catcher.mails.length;
    expectGenericAnswer(await requestReset(app, user.email));

    const mail = await catcher.mailTo(user.email, { since });
    expect(mail.to).toEqual([user.email]);
    expect(mail.from).toBe('"Training Hours" <training@example.org>');
    const link = resetLinkIn(mail);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe('/auth');
    const token = tokenOf(mail);
    expect(token).toMatch(RESET_TOKEN_PATTERN);
    // The key for the manual entry is in the mail too.
    expect(mail.text.replace(link.href, '')).toContain(token);

    expect(await confirmReset(app, token, 'mailed-password-1')).toMatchObject({ status: 200 });
    expect((await login(app, user.email, 'mailed-password-1')).status).toBe(200);
  });

  it('builds the link from PUBLIC_URL whatever the Host, X-Forwarded-Host and Origin headers say', async () => {
    const { user } = await createUserAndLogin(app);
    const since = catcher.mails.length;
    const status = await rawPost(
      '/api/reset-password',
      { username: user.email },
      {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'http',
        origin: 'https://evil.example',
        'x-forwarded-for': clientAddress(),
      },
    );
    expect(status).toBe(200);
    const mail = await catcher.mailTo(user.email, { since });
    expect(mail.text).not.toContain('evil.example');
    expect(resetLinkIn(mail).origin).toBe(PUBLIC_URL);
  });

  it('gives an unknown address the same answer and sends nothing', async () => {
    const unknown = `nobody-${Date.now()}@${app.ctx.config.orgEmailDomain}`;
    const known = (await createUserAndLogin(app)).user.email;
    const since = catcher.mails.length;

    const [forUnknown, forKnown] = [await requestReset(app, unknown), await requestReset(app, known)];
    expectGenericAnswer(forUnknown);
    expectGenericAnswer(forKnown);
    expect(forUnknown.body).toEqual(forKnown.body);

    await catcher.mailTo(known, { since });
    expect(catcher.mails.slice(since).flatMap(({ to }) => to)).not.toContain(unknown);
  });

  it("never holds the token, not even for an admin's account", async () => {
    const { user } = await createUserAndLogin(app, { role: 'admin' });
    const response = await requestReset(app, user.email);
    expectGenericAnswer(response);
    expect(response.body).not.toHaveProperty('resetToken');
    expect(response.body).not.toHaveProperty('resetLink');
  });

  it("cannot cancel the owner's link by requesting more, and using one link ends the others", async () => {
    const { user } = await createUserAndLogin(app);
    const since = catcher.mails.length;
    expectGenericAnswer(await requestReset(app, user.email));
    const ownersToken = tokenOf(await catcher.mailTo(user.email, { since }));

    // An attacker asks again and again, from many addresses.
    const answers = [];
    for (let attempt = 0; attempt < 8; attempt += 1) answers.push(await requestReset(app, user.email));
    for (const answer of answers.filter(({ status }) => status !== 429)) expectGenericAnswer(answer);
    expect(answers.filter(({ status }) => status === 429).length).toBeGreaterThan(0);
    const mailed = await mailsTo(user.email, since, 3);
    const attackersTokens = mailed.slice(1).map(tokenOf);

    expect(await confirmReset(app, ownersToken, 'owner-chose-this-1')).toMatchObject({ status: 200 });
    expect((await login(app, user.email, 'owner-chose-this-1')).status).toBe(200);
    for (const token of attackersTokens) {
      expect(await confirmReset(app, token, 'attacker-chose-this')).toMatchObject({
        status: 400,
        body: { error: 'This reset link has expired or was already used. Please request a new one.' },
      });
    }
  });

  it('gives a signed-in user the generic answer for their own account and for anyone else', async () => {
    const owner = await createUserAndLogin(app);
    const colleague = await createUserAndLogin(app);
    expectGenericAnswer(await requestReset(app, owner.user.email, { token: owner.token }));
    expectGenericAnswer(await requestReset(app, colleague.user.email, { token: owner.token }));
  });
});

/** Waits until `count` mails to `address` arrived after `since` (the extra requests' mails go out after their answers). */
const mailsTo = (address: string, since: number, count: number) =>
  waitFor(() => {
    const mails = catcher.mails.slice(since).filter(({ to }) => to.includes(address));
    return mails.length >= count ? mails : undefined;
  });

describe('reset request limits', () => {
  it('refuses more requests for one address than the per-account limit, known or not, from any client address', async () => {
    const known = (await createUserAndLogin(app)).user.email;
    const unknown = `ghost-${Date.now()}@${app.ctx.config.orgEmailDomain}`;
    for (const username of [known, unknown]) {
      const statuses = [];
      for (let attempt = 0; attempt < 6; attempt += 1) statuses.push((await requestReset(app, username)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
    const refused = await requestReset(app, unknown);
    expect(refused).toMatchObject({ status: 429, body: { error: R.tooManyRequestsForAccount } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses more requests from one client address than the per-address limit, whatever the accounts', async () => {
    const address = '203.0.113.77';
    const statuses = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const username = `visitor-${attempt}-${Date.now()}@${app.ctx.config.orgEmailDomain}`;
      statuses.push((await requestReset(app, username, { headers: { 'x-forwarded-for': address } })).status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("an administrator's reset link for another account", () => {
  it('is in the answer, built from PUBLIC_URL, for a non-admin account, and sets the password', async () => {
    const admin = await createUserAndLogin(app, { role: 'admin' });
    const { user } = await createUserAndLogin(app, { role: 'manager' });
    const response = await requestReset(app, user.email, { token: admin.token });
    expect(response.status).toBe(200);
    const body = passwordResetResponseSchema.parse(response.body);
    expect(body.message).toBe(R.linkIssued);
    expect(body.resetToken).toMatch(RESET_TOKEN_PATTERN);
    expect(body.resetLink).toBe(`${PUBLIC_URL}/auth?token=${body.resetToken}`);
    expect(await confirmReset(app, body.resetToken, 'handed-over-1')).toMatchObject({ status: 200 });
    expect((await login(app, user.email, 'handed-over-1')).status).toBe(200);
  });

  it("is not in the answer for another admin's account: that link goes by e-mail", async () => {
    const admin = await createUserAndLogin(app, { role: 'admin' });
    const other = await createUserAndLogin(app, { role: 'admin' });
    const since = catcher.mails.length;
    expectGenericAnswer(await requestReset(app, other.user.email, { token: admin.token }));
    await catcher.mailTo(other.user.email, { since });
  });

  it('tells the administrator when the address has no account', async () => {
    const admin = await createUserAndLogin(app, { role: 'admin' });
    expect(await requestReset(app, `missing-${Date.now()}@${app.ctx.config.orgEmailDomain}`, { token: admin.token })).toMatchObject(
      {
        status: 404,
        body: { error: 'This account does not exist, please register your email account to begin using the tool' },
      },
    );
  });
});

describe('without SMTP_URL', () => {
  let quiet: TestApp;
  let logLines: string[];

  beforeAll(async () => {
    ({ app: quiet, logLines } = await startAppWithoutMail(PUBLIC_URL));
  });

  afterAll(() => quiet?.close());

  it("says mail is not configured and writes the link to the server log at warn, with the account's e-mail", async () => {
    const { user } = await createUserAndLogin(quiet);
    expectGenericAnswer(await requestReset(quiet, user.email), false);

    const line = await waitFor(() => logLines.find((text) => text.includes(user.email)));
    const record = JSON.parse(line) as { level: string; msg: string };
    expect(record.level).toBe('warn');
    const link = /https:\/\/\S+\/auth\?token=([0-9a-f]{64})/.exec(record.msg);
    expect(link?.[0].startsWith(`${PUBLIC_URL}/auth?token=`)).toBe(true);
    expect(await confirmReset(quiet, link![1]!, 'relayed-password-1')).toMatchObject({ status: 200 });
  });

  it("never logs an administrator's link: no link is made, and the log names the operator's command instead", async () => {
    const { user } = await createUserAndLogin(quiet, { role: 'admin' });
    const resetEvents = () => eventsOf(quiet, 'PasswordResetRequested');
    const before = await resetEvents();
    expectGenericAnswer(await requestReset(quiet, user.email), false);

    const line = await waitFor(() => logLines.find((text) => text.includes(user.email)));
    expect(JSON.parse(line)).toMatchObject({ level: 'warn', msg: adminLinkNotLogged(user.email) });
    expect(line).not.toMatch(ANY_RESET_TOKEN);
    expect(await resetEvents()).toBe(before);
  });
});

const eventsOf = async (target: TestApp, type: string) =>
  Number((await target.ctx.pool.query('SELECT count(*) FROM eventstore.events WHERE type = $1', [type])).rows[0].count);

async function waitFor<T>(find: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('Not found in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
