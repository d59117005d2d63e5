import { NOTIFICATION_MESSAGES as M } from '@tht/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { logEntryAs } from '../testing/entries';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { runDueReminders } from './reminder-schedule';

/**
 * Reminders by mail (issue #31, section 3): who each kind's run queues a mail for, once, and the
 * switches. Without SMTP_URL nothing is sent, so the queued mails stay in the outbox to be read.
 * Targets: none set for the year, so 100 hours each unless HR set one; on 1 July 2026 (181 of 365
 * days gone) the on-track line is 80% of that share, 39.7 hours of 100.
 */
let app: TestApp;
let admin: SignedInTestUser;
let manager: SignedInTestUser;
let ahead: SignedInTestUser;
let behind: SignedInTestUser;
let quiet: SignedInTestUser;
let leaver: SignedInTestUser;

const JULY = '2026-07-01';

const run = (kind: string, body: unknown, token = admin.token) =>
  request(app, 'POST', `/api/admin/notifications/${kind}/run`, { token, body });

interface QueuedMail {
  recipient_user_id: number;
  dedupe_key: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
}

async function queuedMails(kind: string, keyPrefix: string): Promise<QueuedMail[]> {
  const { rows } = await sql<QueuedMail>`SELECT recipient_user_id, dedupe_key, to_address, subject, text_body, html_body
    FROM outbox.mails WHERE kind = ${kind} AND dedupe_key LIKE ${`${keyPrefix}%`} ORDER BY id`.execute(app.ctx.db);
  return rows;
}

const recipientsOf = (mails: readonly QueuedMail[]) => mails.map((mail) => mail.recipient_user_id);

