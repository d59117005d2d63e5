import {
  EMAIL_CONFIRMATION_MESSAGES as C,
  EMAIL_CONFIRMATION_PARAM,
  EMAIL_CONFIRMATION_TOKEN_PATTERN,
  type LoginResponse,
} from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDepartment, TEST_PASSWORD } from '../testing/accounts';
import { startAppWithoutMail } from '../testing/app-without-mail';
import { emailConfirmationLinkIn, startMailCatcher, type CaughtMail, type MailCatcher } from '@tht/test-kit';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { findUserByEmail } from '../users';

/** Registration mails a link that proves the address (docs/decisions/029-proven-addresses.md), through a real SMTP server. */
const PUBLIC_URL = 'https://training.example.org';
let catcher: MailCatcher;
let app: TestApp;

beforeAll(async () => {
  catcher = await startMailCatcher();
  app = await startTestApp({ config: { publicUrl: PUBLIC_URL, smtpUrl: catcher.url } });
  await ensureDepartment(app.ctx, 'Engineering');
});

afterAll(async () => {
  await app?.close();
  await catcher?.close();
});

let registrations = 0;
async function register(target: TestApp, name: string) {
  registrations += 1;
  const email = `${name}@${target.ctx.config.orgEmailDomain}`;
  const body = {
    email,
    firstName: 'Reg',
    lastName: 'Istered',
    department: 'Engineering',
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
  };
  const answer = await request<LoginResponse>(target, 'POST', '/api/register', {
    body,
    headers: { 'x-forwarded-for': `198.51.100.${registrations}` },
  });
  expect(answer.status).toBe(201); // registration answers as before: signed in at once
  return { email, answer };
}

const tokenOf = (mail: CaughtMail) => emailConfirmationLinkIn(mail.text).searchParams.get(EMAIL_CONFIRMATION_PARAM)!;
const confirm = (target: TestApp, token: unknown) => request(target, 'POST', '/api/confirm-email', { body: { token } });

describe('the e-mail confirmation link mailed at registration', () => {
  it('comes to the address from PUBLIC_URL and proves it, once', async () => {
    const since = catcher.mails.length;
    const { email } = await register(app, 'confirming');
    const mail = await catcher.mailTo(email, { since });
    expect(mail.subject).toBe('Confirm your Training Hours Tracker e-mail address');
    const link = emailConfirmationLinkIn(mail.text);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/auth`);
    const token = tokenOf(mail);
    expect(token).toMatch(EMAIL_CONFIRMATION_TOKEN_PATTERN);
    expect((await findUserByEmail(app.ctx.db, email))?.email_proven).toBe(false);

    expect(await confirm(app, token)).toMatchObject({ status: 200, body: { message: C.confirmed } });
    expect((await findUserByEmail(app.ctx.db, email))?.email_proven).toBe(true);
    expect(await confirm(app, token)).toMatchObject({ status: 400, body: { error: C.expiredLink } });
  });

  it("refuses a link's secret for another account, a made-up one and a malformed one", async () => {
    const since = catcher.mails.length;
    const { email } = await register(app, 'other.account');
    const { answer: other } = await register(app, 'another.account');
    const secret = tokenOf(await catcher.mailTo(email, { since })).split('.')[1]!;
    expect(await confirm(app, `${other.body.user.id}.${secret}`)).toMatchObject({ status: 400, body: { error: C.expiredLink } });
    expect(await confirm(app, `999999.${'0'.repeat(64)}`)).toMatchObject({ status: 400, body: { error: C.expiredLink } });
    expect(await confirm(app, 'not-a-token')).toMatchObject({ status: 400, body: { error: C.invalidLink } });
    expect(await confirm(app, 42)).toMatchObject({ status: 400, body: { error: C.invalidLink } });
    expect((await findUserByEmail(app.ctx.db, email))?.email_proven).toBe(false);
  });
});

describe('without SMTP_URL', () => {
  let quiet: TestApp;
  let logLines: string[];

  beforeAll(async () => {
    ({ app: quiet, logLines } = await startAppWithoutMail(PUBLIC_URL));
    await ensureDepartment(quiet.ctx, 'Engineering');
  });

  afterAll(() => quiet?.close());

  it('writes the link to the server log for the operator, as a reset link', async () => {
    const { email } = await register(quiet, 'no.mail');
    const deadline = Date.now() + 10_000;
    let line: string | undefined;
    while (!(line = logLines.find((text) => text.includes(email))) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const record = JSON.parse(line!) as { level: string; msg: string };
    expect(record.level).toBe('warn');
    const token = emailConfirmationLinkIn(record.msg).searchParams.get(EMAIL_CONFIRMATION_PARAM)!;
    expect(await confirm(quiet, token)).toMatchObject({ status: 200, body: { message: C.confirmed } });
  });
});
