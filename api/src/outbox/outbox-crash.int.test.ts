import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '@tht/postgres';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { serverOnlyInstallation, spawnApi, startMailCatcher, type MailCatcher, type ProductProcess } from '@tht/test-kit';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMails, migrateOutbox, type OutboxMail } from './outbox-mails';

// The product (`node --import tsx api/src/main.ts`, as the API image runs it) is killed with SIGKILL
// while it hands a run of mails to a real SMTP server, at the worst moment: the server has the
// mail, the product does not know yet. Two processes are then started at once on the same
// PostgreSQL. The server counts what it received: each mail exactly once.

const MAILS = 40;
const KILL_AT_MAIL = 10;

let database: TestDatabase;
let db: Kysely<unknown>;
let installation: string;
let dataDir: string;
let smtp: MailCatcher;
const products: ProductProcess[] = [];
let killed: ProductProcess | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.pool);
  installation = await serverOnlyInstallation();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tht-outbox-crash-'));
  smtp = await startMailCatcher({
    // Before the server answers 250 for this mail: it arrived, and the product cannot have marked it sent.
    onMail: () => {
      if (smtp.mails.length === KILL_AT_MAIL) killed?.killGroup();
    },
  });
}, 60_000);

afterAll(async () => {
  await Promise.all(products.map((product) => product.stop()));
  await smtp?.close();
  await database?.drop();
  await rm(installation, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

const env = () => ({
  DATABASE_URL: database.connectionString,
  DATA_DIR: dataDir,
  JWT_SECRET: randomBytes(32).toString('base64url'),
  SMTP_URL: smtp.url,
  MAIL_PER_MINUTE: '600',
  PUBLIC_URL: 'https://training.example.org',
});

function startApi(settings: Record<string, string>): ProductProcess {
  const product = spawnApi({ cwd: installation, env: settings });
  products.push(product);
  return product;
}

const mails: OutboxMail[] = Array.from({ length: MAILS }, (_, n) => ({
  kind: 'behind-pace',
  recipientUserId: n + 1,
  to: `person.${n}@example.com`,
  subject: 'You are behind pace',
  text: `Hello ${n}`,
  html: `<p>Hello ${n}</p>`,
  dedupeKey: `behind-pace:2026-11:${n + 1}`,
}));

async function statusCounts(): Promise<Record<string, number>> {
  const { rows } = await sql<{
    status: string;
    count: string;
  }>`SELECT status, count(*) AS count FROM outbox.mails GROUP BY status`.execute(db);
  return Object.fromEntries(rows.map(({ status, count }) => [status, Number(count)]));
}

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${JSON.stringify(await statusCounts())}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the outbox when the sending process is killed mid-run', () => {
  it('delivers each mail exactly once after a restart of two processes at once', async () => {
    await migrateOutbox(db);
    expect(await enqueueMails(db, mails)).toBe(MAILS);
    const settings = env();

    killed = startApi(settings);
    expect(await killed.exitCode).toBeNull(); // killed by the signal, mid-run
    expect(smtp.mails).toHaveLength(KILL_AT_MAIL);
    expect((await statusCounts()).sending).toBe(1);

    const restarted = [startApi(settings), startApi(settings)];
    await Promise.all(restarted.map((product) => product.ready));
    const final = await until(async () => {
      const counts = await statusCounts();
      return (counts.queued ?? 0) + (counts.sending ?? 0) === 0 ? counts : undefined;
    }, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 500)); // a copy sent late would arrive meanwhile

    const deliveries = new Map<string, number>();
    for (const { to } of smtp.mails) for (const address of to) deliveries.set(address, (deliveries.get(address) ?? 0) + 1);
    expect(mails.filter(({ to }) => deliveries.get(to) !== 1).map(({ to }) => `${to}: ${deliveries.get(to) ?? 0}`)).toEqual([]);
    expect(smtp.mails).toHaveLength(MAILS);
    // The mail the server took as the process died is not known to be sent: not sent again, shown as such.
    expect(final).toEqual({ sent: MAILS - 1, uncertain: 1 });
    expect(restarted.flatMap((product) => product.messages()).join('\n')).toMatch(
      /Left mid-hand-over by a stopped process, so not sent again: mail #\d+/,
    );
  }, 180_000);
});
