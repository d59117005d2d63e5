import { NOTIFICATION_KINDS, UNSUBSCRIBE_MESSAGES } from '@tht/contracts';
import { freePort, startMailCatcher, type CaughtMail, type MailCatcher } from '@tht/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personSwitches } from '../notification-switches';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { startTestApp, type TestApp } from '../testing/test-app';
import { enqueueMails } from './outbox-mails';
import { unsubscribeUrl } from './outbox-unsubscribe';

// The one-click unsubscribe of a real mail: the product sends it through its outbox to a real SMTP
// server, and the link of its List-Unsubscribe header is opened and posted to with no sign-in.

let app: TestApp;
let smtp: MailCatcher;
let person: SignedInTestUser;
let colleague: SignedInTestUser;

beforeAll(async () => {
  smtp = await startMailCatcher();
  const port = await freePort();
  app = await startTestApp({ port, config: { publicUrl: `http://127.0.0.1:${port}`, smtpUrl: smtp.url, mailPerMinute: 60_000 } });
  person = await createUserAndLogin(app);
  colleague = await createUserAndLogin(app);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const everyKindOn = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true]));

/** A team reminder to `user`, sent by the app's outbox and caught by the SMTP server. */
async function mailedTeamReminder(user: SignedInTestUser): Promise<CaughtMail> {
  const since = smtp.mails.length;
  await enqueueMails(app.ctx.db, [
    {
      kind: 'team',
      recipientUserId: user.user.id,
      to: user.user.email,
      subject: 'Your team',
      text: `Your team. Unsubscribe: ${unsubscribeUrl(app.ctx.config, user.user.id, 'team')}`,
      html: '<p>Your team</p>',
      dedupeKey: `team:test:${user.user.id}`,
    },
  ]);
  return smtp.mailTo(user.user.email, { since });
}

/** The path and query of the mail's List-Unsubscribe link (`<https://...>`). */
function unsubscribeLinkOf(mail: CaughtMail): string {
  const link = /^<(.+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
  if (!link) throw new Error(`No List-Unsubscribe link in ${JSON.stringify(mail.headers)}`);
  expect(link.startsWith(app.ctx.config.publicUrl)).toBe(true);
  const url = new URL(link);
  return url.pathname + url.search;
}

describe('the one-click unsubscribe link', () => {
  it('GET shows a button and changes nothing; POST without signing in turns off that kind for that person only', async () => {
    const mail = await mailedTeamReminder(person);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const link = unsubscribeLinkOf(mail);

    const page = await fetch(`${app.baseUrl}${link}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('Your team');
    expect(html).toMatch(
      /<form method="post" action="\/api\/notifications\/unsubscribe\?token=[^"]+"><button type="submit">Unsubscribe<\/button>/,
    );
    expect(await personSwitches(app.ctx.db, person.user.id)).toEqual(everyKindOn);

    // As a mail program sends it (RFC 8058): a form body, no sign-in, from anywhere.
    const unsubscribed = await fetch(`${app.baseUrl}${link}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);
    expect(await unsubscribed.text()).toContain('You will no longer get the “Your team” reminder');
    expect(await personSwitches(app.ctx.db, person.user.id)).toEqual({ ...everyKindOn, team: false });
    expect(await personSwitches(app.ctx.db, colleague.user.id)).toEqual(everyKindOn);

    // Posting again (a second click, a retrying mail program) is no failure.
    expect((await fetch(`${app.baseUrl}${link}`, { method: 'POST' })).status).toBe(200);
  });

  it('works from a signed-in browser on another site too: the token, not the cookie, decides', async () => {
    const link = unsubscribeLinkOf(await mailedTeamReminder(colleague));
    const response = await fetch(`${app.baseUrl}${link}`, {
      method: 'POST',
      headers: { cookie: `authToken=${colleague.token}`, origin: 'https://elsewhere.example.net' },
    });
    expect(response.status).toBe(200);
    expect((await personSwitches(app.ctx.db, colleague.user.id)).team).toBe(false);
  });

  it('refuses a tampered, cut or missing token with 400 and changes nothing', async () => {
    const token = new URL(unsubscribeUrl(app.ctx.config, colleague.user.id, 'behind-pace')).searchParams.get('token')!;
    const [userId, kind, signature] = token.split('.') as [string, string, string];
    const forged = [
      `${person.user.id}.${kind}.${signature}`, // another person's link
      `${userId}.year-end.${signature}`, // another kind
      `${userId}.${kind}.${signature.slice(0, -2)}AA`,
      `${userId}.${kind}`,
      '',
    ];
    for (const attempt of forged) {
      for (const method of ['GET', 'POST']) {
        const response = await fetch(`${app.baseUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(attempt)}`, {
          method,
        });
        expect(response.status, `${method} ${attempt}`).toBe(400);
        expect(await response.json()).toEqual({ error: UNSUBSCRIBE_MESSAGES.invalidLink });
      }
    }
    const missing = await fetch(`${app.baseUrl}/api/notifications/unsubscribe`, { method: 'POST' });
    expect(missing.status).toBe(400);
    expect((await personSwitches(app.ctx.db, person.user.id))['behind-pace']).toBe(true);
    expect((await personSwitches(app.ctx.db, colleague.user.id))['behind-pace']).toBe(true);
  });

  it('answers 404 for a well-signed link of an account that is gone', async () => {
    const response = await fetch(unsubscribeUrl(app.ctx.config, 999_999, 'team'), { method: 'POST' });
    expect(response.status).toBe(404);
  });
});