beforeAll(async () => {
  app = await startTestApp();
  admin = await createUserAndLogin(app, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  manager = await createUserAndLogin(app, { role: 'manager', firstName: 'Mia', lastName: 'Manager' });
  const report = { managerId: manager.user.id };
  ahead = await createUserAndLogin(app, { ...report, firstName: 'Anna', lastName: 'Ahead' });
  behind = await createUserAndLogin(app, { ...report, firstName: 'Ben', lastName: "O'Behind" });
  quiet = await createUserAndLogin(app, { ...report, firstName: 'Quinn', lastName: 'Quiet' });
  leaver = await createUserAndLogin(app, { ...report, firstName: 'Lee', lastName: 'Leaver' });
  await logEntryAs(app, ahead, { trainingName: 'Risk management', date: '2026-03-02', hours: 60 });
  await logEntryAs(app, behind, { trainingName: 'Leadership', date: '2026-02-10', hours: 10 });
  expect(
    (await request(app, 'PUT', '/api/account/notifications/behind-pace', { token: quiet.token, body: { enabled: false } })).body,
  ).toEqual(expect.objectContaining({ kind: 'behind-pace', enabled: false, organisationEnabled: true }));
  expect((await request(app, 'POST', `/api/users/${leaver.user.id}/deactivate`, { token: admin.token })).status).toBe(204);
});

afterAll(() => app?.close());

describe('running "Behind pace"', () => {
  it('queues a mail to each active person behind the on-track line who has it on, and nothing on a rerun', async () => {
    const first = await run('behind-pace', { asOf: JULY });
    const mails = await queuedMails('behind-pace', 'behind-pace:2026-07:');
    expect(first).toMatchObject({ status: 200, body: { kind: 'behind-pace', asOf: JULY, queued: mails.length } });
    expect(recipientsOf(mails)).toEqual(expect.arrayContaining([admin.user.id, manager.user.id, behind.user.id]));
    expect(recipientsOf(mails)).not.toContain(ahead.user.id);
    expect(recipientsOf(mails)).not.toContain(quiet.user.id);
    expect(recipientsOf(mails)).not.toContain(leaver.user.id);

    expect((await run('behind-pace', { asOf: JULY })).body).toMatchObject({ queued: 0 });
    expect(await queuedMails('behind-pace', 'behind-pace:2026-07:')).toHaveLength(mails.length);
  });

  it("tells the person their progress module's figures, with links to Add Entry and to turn it off", async () => {
    const [mail] = (await queuedMails('behind-pace', 'behind-pace:2026-07:')).filter((m) => m.recipient_user_id === behind.user.id);
    expect(mail).toMatchObject({ to_address: behind.user.email, subject: 'Your 2026 training hours are behind pace' });
    expect(mail!.text_body).toContain('Hello Ben,');
    expect(mail!.text_body).toContain('10 of 100 hours (10%)');
    expect(mail!.text_body).toContain('Behind Target');
    expect(mail!.text_body).toContain(`${app.ctx.config.publicUrl}/?tab=add-entry`);
    expect(mail!.text_body).toMatch(/\/api\/notifications\/unsubscribe\?token=\S+/);
    expect(mail!.html_body).toContain('<table role="presentation"');
    expect(mail!.html_body).toContain('/api/notifications/unsubscribe?token=');
  });

  it('queues nothing while the administrator has the kind off for everyone', async () => {
    const off = await request(app, 'PUT', '/api/admin/notifications/behind-pace', { token: admin.token, body: { enabled: false } });
    expect(off.body).toMatchObject({ kind: 'behind-pace', enabled: false });
    try {
      expect((await run('behind-pace', { asOf: '2026-08-01' })).body).toMatchObject({ queued: 0 });
      expect((await request(app, 'GET', '/api/account/notifications', { token: behind.token })).body).toContainEqual(
        expect.objectContaining({ kind: 'behind-pace', enabled: true, organisationEnabled: false }),
      );
    } finally {
      await request(app, 'PUT', '/api/admin/notifications/behind-pace', { token: admin.token, body: { enabled: true } });
    }
    expect((await run('behind-pace', { asOf: '2026-08-01' })).body.queued).toBeGreaterThan(0);
  });
});

describe('running "Your team"', () => {
  it("mails each manager one table of their active direct reports' progress", async () => {
    expect((await run('team', { asOf: JULY })).status).toBe(200);
    const mails = (await queuedMails('team', 'team:2026-07:')).filter((mail) => mail.recipient_user_id === manager.user.id);
    expect(mails).toHaveLength(1);
    const { text_body: text, html_body: html } = mails[0]!;
    expect(text).toMatch(/Anna Ahead\s+60\s+100\s+60%\s+On Schedule/);
    expect(text).toMatch(/Ben O'Behind\s+10\s+100\s+10%\s+Behind Schedule/);
    expect(text).not.toContain('Lee Leaver');
    expect(html).toContain('Ben O&#39;Behind');
    expect((await run('team', { asOf: JULY })).body).toMatchObject({ queued: 0 });
  });
});

describe('running "Year end"', () => {
  it('mails those not at their target', async () => {
    const target = await request(app, 'POST', '/api/user-targets', {
      token: admin.token,
      body: { userId: ahead.user.id, year: 2026, targetHours: 50 },
    });
    expect(target.status).toBe(201);
    expect((await run('year-end', { asOf: '2026-12-01' })).status).toBe(200);
    const recipients = recipientsOf(await queuedMails('year-end', 'year-end:2026:'));
    expect(recipients).toContain(behind.user.id);
    expect(recipients).toContain(quiet.user.id);
    expect(recipients).not.toContain(ahead.user.id);
    expect(recipients).not.toContain(leaver.user.id);
  });
});

describe('running "Certificate expiring"', () => {
  it('mails the holder 60, 30 and 7 days before its "Valid until", and on no other day', async () => {
    const entry = await request(app, 'POST', '/api/entries', {
      token: behind.token,
      body: {
        firstName: 'Ben',
        lastName: "O'Behind",
        managerName: 'Mia Manager',
        department: behind.user.department,
        trainingName: 'First Aid',
        date: '2025-09-01',
        hours: 6,
        validUntil: '2026-08-30',
      },
    });
    expect(entry.status).toBe(201);
    expect((await run('certificate-expiring', { asOf: '2026-07-02' })).body).toMatchObject({ queued: 0 });
    expect((await run('certificate-expiring', { asOf: JULY })).body).toMatchObject({ queued: 1 });
    expect((await run('certificate-expiring', { asOf: '2026-07-31' })).body).toMatchObject({ queued: 1 });
    expect((await run('certificate-expiring', { asOf: '2026-08-23' })).body).toMatchObject({ queued: 1 });
    expect((await run('certificate-expiring', { asOf: '2026-08-23' })).body).toMatchObject({ queued: 0 });
    const mails = await queuedMails('certificate-expiring', 'certificate-expiring:2026-08-30:');
    expect(recipientsOf(mails)).toEqual([behind.user.id, behind.user.id, behind.user.id]);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your certificate "First Aid" expires in 60 days',
      'Your certificate "First Aid" expires in 30 days',
      'Your certificate "First Aid" expires in 7 days',
    ]);
  });
});

