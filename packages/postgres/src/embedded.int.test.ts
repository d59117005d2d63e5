import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ClusterLog } from './cluster-log';
import { ClusterInUseError, openEmbeddedPostgres, startEmbeddedPostgres } from './embedded';
import { watchdogsOf } from './server-process';

const RUN_CLUSTER = fileURLToPath(new URL('./test-support/run-cluster.ts', import.meta.url));

const dataDirs: string[] = [];
afterAll(async () => {
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tht-embedded-'));
  dataDirs.push(dir);
  return dir;
}

function recordingLog(): ClusterLog & { lines: string[] } {
  const lines: string[] = [];
  return { lines, debug: () => {}, info: (message) => lines.push(message), warn: (message) => lines.push(message) };
}

describe('startEmbeddedPostgres', () => {
  it('keeps its data and its port in dataDir across restarts', async () => {
    const dataDir = await freshDataDir();

    const first = await startEmbeddedPostgres({ dataDir });
    await query(first.connectionString, "CREATE TABLE kept (note text); INSERT INTO kept VALUES ('still here')");
    await first.stop();
    expect(first.pgData).toBe(path.join(dataDir, 'pgdata'));
    expect((await readFile(path.join(dataDir, 'postgres-port'), 'utf8')).trim()).toBe(String(first.port));

    const second = await startEmbeddedPostgres({ dataDir });
    try {
      expect(second.port).toBe(first.port);
      const { rows } = await query(second.connectionString, 'SELECT note FROM kept');
      expect(rows).toEqual([{ note: 'still here' }]);
    } finally {
      await second.stop();
    }
  });
});

describe('a data folder whose previous PostgreSQL is still there', () => {
  let holder: ClusterHolder | undefined;
  afterEach(async () => {
    await holder?.stop();
    holder = undefined;
  });

  it('starts at once after the process running it and its watchdog were killed, keeping every committed row', async () => {
    const dataDir = await freshDataDir();
    holder = await holdCluster(dataDir);
    await query(
      holder.connectionString,
      'CREATE TABLE acknowledged (n int); INSERT INTO acknowledged SELECT generate_series(1, 1000)',
    );

    // Its watchdog would stop PostgreSQL within a second or so: kill it too, so the start certainly finds PostgreSQL running.
    const watchdogs = await watchdogsOf(holder.pid);
    expect(watchdogs).toHaveLength(1);
    await holder.killGroup();
    for (const pid of watchdogs) process.kill(pid, 'SIGKILL');
    const log = recordingLog();
    const restarted = await startEmbeddedPostgres({ dataDir, log });
    try {
      expect(restarted.port).toBe(holder.port);
      expect(log.lines.join('\n')).toMatch(/previous PostgreSQL of .* is still there without the process that started it/);
      const { rows } = await query(restarted.connectionString, 'SELECT count(*)::int AS n FROM acknowledged');
      expect(rows).toEqual([{ n: 1000 }]);
    } finally {
      await restarted.stop();
    }
  });

  it('is left alone while another living process runs it: a start refuses, a second process connects to it', async () => {
    const dataDir = await freshDataDir();
    holder = await holdCluster(dataDir);

    await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(ClusterInUseError);
    await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(
      new RegExp(`in use by the PostgreSQL of another running process \\(pid ${holder.pid}\\)`),
    );
    const shared = await openEmbeddedPostgres({ dataDir });
    expect(shared.port).toBe(holder.port);
    const { rows } = await query(shared.connectionString, 'SELECT 1 AS answer');
    expect(rows).toEqual([{ answer: 1 }]);
    await shared.stop(); // not its cluster: stays up
    expect((await query(holder.connectionString, 'SELECT 2 AS answer')).rows).toEqual([{ answer: 2 }]);
  });
});

interface ClusterHolder {
  pid: number;
  port: number;
  connectionString: string;
  /** SIGKILL to its process group; resolves once the process is gone (when a process manager would restart it). */
  killGroup(): Promise<void>;
  stop(): Promise<void>;
}

/** Runs the cluster of `dataDir` in a child process (its own process group), as a product would. */
async function holdCluster(dataDir: string): Promise<ClusterHolder> {
  const child = spawn(process.execPath, ['--import', 'tsx', RUN_CLUSTER, dataDir], {
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const { port, connectionString } = await firstJsonLine(child);
  return {
    pid: child.pid!,
    port,
    connectionString,
    killGroup: () => {
      process.kill(-child.pid!, 'SIGKILL');
      return exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

function firstJsonLine(child: ChildProcess): Promise<{ port: number; connectionString: string }> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const newline = buffered.indexOf('\n');
      if (newline >= 0) resolve(JSON.parse(buffered.slice(0, newline)));
    });
    child.once('exit', (code) => reject(new Error(`the cluster process exited with ${code} before PostgreSQL was ready`)));
  });
}

async function query(connectionString: string, text: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}
