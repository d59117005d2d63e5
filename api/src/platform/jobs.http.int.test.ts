import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ADMIN_MESSAGES,
  AS_OF_MESSAGES,
  ENTRY_EXPORT_COLUMNS,
  hrStatsSchema,
  importJobSchema,
  type ImportJob,
} from '@tht/contracts';
import { sql } from 'kysely';
import { asOfSchema, positionOfCut } from 'projections';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAsOfReplays } from '../as-of';
import { finished, upload } from '../testing/import-uploads';
import { createUserAndLogin, type SignedInTestUser } from '../testing/accounts';
import { logEntryAs } from '../testing/entries';
import { request, type JsonResponse } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import { OWNER_TIMEOUT_SECONDS } from './jobs';
import { createLogger } from './logger';

/**
 * Two API processes on one PostgreSQL (two test apps, each with its own runtime, pools and
 * projection runner): an import's progress and the as-of replays live in PostgreSQL, so either
 * process answers for work the other runs, the bounds on replays count both, and the work of a
 * process that stopped heartbeating is reported failed instead of running forever.
 */
let a: TestApp;
let b: TestApp;
/** A's error log lines (JSON). */
const aErrors: string[] = [];
let admin: SignedInTestUser;
let hr: SignedInTestUser;
let ada: SignedInTestUser;
const YEAR = new Date().getUTCFullYear();

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tht-jobs-test-'));
  const log = createLogger('error', { destination: { write: (line) => void aErrors.push(line) } });
  a = await startTestApp({ config: { dataDir }, log });
  b = await startTestApp({ databaseUrl: a.ctx.config.databaseUrl!, config: { dataDir } });
  [admin, hr, ada] = await Promise.all([
    createUserAndLogin(a, { role: 'admin' }),
    createUserAndLogin(a, { role: 'hr' }),
    createUserAndLogin(a, { firstName: 'Ada', lastName: 'Adams' }),
  ]);
}, 60_000);

afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** The export CSV with an entry of 1 hour for Ada per training name. */
function entriesCsv(names: readonly string[]): string {
  const row = (values: Partial<Record<(typeof ENTRY_EXPORT_COLUMNS)[number], string | number>>) =>
    ENTRY_EXPORT_COLUMNS.map((column) => values[column] ?? '').join(',');
  const entries = names.map((trainingName) =>
    row({ employeeEmail: ada.user.email, trainingName, date: `${YEAR}-01-02`, hours: 1 }),
  );
  return [ENTRY_EXPORT_COLUMNS.join(','), ...entries].join('\r\n');
}

const logHours = (hours: number) => logEntryAs(a, ada, { trainingName: `Course of ${hours} h`, date: `${YEAR}-01-01`, hours });

/** This moment as an ISO time; returns once the clock has passed it, so what happens next is recorded after it. */
async function cutNow(): Promise<string> {
  const cut = new Date();
  while (Date.now() <= cut.getTime()) await new Promise((resolve) => setTimeout(resolve, 1));
  return cut.toISOString();
}

const hrStatsAsOf = (app: TestApp, moment: string) =>
  request(app, 'GET', `/api/hr/stats?year=${YEAR}&asOf=${encodeURIComponent(moment)}`, { token: hr.token });

/** Asks `app` until the replay is there, at most 30 s. */
async function replayedOn(app: TestApp, moment: string): Promise<JsonResponse> {
  let response = await hrStatsAsOf(app, moment);
  for (const deadline = Date.now() + 30_000; response.status === 202 && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    response = await hrStatsAsOf(app, moment);
  }
  return response;
}

/**
 * Holds the replay as of `moment` under way: a table in the schema it replays into stays locked, so
 * the replay waits at its start (dropping the schema) until `release`.
 */
async function holdReplayOf(moment: string): Promise<{ position: string; release: () => Promise<void> }> {
  const position = await positionOfCut(a.ctx.store, { recordedBy: new Date(moment) });
  const client = await a.ctx.pool.connect();
  const schema = client.escapeIdentifier(asOfSchema({ position }));
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.query(`CREATE TABLE ${schema}.held ()`);
  await client.query('BEGIN');
  await client.query(`LOCK TABLE ${schema}.held IN ACCESS SHARE MODE`);
  return {
    position,
    async release() {
      await client.query('COMMIT');
      client.release();
    },
  };
}

/** Holds every append to the event log (reads go on) until `release`. */
async function holdAppends(): Promise<() => Promise<void>> {
  const client = await a.ctx.pool.connect();
  await client.query('BEGIN');
  await client.query('LOCK TABLE eventstore.events IN EXCLUSIVE MODE');
  return async () => {
    await client.query('COMMIT');
    client.release();
  };
}