describe('the Notifications tab', () => {
  it("shows each kind's switch, last run and outbox, and that SMTP is not configured", async () => {
    const { status, body } = await request(app, 'GET', '/api/admin/notifications', { token: admin.token });
    expect(status).toBe(200);
    expect(body.smtpConfigured).toBe(false);
    expect(body.kinds.map((kind: { kind: string }) => kind.kind)).toEqual([
      'behind-pace',
      'team',
      'year-end',
      'certificate-expiring',
    ]);
    const behindPace = body.kinds[0];
    expect(behindPace).toMatchObject({ label: 'Behind pace', enabled: true, lastRun: { asOf: '2026-08-01', trigger: 'admin' } });
    expect(behindPace.outbox.queued).toBeGreaterThan(0);
  });

  it('previews each kind with sample data, as text and HTML', async () => {
    const { status, body } = await request(app, 'GET', '/api/admin/notifications/team/preview', { token: admin.token });
    expect(status).toBe(200);
    expect(body.subject).toMatch(/^Your team's training progress, /);
    expect(body.text).toContain("Rory O'Neil");
    expect(body.html).toContain('Rory O&#39;Neil');
  });

  it('is for administrators only, and refuses an unknown kind or day', async () => {
    for (const call of [
      () => run('behind-pace', {}, manager.token),
      () => request(app, 'GET', '/api/admin/notifications', { token: manager.token }),
      () => request(app, 'PUT', '/api/admin/notifications/team', { token: manager.token, body: { enabled: false } }),
      () => request(app, 'GET', '/api/admin/notifications/team/preview', { token: manager.token }),
    ]) {
      expect((await call()).status).toBe(403);
    }
    expect(await run('weekly', {})).toMatchObject({ status: 400, body: { error: M.unknownKind } });
    expect(await run('team', { asOf: '2026-02-30' })).toMatchObject({ status: 400, body: { error: M.invalidAsOf } });
    expect(
      await request(app, 'PUT', '/api/account/notifications/team', { token: quiet.token, body: { enabled: 'no' } }),
    ).toMatchObject({ status: 400, body: { error: M.enabledRequired } });
  });
});

describe('the schedule', () => {
  it('makes each run due once, whichever process asks first, and takes over one whose process died', async () => {
    const now = app.ctx.now;
    try {
      app.ctx.now = () => new Date('2026-09-01T06:00:00Z');
      const made = await runDueReminders(app.ctx);
      expect(made.map(({ kind, asOf }) => `${kind} ${asOf}`)).toEqual([
        'behind-pace 2026-09-01',
        'team 2026-09-01',
        'certificate-expiring 2026-09-01',
      ]);
      expect(made[0]!.queued).toBeGreaterThan(0);
      expect(await runDueReminders(app.ctx)).toEqual([]);

      // A process claimed year-end on its day and died before finishing (its owner id never beats).
      await sql`INSERT INTO jobs.reminder_runs (kind, as_of, trigger, owner, started_at)
        VALUES ('year-end', '2026-12-01', 'schedule', gen_random_uuid(), now())`.execute(app.ctx.db);
      app.ctx.now = () => new Date('2026-12-03T06:00:00Z');
      // Taken over (its mails were queued by the earlier year-end run: their keys are not queued twice).
      expect(await runDueReminders(app.ctx)).toContainEqual({ kind: 'year-end', asOf: '2026-12-01', queued: 0 });
      expect(await runDueReminders(app.ctx)).toEqual([]);
    } finally {
      app.ctx.now = now;
    }
  });
});
