import { spawn } from 'node:child_process';
import { cp, mkdtemp, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../config';

/** An API or projections process started as its image starts it, in a process group of its own. */
export interface ProductProcess {
  pid: number;
  /** The URL it listens on, once it logged it (API processes only). */
  baseUrl: Promise<string>;
  /** Resolves once it logged that it is ready. */
  ready: Promise<void>;
  /** The exit code (null when a signal ended it). */
  exitCode: Promise<number | null>;
  messages(): string[];
  stderr(): string;
  /** SIGKILL to the whole process group: the process and whatever it started. */
  killGroup(): void;
  /** SIGTERM, then its exit code. */
  stop(): Promise<number | null>;
}

export interface ProcessOptions {
  /** Environment on top of PATH and HOME (nothing else of the test's environment is passed on). */
  env: Record<string, string>;
  /** Where the repository's files are (default: this repository). */
  cwd?: string;
}

/**
 * The API image's files (api/ and the root manifests) with the repository's node_modules: an API
 * started there finds no front-end sources, so it builds none. Removing it is the caller's.
 */
export async function serverOnlyInstallation(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'tht-api-install-'));
  for (const item of ['package.json', 'tsconfig.json', 'tsconfig.base.json', 'api']) {
    await cp(path.join(REPO_ROOT, item), path.join(root, item), {
      recursive: true,
      filter: (source) => !source.includes('node_modules'),
    });
  }
  await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'));
  return root;
}

/** `node --import tsx api/src/main.ts`, as the API image runs it (no front-end build when the dist folders exist). */
export function spawnApi({ env, cwd = REPO_ROOT }: ProcessOptions): ProductProcess {
  return spawnLogged(['api/src/main.ts'], { cwd, env: { PORT: '0', LOG_LEVEL: 'info', ...env } }, /^Ready$/);
}

/** `node --import tsx projections/src/main.ts`, the projections service of docker-compose. */
export function spawnProjections({ env, cwd = REPO_ROOT }: ProcessOptions): ProductProcess {
  return spawnLogged(['projections/src/main.ts'], { cwd, env: { LOG_LEVEL: 'info', ...env } }, /^Projections running/);
}

function spawnLogged(script: string[], { cwd, env }: Required<ProcessOptions>, readyLine: RegExp): ProductProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...script], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    detached: true, // its own process group, killed as a whole
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const exitCode = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const messages = () => stdout.split('\n').filter(Boolean).map(messageOf);
  const whenLogged = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        for (const message of messages()) {
          const match = pattern.exec(message);
          if (match) return resolve(match);
        }
      };
      child.stdout.on('data', check);
      void exitCode.then((code) => reject(new Error(`${script[0]} exited with ${code} before logging ${pattern}: ${stderr}`)));
    });
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const product: ProductProcess = {
    pid: child.pid!,
    baseUrl: whenLogged(/^Listening on (http:\/\/localhost:\d+) \(starting\)$/).then((match) => match[1]!),
    ready: whenLogged(readyLine).then(() => undefined),
    exitCode,
    messages,
    stderr: () => stderr,
    killGroup: () => process.kill(-child.pid!, 'SIGKILL'),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exitCode;
    },
  };
  // Rejections are awaited where the caller needs them.
  product.baseUrl.catch(() => {});
  product.ready.catch(() => {});
  return product;
}

/** The message of a log line: pino's JSON `msg`, or the line itself. */
function messageOf(line: string): string {
  try {
    const { msg } = JSON.parse(line) as { msg?: unknown };
    return typeof msg === 'string' ? msg : line;
  } catch {
    return line;
  }
}
