import { createDb, createPool } from '@tht/postgres';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { freePort, startMailCatcher, type MailCatcher } from '@tht/test-kit';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseSettings, type AppConfig } from '../config';
import { createLogger } from '../platform/logger';
import { UNCERTAIN_MESSAGE } from './outbox-claims';
import { ERASED_RECIPIENT_MESSAGE, enqueueMails, forgetMailsOf, migrateOutbox, outboxState, type OutboxMail } from './outbox-mails';
import { startOutboxSender, type OutboxSender, type OutboxSenderOptions } from './outbox-sender';
import { unsubscribeUrl } from './outbox-unsubscribe';

// The outbox's sender in this process, on a real PostgreSQL and a real SMTP server (the test kit's
// mail catcher). The crash of a sending process is in outbox-crash.int.test.ts.

let database: TestDatabase;
let db: Kysely<unknown>;
const senders: OutboxSender[] = [];
const catchers: MailCatcher[] = [];
const pools: pg.Pool[] = [];
let sequence = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.pool);
  await migrateOutbox(db);
});

afterEach(async () => {
  await Promise.all(senders.splice(0).map((sender) => sender.stop()));
  await Promise.all(catchers.splice(0).map((catcher) => catcher.close()));
  await db.deleteFrom('outbox.mails' as never).execute();
});

afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await database?.drop();
});

const log = createLogger('silent');

function configFor(smtpUrl: string, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...parseSettings({ SMTP_URL: smtpUrl, MAIL_PER_MINUTE: '60000', PUBLIC_URL: 'https://training.example.org' }),
    jwtSecret: 'outbox-test-secret-that-is-long-enough',
    ...overrides,
  };
}

/** A sender on a pool of its own, as another process would have. */
function startSender(config: AppConfig, options: OutboxSenderOptions = {}): OutboxSender {
  const pool = createPool(database.connectionString);
  pools.push(pool);
  const sender = startOutboxSender(pool, config, log, { pollMs: 50, ...options })!;
  senders.push(sender);
  return sender;
}

async function catcher(port?: number): Promise<MailCatcher> {
  const started = await startMailCatcher({ port });
  catchers.push(started);
  return started;
}

function mails(count: number, kind: OutboxMail['kind'] = 'behind-pace'): OutboxMail[] {
  const run = ++sequence;
  return Array.from({ length: count }, (_, n) => ({
    kind,
    recipientUserId: 1000 + n,
    to: `person.${run}.${n}@example.com`,
    subject: `You are behind pace (${n})`,
    text: `Hello person ${n}, plain text.`,
    html: `<p>Hello person <b>${n}</b></p>`,
    dedupeKey: `${kind}:test-${run}:${n}`,
  }));
}

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const statuses = async () =>
  (
    await db
      .selectFrom('outbox.mails' as never)
      .select(['status' as never])
      .execute()
  ).map((row) => (row as { status: string }).status);

