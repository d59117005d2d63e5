import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../../..');

export interface RunningProduct {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** Starts the product the way an operator does (`npm start`) on a fresh DATA_DIR and waits for health. */
/** A product this process started: what it has written to its standard output and error so far, too. */
export interface StartedProduct extends RunningProduct {
  output(): string;
}

export async function startProduct(extraEnv: Record<string, string> = {}): Promise<StartedProduct> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tht-e2e-'));
  const port = await freePort();
  const adminEmail = 'admin@example.com';
  const adminPassword = 'Admin-password-1';
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      ORG_EMAIL_DOMAIN: 'example.com',
      PUBLIC_URL: baseUrl,
      ...extraEnv,
    },
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (process.env.E2E_VERBOSE) process.stderr.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  try {
    await waitForHealth(baseUrl, child, 10 * 60_000);
  } catch (error) {
    await stopProcessGroup(child);
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n--- product output ---\n${output.join('').slice(-4000)}`, { cause: error });
  }
  return {
    baseUrl,
    adminEmail,
    adminPassword,
    dataDir,
    output: () => output.join(''),
    async stop() {
      await stopProcessGroup(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The product did not become healthy within ${timeoutMs / 1000} s`);
}

/** How long the product may take to stop its HTTP server, projections and PostgreSQL before it is killed. */
const STOP_TIMEOUT_MS = 15_000;

async function stopProcessGroup(child: ChildProcess) {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  process.kill(-child.pid, 'SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((r) => {
      timer = setTimeout(() => r(true), STOP_TIMEOUT_MS);
    }),
  ]);
  // A pending timer would keep the test runner's process alive after the run.
  clearTimeout(timer);
  if (timedOut) {
    process.kill(-child.pid, 'SIGKILL');
    await exited;
  }
}