const importOn = async (app: TestApp, id: string): Promise<ImportJob> => {
  const response = await request(app, 'GET', `/api/import/${id}`, { token: admin.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return importJobSchema.parse(response.body);
};

describe('jobs across two API processes', () => {
  it('follows an import started on A to its end on B', async () => {
    const started = await upload(a, admin.token, { name: 'entries.csv', content: entriesCsv(['Shared one', 'Shared two']) });
    const job = await finished(b, admin.token, started);
    expect(job).toMatchObject({ status: 'completed', total: 2, processed: 2, created: { entries: 2 }, error: null });
    expect(await importOn(a, job.id)).toEqual(job);
  });

  it('answers on B the replay asked for on A, and counts the replays of both against the bounds', async () => {
    await logHours(2);
    const first = await cutNow();
    await logHours(3);
    const second = await cutNow();
    await logHours(4);
    const hold = await holdReplayOf(first);
    try {
      expect((await hrStatsAsOf(a, first)).status).toBe(202);
      const onB = await hrStatsAsOf(b, first);
      expect(onB).toMatchObject({ status: 202, body: { status: 'building' } });
      // hr's replay under way on A: hr may not start another on B.
      const another = await hrStatsAsOf(b, second);
      expect(another).toMatchObject({ status: 503, body: { error: AS_OF_MESSAGES.ownReplayUnderWay } });
      expect(another.headers.get('retry-after')).toBe('10');
    } finally {
      await hold.release();
    }
    const answered = await replayedOn(b, first);
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    // Ada's 2 imported hours and 2 logged.
    expect(hrStatsSchema.parse(answered.body)).toMatchObject({ year: YEAR, totalHours: 4 });
    // Built once, by A.
    const { rows } = await sql<{ owner: string }>`SELECT owner FROM jobs.as_of_replays WHERE position = ${hold.position}`.execute(
      b.ctx.db,
    );
    expect(rows).toEqual([{ owner: a.ctx.jobOwner.id }]);
  });

  it('reports the unfinished import of a process that shuts down cleanly as failed at once', async () => {
    const c = await startTestApp({ databaseUrl: a.ctx.config.databaseUrl!, config: { dataDir: a.ctx.config.dataDir } });
    const releaseAppends = await holdAppends();
    let closing: Promise<void> | undefined;
    try {
      const started = await upload(c, admin.token, { name: 'entries.csv', content: entriesCsv(['Shut down mid-way']) });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      // The import waits on the held appends; the shutdown goes on without it.
      closing = c.close();
      await vi.waitFor(() => expect(importOn(b, started.body.id)).resolves.toMatchObject({ status: 'failed' }), {
        timeout: (OWNER_TIMEOUT_SECONDS * 1000) / 3,
      });
    } finally {
      await releaseAppends();
      await closing;
    }
  });

  it('reports an import and a replay of a process that stopped heartbeating as failed, and keeps them so when it comes back', async () => {
    const moment = await cutNow();
    await logHours(5);
    const hold = await holdReplayOf(moment);
    const releaseAppends = await holdAppends();
    let job: ImportJob;
    try {
      expect((await hrStatsAsOf(a, moment)).status).toBe(202);
      const started = await upload(a, admin.token, { name: 'entries.csv', content: entriesCsv(['Orphaned course']) });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      expect(await importOn(b, started.body.id)).toMatchObject({ status: 'running', processed: 0 });

      // A stops beating, as if killed (its row stays), and OWNER_TIMEOUT_SECONDS pass.
      await a.ctx.jobOwner.stop();
      await sql`INSERT INTO jobs.owners (id, heartbeat_at)
        VALUES (${a.ctx.jobOwner.id}, now() - make_interval(secs => ${OWNER_TIMEOUT_SECONDS}))`.execute(b.ctx.db);
      job = await importOn(b, started.body.id);
      expect(job).toMatchObject({ status: 'failed', error: ADMIN_MESSAGES.importStopped });
      expect(job.finishedAt).not.toBeNull();
      const replay = await hrStatsAsOf(b, moment);
      expect(replay).toMatchObject({ status: 503, body: { error: AS_OF_MESSAGES.replayFailed } });
    } finally {
      await releaseAppends();
      await hold.release();
    }
    // A was not killed after all: its import and replay run to their end, and change nothing of what B reported.
    await vi.waitFor(
      () => expect(aErrors.join('\n')).toContain(`import ${job.id} ended (completed) after it was reported stopped`),
      {
        timeout: 10_000,
      },
    );
    expect(await importOn(b, job.id)).toEqual(job);
    await a.ctx.asOf.close();
    a.ctx.asOf = createAsOfReplays({
      pool: a.ctx.pool,
      eventstoreUrl: null,
      owner: a.ctx.jobOwner,
      personalData: a.ctx.personalData,
      log: a.ctx.log,
    });
    // Told once: asked again, the replay starts anew, on B.
    const again = await hrStatsAsOf(b, moment);
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    const answered = await replayedOn(b, moment);
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(hrStatsSchema.parse(answered.body).totalHours).toBe(11);
  });
});
