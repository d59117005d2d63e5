import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { EntryView, LoginResponse } from '@tht/contracts';
import { createEventStore } from '@tht/eventstore';
import { createDb, createPool, openEmbeddedPostgres } from '@tht/postgres';
import { watchdogsOf } from '@tht/postgres/testing';
import { rebuildReadModels } from 'projections';
import { readModelSnapshot } from 'projections/testing/read-model-snapshot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serverOnlyInstallation, spawnApi, type ProductProcess } from '@tht/test-kit';
import { request } from './testing/request';

// The product is killed with SIGKILL (its whole process group) under a stream of writes and
// started again at once on the same DATA_DIR, as systemd or docker would restart it. Its
// PostgreSQL runs in a session of its own and is stopped by a watchdog within a second or so;
// the watchdog is killed too, so the restart certainly finds the previous PostgreSQL still running.
// The product runs as the API image runs it (`node --import tsx api/src/main.ts`, no front-end
// sources beside it), so no front-end build delays the starts.

const ADMIN = { email: 'crash.admin@example.com', password: 'crash-test-password' };
const WRITERS = 4;
const ACKNOWLEDGED_BEFORE_KILL = 60;

let installation: string;
let dataDir: string;
const products: ProductProcess[] = [];

beforeAll(async () => {
  installation = await serverOnlyInstallation();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tht-crash-data-'));
});

afterEach(async () => {
  await Promise.all(products.splice(0).map((product) => product.stop()));
});

afterAll(async () => {
  await rm(installation, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

function startProduct(): ProductProcess {
  const product = spawnApi({
    cwd: installation,
    env: { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
  products.push(product);
  return product;
}

async function logIn(baseUrl: string): Promise<{ token: string; userId: number }> {
  const body = { username: ADMIN.email, password: ADMIN.password };
  const response = await request<LoginResponse>({ baseUrl }, 'POST', '/api/login', { body });
  expect(response.status).toBe(200);
  return { token: response.body.authToken, userId: response.body.user.id };
}

function entry(name: string) {
  return { firstName: 'Crash', lastName: 'Test', trainingName: name, date: '2025-03-04', hours: 1.5, trainingType: 'internal' };
}

/** Writers that post entries one after another until a request fails; resolves when `count` were acknowledged. */
function streamWrites(baseUrl: string, token: string, count: number) {
  const acknowledged: { id: number; trainingName: string }[] = [];
  let reached: () => void;
  const enough = new Promise<void>((resolve) => (reached = resolve));
  const writer = async (writerId: number) => {
    for (let n = 0; ; n++) {
      const trainingName = `Crash ${writerId}-${n}`;
      const response = await request<EntryView>({ baseUrl }, 'POST', '/api/entries', { token, body: entry(trainingName) }).catch(
        () => null,
      );
      if (response?.status !== 201) return;
      acknowledged.push({ id: response.body.id, trainingName });
      if (acknowledged.length >= count) reached();
    }
  };
  const writers = Promise.all(Array.from({ length: WRITERS }, (_, writerId) => writer(writerId)));
  return { acknowledged, enough, writers };
}

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('npm start right after the product was killed', () => {
  it('starts at once on the same DATA_DIR: every acknowledged write is there and the read models equal a replay of the log', async () => {
    const first = startProduct();
    await first.ready;
    const firstUrl = await first.baseUrl;
    const { token } = await logIn(firstUrl);

    const stream = streamWrites(firstUrl, token, ACKNOWLEDGED_BEFORE_KILL);
    await stream.enough;
    const watchdogs = await watchdogsOf(first.pid);
    expect(watchdogs).toHaveLength(1);
    first.killGroup();
    for (const pid of watchdogs) process.kill(pid, 'SIGKILL');
    expect(await first.exitCode).toBeNull(); // killed by the signal
    // Started again as soon as it is gone, as a process manager does.
    const restartedAt = Date.now();
    const second = startProduct();
    await stream.writers;
    const acknowledged = [...stream.acknowledged];
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);

    await second.ready;
    const restartSeconds = (Date.now() - restartedAt) / 1000;
    expect(second.stderr()).not.toMatch(/Configuration error|did not start/);
    expect(second.messages().join('\n')).toMatch(/previous PostgreSQL of .* is still there without the process that started it/);
    expect(restartSeconds).toBeLessThan(30);

    const secondUrl = await second.baseUrl;
    const admin = await logIn(secondUrl);
    const listed = await request<EntryView[]>({ baseUrl: secondUrl }, 'GET', `/api/entries?userId=${admin.userId}`, {
      token: admin.token,
    });
    expect(listed.status).toBe(200);
    const present = new Map(listed.body.map((view) => [view.id, view.trainingName]));
    const missing = acknowledged.filter(({ id, trainingName }) => present.get(id) !== trainingName);
    expect(missing).toEqual([]);

    // Caught up (health says no event is left to project); no write happens from here on.
    await until(async () => {
      const health = await request<{ lagEvents?: number }>({ baseUrl: secondUrl }, 'GET', '/api/health');
      return health.status === 200 && health.body.lagEvents === 0 ? true : undefined;
    }, 20_000);
    const embedded = await openEmbeddedPostgres({ dataDir });
    const pool = createPool(embedded.connectionString);
    const store = createEventStore({ pool });
    try {
      const db = createDb(pool);
      const live = await readModelSnapshot(db);
      expect(live.entries?.length).toBeGreaterThanOrEqual(acknowledged.length);
      await rebuildReadModels({ pool, store });
      expect(await readModelSnapshot(db)).toEqual(live);
    } finally {
      await store.close();
      await pool.end();
      await embedded.stop();
    }

    expect(await second.stop()).toBe(0);
  }, 90_000);

  it('a second start on a DATA_DIR whose PostgreSQL another running product uses stops with one configuration line', async () => {
    const running = startProduct();
    await running.ready;
    const second = startProduct();
    expect(await second.exitCode).toBe(1);
    expect(second.stderr().trim().split('\n')).toEqual([
      `Configuration error: DATA_DIR (${dataDir}): ${path.join(dataDir, 'pgdata')} is in use by the PostgreSQL of another running process ` +
        `(pid ${running.pid}), e.g. a second npm start on the same data folder: stop that one first, or use another DATA_DIR`,
    ]);
    expect(await running.stop()).toBe(0);
  }, 60_000);
});
