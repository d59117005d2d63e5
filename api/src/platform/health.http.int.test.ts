import type { AddressInfo } from 'node:net';
import type { NewEvent } from '@tht/eventstore';
import { createDb, createPool } from '@tht/postgres';
import type { PoolClient } from 'pg';
import { READ_MODEL_SCHEMA } from 'projections';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { createUserAndLogin } from '../testing/accounts';
import { logEntryAs } from '../testing/entries';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import type { AppContext } from './context';
import { createDatabasePing } from './database-ping';
import { MAX_LAG_EVENTS, MAX_LAG_SECONDS } from './health';
import { createLogger } from './logger';
import { closeHttpServer, listen } from './shutdown';

let app: TestApp;

/** Every event in the log projected (health is 200 from start-up on only once the runner has loaded its checkpoints). */
async function caughtUp(): Promise<void> {
  await vi.waitFor(
    async () => expect(await request(app, 'GET', '/api/health')).toMatchObject({ status: 200, body: { lagEvents: 0 } }),
    {
      timeout: 10_000,
      interval: 50,
    },
  );
}

beforeAll(async () => {
  app = await startTestApp();
  await caughtUp();
});

afterAll(() => app?.close());

/** The same app on a variation of the test app's context, for states a healthy test app never is in. */
async function withVariantApp<T>(ctx: AppContext, use: (baseUrl: string) => Promise<T>): Promise<T> {
  const server = await listen(createApp(ctx), 0, '127.0.0.1');
  try {
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await closeHttpServer(server);
  }
}

/** Events no projector knows (each ignores them), appended straight to the log as if `secondsAgo` old. */
async function appendUnknownEvents(count: number, secondsAgo = 0): Promise<void> {
  const occurredAt = new Date(Date.now() - secondsAgo * 1000).toISOString();
  const event: NewEvent = {
    type: 'HealthProbeNoted',
    data: {},
    metadata: { actorId: null, correlationId: 'health-test', occurredAt, schemaVersion: 1 },
  };
  await app.ctx.store.append(
    `health-probe-${crypto.randomUUID()}`,
    Array.from({ length: count }, () => event),
    'no_stream',
  );
}

/**
 * Holds the projection runner at its next batch (its checkpoint update waits for the lock; reads
 * go on) while `use` runs, then lets it go on.
 */
async function withRunnerHeld(use: () => Promise<void>): Promise<void> {
  const client = await app.ctx.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`LOCK TABLE ${READ_MODEL_SCHEMA}.projection_checkpoints IN EXCLUSIVE MODE`);
    await use();
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

