import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PostgresBinaries } from './binaries';
import type { ClusterLog } from './cluster-log';
import { readPostmasterPidFile } from './previous-postmaster';
import { spawnIdentity, type SystemUser } from './system-user';

export interface ServerProcessOptions {
  binaries: PostgresBinaries;
  /** Who runs PostgreSQL; null: this process's own user. */
  user: SystemUser | null;
  pgData: string;
  log: ClusterLog;
}

/**
 * What PostgreSQL gets from the environment: locale, time zone and PATH, with its messages in
 * English (they are matched below); none of the product's settings or secrets.
 */
function serverEnvironment(): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([name]) => ['PATH', 'TZ', 'LANG'].includes(name) || name.startsWith('LC_'));
  return { ...Object.fromEntries(kept), LC_MESSAGES: 'C' };
}

function spawnServerProgram(program: string, args: string[], { user, log }: ServerProcessOptions, detached: boolean) {
  const child = spawn(program, args, {
    ...spawnIdentity(user),
    cwd: '/',
    env: serverEnvironment(),
    detached,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const recent: string[] = [];
  const onOutput = (chunk: Buffer) => {
    for (const line of chunk
      .toString()
      .split('\n')
      .filter((l) => l.trim())) {
      log.debug(line);
      recent.push(line);
      if (recent.length > 50) recent.shift();
    }
  };
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);
  /** Resolves with why the process ended (it never started, or exited). */
  const ended = new Promise<string>((resolve) => {
    child.once('error', (error) => resolve(error.message));
    child.once('close', (code, signal) => resolve(`exited with ${code ?? signal}`));
  });
  return { child, recent, ended };
}

/** PostgreSQL's own reason for failing (its FATAL/PANIC line and hint), else how the process ended. */
function failureOf(recent: string[], ending: string): string {
  const reasons = recent
    .map((line) => /\b(FATAL|PANIC|ERROR|HINT|DETAIL):\s+(.*)$/.exec(line) ?? /^(initdb): (?:error|fatal): (.*)$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => `${match[1]}: ${match[2]}`);
  return reasons.length > 0 ? reasons.slice(-3).join(' ') : ending;
}

/** `initdb` into an empty or missing `pgData`, owned by the user that runs PostgreSQL. */
export async function initialiseCluster(
  options: ServerProcessOptions & { superuser: string; password: string; throwaway: boolean },
): Promise<void> {
  const { pgData, user } = options;
  await mkdir(pgData, { recursive: true, mode: 0o700 });
  if (user) await chown(pgData, user.uid, user.gid);
  // Beside pgdata, so the user running initdb can read it; deleted right after.
  const passwordFile = path.join(path.dirname(pgData), `.initdb-password-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, `${options.password}\n`, { mode: 0o600 });
  try {
    if (user) await chown(passwordFile, user.uid, user.gid);
    const args = [
      `--pgdata=${pgData}`,
      '--auth=scram-sha-256',
      `--username=${options.superuser}`,
      `--pwfile=${passwordFile}`,
      '--encoding=UTF8',
      '--lc-messages=C',
      ...(options.throwaway ? ['--no-sync'] : []),
    ];
    const { recent, ended } = spawnServerProgram(options.binaries.initdb, args, options, false);
    const ending = await ended;
    if (ending !== 'exited with 0') throw new Error(`initdb of ${pgData} failed: ${failureOf(recent, ending)}`);
  } finally {
    await rm(passwordFile, { force: true });
  }
}

export type StartAttempt = { started: true; child: ChildProcess } | { started: false; failure: string };

/**
 * Starts the postmaster in its own session (a signal to the product's process group does not
 * reach it; the product or its watchdog stops it) and waits until its lock file says `ready`, or
 * until it exits, with PostgreSQL's reason.
 */
export async function attemptStart(options: ServerProcessOptions & { port: number; settings: string[] }): Promise<StartAttempt> {
  const args = ['-D', options.pgData, '-p', String(options.port), ...options.settings.flatMap((setting) => ['-c', setting])];
  const { child, recent, ended } = spawnServerProgram(options.binaries.postgres, args, options, true);
  for (;;) {
    const pidFile = await readPostmasterPidFile(options.pgData);
    if (pidFile && pidFile.pid === child.pid && pidFile.status === 'ready') return { started: true, child };
    const ending = await Promise.race([sleep(50, null), ended]);
    if (ending !== null) return { started: false, failure: failureOf(recent, ending) };
  }
}

/** Fast shutdown (SIGINT): open transactions are rolled back, every committed one is kept. */
export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.ref(); // this process waits for it
    child.kill('SIGINT');
  });
}

/** Traces the previous cluster's processes leave until they are gone (its lock file, its shared memory). */
export function isLeftoverOfPrevious(failure: string): boolean {
  return failure.includes('lock file "postmaster.pid" already exists') || failure.includes('pre-existing shared memory block');
}

export function isPortTaken(failure: string): boolean {
  return failure.includes('could not bind') || failure.includes('Address already in use');
}

/** How a watchdog's script begins: it names the process it watches. */
const watching = (ownerPid: number) => `while kill -0 ${ownerPid} 2>/dev/null && `;

/**
 * A detached shell that outlives this process: once this process is gone (even by SIGKILL) it
 * stops PostgreSQL and, for throw-away clusters, deletes the data folder; it ends with PostgreSQL.
 * Without it a killed test worker or product would leave a running postmaster and its files behind.
 */
export function startWatchdog(postmasterPid: number, removeDir: string | null): void {
  const script = [
    `${watching(process.pid)}kill -0 ${postmasterPid} 2>/dev/null; do sleep 1; done`,
    `kill -INT ${postmasterPid} 2>/dev/null`,
    `while kill -0 ${postmasterPid} 2>/dev/null; do sleep 0.2; done`,
    removeDir ? `rm -rf '${removeDir.replaceAll("'", "'\\''")}'` : 'true',
  ].join('; ');
  spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' }).unref();
}

/** The watchdogs of the clusters process `ownerPid` started (Linux: found in /proc), e.g. for a test that kills them too. */
export async function watchdogsOf(ownerPid: number): Promise<number[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const commands = await Promise.all(pids.map((pid) => readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')));
  return pids.filter((_, index) => commands[index]!.includes(watching(ownerPid))).map(Number);
}
