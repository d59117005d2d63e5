import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { READ_AFTER_HEADER, type EntryView, type LoginResponse } from '@tht/contracts';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { serverOnlyInstallation, spawnApi, type ProductProcess } from '@tht/test-kit';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { request } from '../testing/request';

// Decision 052, first slice: a process of a release whose read models changed, started beside a
// running one on the same database, builds them aside while the running one serves and takes
// writes, answers readiness 503 with its progress meanwhile, and serves every write once ready.
// The earlier release is played by a process of this one on read models marked as written by the
// version before (the entries projector's version lowered in its checkpoint row): what the new
// process sees is exactly what it sees after a real release, and the running one keeps working.

const ADMIN = { email: 'upgrade.admin@example.com', password: 'upgrade-beside-password' };
const WRITES_AFTER_READY = 10;

let database: TestDatabase;
let installation: string;
let dataDir: string;
const processes: ProductProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  installation = await serverOnlyInstallation();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tht-upgrade-beside-'));
}, 60_000);

afterAll(async () => {
  await Promise.all(processes.map((process) => process.stop()));
  await database?.drop();
  if (installation) await rm(installation, { recursive: true, force: true });
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const JWT_SECRET = randomBytes(32).toString('base64url');
const env = () => ({
  DATABASE_URL: database.connectionString,
  DATA_DIR: dataDir,
  JWT_SECRET,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
});

function startApi(): ProductProcess {
  const started = spawnApi({ cwd: installation, env: env() });
  processes.push(started);
  return started;
}

const entry = (trainingName: string) => ({
  firstName: 'Upgrade',
  lastName: 'Beside',
  trainingName,
  date: '2025-03-04',
  hours: 1.5,
  trainingType: 'internal',
});

it('builds the changed read models aside while the running release takes writes, reports progress, and loses none', async () => {
  const running = startApi();
  await running.ready;
  const runningUrl = { baseUrl: await running.baseUrl };
  const login = await request<LoginResponse>(runningUrl, 'POST', '/api/login', {
    body: { username: ADMIN.email, password: ADMIN.password },
  });
  const { authToken: token, user } = login.body;

  const acknowledged: { id: number; trainingName: string }[] = [];
  const refused: number[] = [];
  let readAfter: string | null = null;
  let writesLeft = Infinity;
  const writer = (async () => {
    for (let n = 0; writesLeft > 0; n++, writesLeft--) {
      const trainingName = `Beside ${n}`;
      const written = await request<EntryView>(runningUrl, 'POST', '/api/entries', { token, body: entry(trainingName) });
      if (written.status !== 201) refused.push(written.status);
      else acknowledged.push({ id: written.body.id, trainingName });
      readAfter = written.headers.get(READ_AFTER_HEADER) ?? readAfter;
    }
  })();
  await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(10);

  const current = await entriesVersion();
  // The read models now look written by the release before (the running process keeps applying to them).
  await sql`UPDATE read_models.projection_checkpoints SET version = version - 1 WHERE name = 'entries'`.execute(database.db);
  const upgrading = startApi();
  const upgradingUrl = { baseUrl: await upgrading.baseUrl };
  const answers: { status: number; body: Record<string, unknown> }[] = [];
  for (;;) {
    const { status, body } = await request<Record<string, unknown>>(upgradingUrl, 'GET', '/api/health/ready');
    answers.push({ status, body });
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const writtenBeforeReady = acknowledged.length;
  writesLeft = WRITES_AFTER_READY;
  await writer;

  expect(refused).toEqual([]);
  // Writes went on while the new process built its read models.
  expect(writtenBeforeReady).toBeGreaterThan(10);
  expect(upgrading.messages()).toContain(
    'Read models of an earlier version (entries): rebuilding them from the event log before serving',
  );
  expect(answers.filter(({ body }) => body.status === 'upgrading')).toContainEqual({
    status: 503,
    body: expect.objectContaining({ status: 'upgrading', phase: expect.any(String), done: expect.any(Number) }),
  });

  // The new process serves every write acknowledged by the running one, before and after the switch.
  const listed = await request<EntryView[]>(upgradingUrl, 'GET', `/api/entries?userId=${user.id}`, {
    token,
    headers: readAfter ? { [READ_AFTER_HEADER]: readAfter } : {},
  });
  expect(listed.status).toBe(200);
  const present = new Map(listed.body.map((view) => [view.id, view.trainingName]));
  expect(acknowledged.filter(({ id, trainingName }) => present.get(id) !== trainingName)).toEqual([]);
  expect(await entriesVersion()).toBe(current);
}, 180_000);

async function entriesVersion(): Promise<number | undefined> {
  const { rows } = await sql<{ version: number }>`SELECT version FROM read_models.projection_checkpoints
    WHERE name = 'entries'`.execute(database.db);
  return rows[0]?.version;
}