describe('GET /api/health and /api/health/ready', () => {
  it('is 200 ok with the lag when the database answers and the read models are caught up', async () => {
    for (const path of ['/api/health', '/api/health/ready']) {
      const response = await request(app, 'GET', path);
      expect(response).toMatchObject({ status: 200, body: { status: 'ok', lagEvents: 0, lagSeconds: 0 } });
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('stays 200 while several writers keep the log busy', async () => {
    const writers = await Promise.all(Array.from({ length: 6 }, () => createUserAndLogin(app)));
    let writing = true;
    const written = Promise.all(
      writers.map(async (writer) => {
        for (let entry = 0; entry < 8; entry += 1) {
          await logEntryAs(app, writer, { trainingName: 'Load', date: '2026-03-02', hours: 1 });
        }
      }),
    ).finally(() => (writing = false));
    const statuses: number[] = [];
    while (writing) {
      statuses.push((await request(app, 'GET', '/api/health')).status);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await written;
    expect(statuses.length).toBeGreaterThan(0);
    // Before, a busy log made every answer wait its 2 s grace and then say 503.
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });

  it(`is 503 with the lag while the read models trail by more than ${MAX_LAG_EVENTS} events, and 200 once they catch up`, async () => {
    await withRunnerHeld(async () => {
      await appendUnknownEvents(MAX_LAG_EVENTS + 1);
      // The runner measures its lag on its own schedule: the answer reflects it within moments.
      await vi.waitFor(
        async () =>
          expect(await request(app, 'GET', '/api/health/ready')).toMatchObject({
            status: 503,
            body: { lagEvents: MAX_LAG_EVENTS + 1 },
          }),
        { timeout: 5_000, interval: 50 },
      );
      const response = await request(app, 'GET', '/api/health/ready');
      expect(response).toMatchObject({
        status: 503,
        body: { status: 'unavailable', error: 'The read models are catching up with the event log', lagEvents: MAX_LAG_EVENTS + 1 },
      });
      expect(response.body.lagSeconds).toBeLessThan(MAX_LAG_SECONDS);
    });
    await caughtUp();
  });

  it(`is 503 with the lag while the oldest unprojected event is more than ${MAX_LAG_SECONDS} s old`, async () => {
    await withRunnerHeld(async () => {
      await appendUnknownEvents(1, 60);
      // Readable once every transaction that began before its append has ended (the log's no-gaps rule).
      await vi.waitFor(
        async () => expect(await request(app, 'GET', '/api/health')).toMatchObject({ status: 503, body: { lagEvents: 1 } }),
        { timeout: 5_000, interval: 50 },
      );
      expect((await request(app, 'GET', '/api/health')).body.lagSeconds).toBeGreaterThanOrEqual(60);
    });
    await caughtUp();
  });

  it('is 503 when the database does not answer', async () => {
    const unreachable = createPool('postgres://nobody:nothing@127.0.0.1:1/none', { connectionTimeoutMillis: 500 });
    const ping = createDatabasePing(unreachable.options);
    const offline = { ...app.ctx, pool: unreachable, db: createDb(unreachable), databasePing: ping };
    try {
      const response = await withVariantApp(offline, (baseUrl) => request({ baseUrl }, 'GET', '/api/health'));
      expect(response).toMatchObject({ status: 503, body: { status: 'unavailable', error: 'The database does not answer' } });
    } finally {
      await ping.close();
      await unreachable.end();
    }
  });

  it("answers 200 from its own connection while every connection of the pool is taken (by 8 writers' requests, say)", async () => {
    const { pool } = app.ctx;
    const taken: PoolClient[] = [];
    try {
      while (pool.totalCount < (pool.options.max ?? 10) || pool.idleCount > 0) taken.push(await pool.connect());
      // Before, its `SELECT 1` waited for a connection of the pool and the probe said 503 after its second.
      expect(await request(app, 'GET', '/api/health/ready')).toMatchObject({ status: 200, body: { status: 'ok', lagEvents: 0 } });
    } finally {
      for (const client of taken) client.release();
    }
  });
});

describe('the health check database ping', () => {
  it('answers at once while its last answer is fresh, asks again behind it, and waits for its own once one failed', async () => {
    const { pool } = app.ctx;
    // A database of its own, which can go away while the app's stays.
    const database = `health_ping_${process.pid}`;
    await pool.query(`CREATE DATABASE ${database}`);
    const url = new URL(pool.options.connectionString!);
    url.pathname = `/${database}`;
    const ping = createDatabasePing({ connectionString: url.toString() }, { freshMs: 60_000 });
    const outcome = () =>
      ping.ping().then(
        () => 'answered',
        () => 'failed',
      );
    try {
      await ping.ping();
      await pool.query(`DROP DATABASE ${database} WITH (FORCE)`); // its connection ended, none to be had
      // Before, every probe waited for a round trip of its own: this one failed.
      expect(await outcome()).toBe('answered');
      // The ping asked behind that answer fails, and from then on a probe waits for its own.
      await expect.poll(outcome, { timeout: 10_000, interval: 50 }).toBe('failed');
      expect(await outcome()).toBe('failed');
    } finally {
      await ping.close();
      await pool.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    }
  });
});

describe('GET /api/health/live', () => {
  it('is 200 while the process answers, even when the database does not', async () => {
    expect(await request(app, 'GET', '/api/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
    const unreachable = createPool('postgres://nobody:nothing@127.0.0.1:1/none', { connectionTimeoutMillis: 500 });
    const offline = { ...app.ctx, pool: unreachable, db: createDb(unreachable) };
    try {
      const response = await withVariantApp(offline, (baseUrl) => request({ baseUrl }, 'GET', '/api/health/live'));
      expect(response).toMatchObject({ status: 200, body: { status: 'ok' } });
    } finally {
      await unreachable.end();
    }
  });
});

describe('a process once a newer release took over the read models', () => {
  it('answers readiness 503 superseded for good, naming the projectors, even with no event to apply, and every other request 503', async () => {
    const lines: string[] = [];
    const log = createLogger('info', { destination: { write: (line) => void lines.push(line) } });
    const older = await startTestApp({ log });
    try {
      const { token } = await createUserAndLogin(older, { role: 'admin' });
      // A newer release's swap leaves its own, higher versions in the checkpoint rows (decision 052).
      await older.ctx.pool.query(
        `UPDATE ${READ_MODEL_SCHEMA}.projection_checkpoints SET version = version + 1 WHERE name = 'entries'`,
      );
      await vi.waitFor(
        async () =>
          expect(await request(older, 'GET', '/api/health/ready')).toMatchObject({
            status: 503,
            body: { status: 'superseded', superseded: ['entries'], error: expect.stringContaining('to be stopped') },
          }),
        { timeout: 10_000, interval: 50 },
      );
      const read = await request(older, 'GET', '/api/entries', { token });
      expect(read).toMatchObject({ status: 503, body: { status: 'superseded' } });
      expect(read.headers.get('retry-after')).toBe('1');
      expect(await request(older, 'GET', '/api/health/live')).toMatchObject({ status: 200 });
      expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toContain(
        'A newer release took over the read models (entries): this process no longer projects them; stop it',
      );
    } finally {
      await older.close();
    }
  });
});
