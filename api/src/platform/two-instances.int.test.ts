import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { READ_AFTER_HEADER, type EntryView, type LoginResponse } from '@tht/contracts';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import {
  serverOnlyInstallation,
  spawnApi,
  spawnProjections,
  startRoundRobinProxy,
  type ProductProcess,
  type RoundRobinProxy,
} from '@tht/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../testing/request';

// The deployed shape without Docker: two API processes and one projections process on one
// PostgreSQL, behind a round-robin balancer, so a read usually lands on the other instance than
// the write before it. The client keeps the newest x-read-after token and sends it, as the
// browser's API client does.

const ADMIN = { email: 'scale.admin@example.com', password: 'scale-out-password' };
const PAIRS = 200;
const WRITERS = 4;

let database: TestDatabase;
let installation: string;
let dataDir: string;
let instances: ProductProcess[];
let projections: ProductProcess;
let proxy: RoundRobinProxy;

beforeAll(async () => {
  database = await createTestDatabase();
  installation = await serverOnlyInstallation();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tht-two-instances-'));
  const env = {
    DATABASE_URL: database.connectionString,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  // One after the other, as a rolling deployment starts them: the first migrates.
  const first = spawnApi({ cwd: installation, env });
  instances = [first];
  await first.ready;
  const second = spawnApi({ cwd: installation, env });
  instances.push(second);
  projections = spawnProjections({ env: { DATABASE_URL: database.connectionString } });
  await Promise.all([second.ready, projections.ready]);
  proxy = await startRoundRobinProxy(await Promise.all(instances.map((instance) => instance.baseUrl)));
}, 120_000);

const balancer = () => ({ baseUrl: proxy.url });

afterAll(async () => {
  await proxy?.close();
  await Promise.all([...(instances ?? []), projections].filter(Boolean).map((process) => process.stop()));
  await database?.drop();
  await rm(installation, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

/** A client of the balancer that keeps the newest consistency token, like packages/ui's API client. */
function client(token: string) {
  let readAfter: string | null = null;
  return {
    async send<Body>(method: string, path: string, body?: unknown) {
      const headers: Record<string, string> = readAfter ? { [READ_AFTER_HEADER]: readAfter } : {};
      const response = await request<Body>(balancer(), method, path, { token, body, headers });
      readAfter = response.headers.get(READ_AFTER_HEADER) ?? readAfter;
      return response;
    },
  };
}

async function logIn(): Promise<{ token: string; userId: number }> {
  const response = await request<LoginResponse>(balancer(), 'POST', '/api/login', {
    body: { username: ADMIN.email, password: ADMIN.password },
  });
  expect(response.status).toBe(200);
  return { token: response.body.authToken, userId: response.body.user.id };
}

function entry(trainingName: string) {
  return { firstName: 'Scale', lastName: 'Out', trainingName, date: '2025-03-04', hours: 1.5, trainingType: 'internal' };
}

describe('two API processes and a projections process behind a round-robin balancer', () => {
  it(`shows every write in the read after it, whichever instance answers (${PAIRS} pairs)`, async () => {
    const { token, userId } = await logIn();
    const api = client(token);
    const stale: string[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      const trainingName = `Pair ${pair}`;
      const written = await api.send<EntryView>('POST', '/api/entries', entry(trainingName));
      expect(written.status).toBe(201);
      expect(written.headers.get(READ_AFTER_HEADER)).toBeTruthy();
      const listed = await api.send<EntryView[]>('GET', `/api/entries?userId=${userId}`);
      expect(listed.status).toBe(200);
      if (!listed.body.some((view) => view.id === written.body.id)) stale.push(trainingName);
    }
    expect(stale).toEqual([]);
    // Both instances answered reads and writes: the balancer alternated.
    expect(new Set(proxy.answeredBy)).toEqual(new Set([0, 1]));
  }, 120_000);

  it('loses no acknowledged write when one instance is killed mid-stream, and the other keeps answering', async () => {
    const { token, userId } = await logIn();
    const acknowledged: { id: number; trainingName: string }[] = [];
    let killed = false;
    let answeredAfterKill = 0;
    const writer = async (writerId: number) => {
      for (let n = 0; answeredAfterKill < 40; n++) {
        const trainingName = `Stream ${writerId}-${n}`;
        const response = await request<EntryView>(balancer(), 'POST', '/api/entries', { token, body: entry(trainingName) }).catch(
          () => null,
        );
        if (response?.status === 201) {
          acknowledged.push({ id: response.body.id, trainingName });
          if (killed) answeredAfterKill++;
        }
        if (!killed && acknowledged.length >= 40) {
          killed = true;
          instances[0]!.killGroup();
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, writerId) => writer(writerId)));
    expect(await instances[0]!.exitCode).toBeNull(); // ended by the signal

    const listed = await client(token).send<EntryView[]>('GET', `/api/entries?userId=${userId}`);
    expect(listed.status).toBe(200);
    const present = new Map(listed.body.map((view) => [view.id, view.trainingName]));
    expect(acknowledged.filter(({ id, trainingName }) => present.get(id) !== trainingName)).toEqual([]);
    const health = await request(balancer(), 'GET', '/api/health/ready');
    expect(health.status).toBe(200);
  }, 120_000);
});