describe('the outbox', () => {
  it('queues a mail once per dedupe key, however often a run repeats', async () => {
    const batch = mails(3);
    expect(await enqueueMails(db, batch)).toBe(3);
    expect(await enqueueMails(db, batch)).toBe(0);
    expect(await enqueueMails(db, [...batch, ...mails(2)])).toBe(2);
    const state = await outboxState(db, { smtpUrl: null });
    expect(state.smtpConfigured).toBe(false);
    expect(state.kinds['behind-pace']).toMatchObject({ queued: 5, sent: 0, failed: 0, lastError: null });
    expect(state.kinds.team.queued).toBe(0);
  });

  it("gives up an erased person's queued mails and forgets their address and texts", async () => {
    const [erased, other] = mails(2);
    await enqueueMails(db, [erased!, other!]);
    await forgetMailsOf(db, erased!.recipientUserId);
    const rows = (await db
      .selectFrom('outbox.mails' as never)
      .select(['recipient_user_id', 'status', 'to_address', 'text_body', 'html_body', 'subject', 'last_error'] as never[])
      .orderBy('id' as never)
      .execute()) as Record<string, unknown>[];
    expect(rows).toEqual([
      expect.objectContaining({
        recipient_user_id: erased!.recipientUserId,
        status: 'failed',
        to_address: null,
        text_body: null,
        html_body: null,
        subject: null,
        last_error: ERASED_RECIPIENT_MESSAGE,
      }),
      expect.objectContaining({ recipient_user_id: other!.recipientUserId, status: 'queued', to_address: other!.to }),
    ]);
  });

  it('sends nothing without SMTP_URL: the mails stay queued', async () => {
    expect(startOutboxSender(database.pool, { ...configFor('smtp://unused'), smtpUrl: null }, log)).toBeNull();
  });

  it('hands each mail over once, multipart with the one-click unsubscribe headers, and forgets its content once sent', async () => {
    const smtp = await catcher();
    const config = configFor(smtp.url);
    const batch = mails(3, 'team');
    await enqueueMails(db, batch);
    startSender(config);
    await until(() => (smtp.mails.length >= 3 ? true : undefined));
    await until(async () => ((await statuses()).every((status) => status === 'sent') ? true : undefined));

    for (const [n, mail] of batch.entries()) {
      const caught = smtp.mails.filter(({ to }) => to.includes(mail.to));
      expect(caught).toHaveLength(1);
      const [received] = caught;
      expect(received!.text.trim()).toBe(mail.text);
      expect(received!.html).toContain(`<b>${n}</b>`);
      expect(received!.headers['content-type']).toMatch(/^multipart\/alternative;/);
      expect(received!.headers['list-unsubscribe']).toBe(`<${unsubscribeUrl(config, mail.recipientUserId, 'team')}>`);
      expect(received!.headers['list-unsubscribe']).toMatch(
        /^<https:\/\/training\.example\.org\/api\/notifications\/unsubscribe\?token=/,
      );
      expect(received!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(received!.headers['message-id']).toMatch(/^<[0-9a-f-]{36}@training\.example\.org>$/);
    }
    const rows = await db
      .selectFrom('outbox.mails' as never)
      .select(['to_address', 'text_body', 'html_body', 'sent_at', 'smtp_response'] as never[])
      .execute();
    for (const row of rows as { to_address: null; text_body: null; html_body: null; sent_at: Date; smtp_response: string }[]) {
      expect(row).toMatchObject({ to_address: null, text_body: null, html_body: null });
      expect(row.smtp_response).toMatch(/^250/);
    }
    const state = await outboxState(db, config);
    expect(state.kinds.team).toMatchObject({ queued: 0, sent: 3, failed: 0 });
  });

  it('two senders at once hand each mail over once: one sends at a time', async () => {
    const smtp = await catcher();
    const config = configFor(smtp.url);
    const batch = mails(30);
    await enqueueMails(db, batch);
    startSender(config);
    startSender(config);
    startSender(config);
    await until(async () => ((await statuses()).every((status) => status === 'sent') ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 300)); // a second copy would arrive meanwhile
    expect(smtp.mails).toHaveLength(30);
    expect(new Set(smtp.mails.map(({ to }) => to[0])).size).toBe(30);
  });

  it('keeps mails while the SMTP server is down, shows the failure, and sends them once it is back', async () => {
    const port = await freePort();
    const config = configFor(`smtp://127.0.0.1:${port}`);
    await enqueueMails(db, mails(2, 'year-end'));
    startSender(config, { firstRetryMs: 500 });
    const failing = await until(async () => {
      const state = await outboxState(db, config);
      return state.kinds['year-end'].lastError ? state.kinds['year-end'] : undefined;
    });
    expect(failing).toMatchObject({ queued: 2, sent: 0, failed: 0 });
    expect(failing.lastError).toMatch(/ECONNREFUSED/);
    expect(failing.lastErrorAt).toEqual(expect.any(String));

    const smtp = await catcher(port);
    await until(() => (smtp.mails.length >= 2 ? true : undefined));
    await until(async () => ((await statuses()).every((status) => status === 'sent') ? true : undefined));
    expect(smtp.mails).toHaveLength(2);
    const state = await outboxState(db, config);
    expect(state.kinds['year-end']).toMatchObject({ queued: 0, sent: 2, failed: 0 });
    expect(state.kinds['year-end'].lastError).toMatch(/ECONNREFUSED/);
  });

  it('hands mails over no faster than MAIL_PER_MINUTE, evenly spaced', async () => {
    const arrivals: number[] = [];
    const smtp = await startMailCatcher({ onMail: () => arrivals.push(performance.now()) });
    catchers.push(smtp);
    const config = configFor(smtp.url, { mailPerMinute: 300 }); // one every 200 ms
    await enqueueMails(db, mails(6, 'certificate-expiring'));
    startSender(config);
    startSender(config);
    await until(() => (arrivals.length >= 6 ? true : undefined));
    // The first hand-over also opens the connection, so it may arrive later than its turn: the gaps after it are the rate's.
    // An arrival is timed once the catcher has parsed the mail, in this busy process: one late arrival
    // shortens the next gap (169 ms was seen), so each gap shows an even pace (no burst) and the
    // span of four gaps shows the rate.
    const gaps = arrivals.slice(2).map((at, n) => at - arrivals[n + 1]!);
    expect(Math.min(...gaps), `gaps ${gaps.join(', ')}`).toBeGreaterThanOrEqual(100);
    expect(arrivals.at(-1)! - arrivals[1]!).toBeGreaterThanOrEqual(4 * 190);
  });

  it('marks uncertain, and never sends again, a mail a stopped process left mid-hand-over', async () => {
    const smtp = await catcher();
    const config = configFor(smtp.url);
    const [left, waiting] = mails(2);
    await enqueueMails(db, [left!, waiting!]);
    // As a killed process leaves it: claimed for a run that is gone.
    await db
      .updateTable('outbox.mails' as never)
      .set({ status: 'sending', claimed_at: new Date(), attempts: 1 } as never)
      .where('dedupe_key' as never, '=', left!.dedupeKey as never)
      .execute();
    startSender(config);
    await until(() => (smtp.mails.length >= 1 ? true : undefined));
    await until(async () => ((await statuses()).includes('uncertain') ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.map(({ to }) => to)).toEqual([[waiting!.to]]);
    const state = await outboxState(db, config);
    expect(state.kinds['behind-pace']).toMatchObject({ sent: 1, failed: 1, lastError: UNCERTAIN_MESSAGE });
  });
});
