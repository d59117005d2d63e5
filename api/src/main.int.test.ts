import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { freePort, spawnApi } from '@tht/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_ADMIN_PASSWORD } from './config';

// `npm start` runs this file with tsx; these tests run it as the Docker image does (node with the
// tsx loader, one process, so a signal reaches it directly) in a bare environment, and look at
// what an operator sees: the exit code and the lines printed.

const startMain = (env: Record<string, string>) => spawnApi({ env });

const linesOf = (text: string) => text.trim().split('\n').filter(Boolean);

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not within ${timeoutMs} ms`);
}

let dataDir: string;
let database: TestDatabase;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tht-main-'));
  database = await createTestDatabase();
});

afterAll(() => database?.drop());

describe('npm start', () => {
  it('stops on a bad setting with one line naming it and exit code 1', async () => {
    const run = startMain({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await run.exitCode).toBe(1);
    expect(linesOf(run.stderr())).toEqual(['Configuration error: PORT must be a whole number from 0 to 65535']);
  });

  it('stops with one line when ADMIN_PASSWORD is one attackers try first', async () => {
    const run = startMain({ DATA_DIR: dataDir, ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Password1' });
    expect(await run.exitCode).toBe(1);
    expect(linesOf(run.stderr())).toEqual([`Configuration error: ADMIN_PASSWORD ${COMMON_ADMIN_PASSWORD}`]);
  });

  it('names PORT when the port is taken, before starting anything else', async () => {
    const occupied = net.createServer().listen(0);
    await new Promise((resolve) => occupied.once('listening', resolve));
    const { port } = occupied.address() as net.AddressInfo;
    try {
      const run = startMain({ PORT: String(port), DATABASE_URL: database.connectionString, DATA_DIR: dataDir });
      expect(await run.exitCode).toBe(1);
      expect(linesOf(run.stderr())).toEqual([`Configuration error: PORT ${port} is already in use`]);
    } finally {
      occupied.close();
    }
  });

  it('names DATABASE_URL when nothing answers there', async () => {
    const run = startMain({ PORT: '0', DATABASE_URL: 'postgres://app:secret@127.0.0.1:1/app', DATA_DIR: dataDir });
    expect(await run.exitCode).toBe(1);
    const errors = linesOf(run.stderr());
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^Configuration error: DATABASE_URL does not lead to a PostgreSQL that answers \(127\.0\.0\.1:1\/app\): /,
    );
    expect(errors[0]).not.toContain('secret');
  });

  it('answers health while it starts and stops cleanly on SIGTERM with exit code 0', async () => {
    const port = await freePort();
    const run = startMain({ PORT: String(port), DATABASE_URL: database.connectionString, DATA_DIR: dataDir });
    const status = await until(async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).status, 30_000);
    expect([200, 503]).toContain(status);

    expect(await run.stop()).toBe(0);
    const records = linesOf(run.stdout()).map((line) => JSON.parse(line) as { level: string; msg: string });
    expect(records.filter(({ level, msg }) => level === 'info' && /^(SIGTERM received: stopping|Stopped)$/.test(msg))).toHaveLength(
      2,
    );
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });
});
