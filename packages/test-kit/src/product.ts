import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cp, mkdtemp, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './free-port';
import { createLogLines } from './log-lines';

/** The repository this kit is part of: where `npm start` runs. */
export const repoRoot = resolve(import.meta.dirname, '../../..');

/** An API or projections process started as `npm start` (or its image) starts it, in a process group of its own. */
export interface ProductProcess {
  pid: number;
  /** The URL it listens on, once it logged it (API processes only). */
  baseUrl: Promise<string>;
  /** Resolves once it logged that it is ready (at LOG_LEVEL info, the default here). */
  ready: Promise<void>;
  /** The exit code (null when a signal ended it). */
  exitCode: Promise<number | null>;
  /** The messages of its log lines so far (pino's `msg`, or the line). */
  messages(): string[];
  /** Its standard output and error so far, as written. */
  output(): string;
  stdout(): string;
  stderr(): string;
  /** SIGKILL to the whole process group: the process and whatever it started. */
  killGroup(): void;
  /** SIGTERM, then its exit code; SIGKILL to its group if it has not stopped within 15 s. */
  stop(): Promise<number | null>;
}

export interface ProcessOptions {
  /** Environment on top of PATH and HOME (nothing else of this process's environment is passed on). */
  env: Record<string, string>;
  /** Where the repository's files are (default: this repository). */
  cwd?: string;
  /** Also write its output to this process's standard error as it comes. */
  echoOutput?: boolean;
}

/** How long a product may take to stop its HTTP server, projections and PostgreSQL before it is killed. */
const STOP_TIMEOUT_MS = 15_000;

/** `node --import tsx api/src/main.ts`, what `npm start` and the API image run. */
export function spawnApi({ env, ...options }: ProcessOptions): ProductProcess {
  return spawnLogged('api/src/main.ts', { ...options, env: { PORT: '0', LOG_LEVEL: 'info', ...env } }, /^Ready$/);
}

/** `node --import tsx projections/src/main.ts`, the projections service of docker-compose. */
export function spawnProjections({ env, ...options }: ProcessOptions): ProductProcess {
  return spawnLogged('projections/src/main.ts', { ...options, env: { LOG_LEVEL: 'info', ...env } }, /^Projections running/);
}

/**
 * The API image's files (api/ and the root manifests) with the repository's node_modules: an API
 * started there finds no front-end sources, so it builds none. Removing it is the caller's.
 */
export async function serverOnlyInstallation(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'tht-api-install-'));
  for (const item of ['package.json', 'tsconfig.json', 'tsconfig.base.json', 'api']) {
    await cp(join(repoRoot, item), join(root, item), { recursive: true, filter: (source) => !source.includes('node_modules') });
  }
  await symlink(join(repoRoot, 'node_modules'), join(root, 'node_modules'));
  return root;
}

function spawnLogged(
  script: string,
  { env, cwd = repoRoot, echoOutput = false }: ProcessOptions,
  readyLine: RegExp,
): ProductProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    detached: true, // its own process group, killed as a whole
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let output = '';
  const exitCode = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  const lines = createLogLines();
  void exitCode.then((code) =>
    lines.end((pattern) => new Error(`${script} exited with ${code} before logging ${pattern}: ${stderr}`)),
  );
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (echoOutput) process.stderr.write(chunk);
  };
  child.stdout.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    stdout += text;
    lines.add(text);
    keep(chunk);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    keep(chunk);
  });
  const killGroup = () => process.kill(-child.pid!, 'SIGKILL');
  const product: ProductProcess = {
    pid: child.pid!,
    baseUrl: lines.whenLogged(/^Listening on (http:\/\/localhost:\d+) \(starting\)$/).then((match) => match[1]!),
    ready: lines.whenLogged(readyLine).then(() => undefined),
    exitCode,
    messages: () => lines.messages(),
    output: () => output,
    stdout: () => stdout,
    stderr: () => stderr,
    killGroup,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(killGroup, STOP_TIMEOUT_MS);
      // A pending timer would keep the test runner's process alive after the run.
      return exitCode.finally(() => clearTimeout(timer));
    },
  };
  // Rejections are awaited where the caller needs them.
  product.baseUrl.catch(() => {});
  product.ready.catch(() => {});
  return product;
}

/** Waits until `product` is ready; past `timeoutMs`, or when it exits first, fails with the end of its output. */
export async function readyWithin(product: ProductProcess, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not ready within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    await Promise.race([product.ready, timedOut]);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- output ---\n${product.output().slice(-6000)}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/** A running product and its start-up admin (ADMIN_EMAIL / ADMIN_PASSWORD). */
export interface ProductTarget {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
}

export interface RunningProduct extends ProductTarget {
  dataDir: string;
  stop(): Promise<void>;
}

/** A product this process started: what it has written to its standard output and error so far, too. */
export interface StartedProduct extends RunningProduct {
  output(): string;
}

/** The start-up admin of every product the kit starts. */
export const KIT_ADMIN = { email: 'admin@example.com', password: 'Admin-password-1' };

/** How long a first start may take: it builds the front ends a fresh clone lacks. */
export const FIRST_START_TIMEOUT_MS = 10 * 60_000;

/**
 * Starts the product the way an operator does (`npm start`, with this process's environment) on a
 * fresh DATA_DIR and a free port, with the kit's start-up admin and `extraEnv` on top, and waits
 * until it is ready. `stop()` stops it and removes the DATA_DIR. `cwd`: where its files are, e.g.
 * a `serverOnlyInstallation()`, which builds no front ends.
 */
export async function startProduct(
  extraEnv: Record<string, string> = {},
  { echoOutput = false, cwd }: { echoOutput?: boolean; cwd?: string } = {},
): Promise<StartedProduct> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tht-product-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const api = spawnApi({
    echoOutput,
    cwd,
    env: {
      ...(process.env as Record<string, string>),
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: KIT_ADMIN.email,
      ADMIN_PASSWORD: KIT_ADMIN.password,
      ORG_EMAIL_DOMAIN: 'example.com',
      PUBLIC_URL: baseUrl,
      ...extraEnv,
    },
  });
  const stop = async () => {
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await readyWithin(api, FIRST_START_TIMEOUT_MS);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, adminEmail: KIT_ADMIN.email, adminPassword: KIT_ADMIN.password, dataDir, output: () => api.output(), stop };
}
