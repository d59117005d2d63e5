import { execFile } from 'node:child_process';
import { readFile, readlink } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import type { ClusterLog } from './cluster-log';

const run = promisify(execFile);

/** What PostgreSQL's lock file `postmaster.pid` says: pid on line 1, port on line 4, status on line 8. */
export interface PostmasterPidFile {
  pid: number;
  port: number;
  /** `starting`, `ready`, `stopping` or `standby`; empty while PostgreSQL has not written it yet. */
  status: string;
}

export async function readPostmasterPidFile(pgData: string): Promise<PostmasterPidFile | null> {
  const text = await readFile(path.join(pgData, 'postmaster.pid'), 'utf8').catch(() => null);
  if (!text) return null;
  const lines = text.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return { pid, port: Number(lines[3]), status: (lines[7] ?? '').trim() };
}

interface ProcessState {
  /** Exited, not yet collected by its parent: holds nothing, but PostgreSQL still counts it as running. */
  zombie: boolean;
  parentPid: number;
  command: string;
}

/** null when no such process exists. */
async function processState(pid: number): Promise<ProcessState | null> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return null;
  }
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat !== null) {
    // "pid (command) state ppid ...": the command may hold spaces and parentheses.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const command = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).replaceAll('\0', ' ');
    return { zombie: state === 'Z' || state === 'X', parentPid: Number(ppid), command };
  }
  // No /proc (macOS): ask ps.
  const { stdout } = await run('ps', ['-o', 'stat=,ppid=,command=', '-p', String(pid)]).catch(() => ({ stdout: '' }));
  const match = /^\s*(\S+)\s+(\d+)\s+(.*)$/.exec(stdout.trim());
  if (!match) return null;
  return { zombie: match[1]!.startsWith('Z'), parentPid: Number(match[2]), command: match[3]! };
}

const OWNER_FILE = 'postgres-owner';

/** Records which process starts and runs the cluster of `dataDir` (its PostgreSQL is that process's child). */
export function ownerFile(dataDir: string): string {
  return path.join(dataDir, OWNER_FILE);
}

async function recordedOwner(dataDir: string): Promise<number | null> {
  const text = await readFile(ownerFile(dataDir), 'utf8').catch(() => null);
  const pid = Number.parseInt(text ?? '', 10);
  return Number.isInteger(pid) ? pid : null;
}

/**
 * A postmaster's parent is the process that started it while that one lives; once it is gone, init
 * (pid 1) or a subreaper such as `systemd --user`. The starter is recognised by the pid it recorded,
 * or (when two start at once and the record names the other) by running this same program.
 */
async function startedByLivingProcess(dataDir: string, parentPid: number): Promise<boolean> {
  if (parentPid === process.pid) return true;
  if (parentPid <= 1) return false;
  if ((await recordedOwner(dataDir)) === parentPid) return true;
  return (await programOf(parentPid)) === (await programOf(process.pid));
}

async function programOf(pid: number): Promise<string | null> {
  const exe = await readlink(`/proc/${pid}/exe`).catch(() => null);
  if (exe !== null) return exe;
  const { stdout } = await run('ps', ['-o', 'comm=', '-p', String(pid)]).catch(() => ({ stdout: '' }));
  return stdout.trim() || null;
}

export type PreviousPostmaster =
  | { kind: 'none' }
  /** Run by a living process (another `npm start` on the same data folder): use it or leave it alone. */
  | { kind: 'owned'; pid: number; port: number; ownerPid: number }
  /** Its process is gone (killed, crashed) and it is stopping or about to be stopped, or it has just exited. */
  | {
      kind: 'leftover';
      pid: number;
      status: string;
      zombie: boolean;
      /** Its command line names this data folder. */ postgres: boolean;
    };

export async function inspectPreviousPostmaster(dataDir: string, pgData: string): Promise<PreviousPostmaster> {
  const pidFile = await readPostmasterPidFile(pgData);
  if (!pidFile) return { kind: 'none' };
  const state = await processState(pidFile.pid);
  if (!state) return { kind: 'none' };
  if (!state.zombie && (await startedByLivingProcess(dataDir, state.parentPid))) {
    return { kind: 'owned', pid: pidFile.pid, port: pidFile.port, ownerPid: state.parentPid };
  }
  const postgres = state.command.includes(pgData);
  return { kind: 'leftover', pid: pidFile.pid, status: pidFile.status, zombie: state.zombie, postgres };
}

export class ClusterInUseError extends Error {
  constructor(
    readonly pgData: string,
    readonly ownerPid: number,
  ) {
    super(
      `${pgData} is in use by the PostgreSQL of another running process (pid ${ownerPid}), ` +
        'e.g. a second npm start on the same data folder: stop that one first, or use another DATA_DIR',
    );
    this.name = 'ClusterInUseError';
  }
}

/**
 * After a crash or kill of the product, its PostgreSQL may still be running or shutting down
 * (its watchdog stops it within a second) and would make a new start fail. This stops it with a
 * fast shutdown (every committed transaction is kept) and waits, up to `timeoutMs`, until it is
 * gone. A cluster that another living process runs is left alone (ClusterInUseError).
 */
export async function awaitPreviousPostmaster(dataDir: string, pgData: string, log: ClusterLog, timeoutMs: number): Promise<void> {
  const started = Date.now();
  let announced = false;
  for (;;) {
    const previous = await inspectPreviousPostmaster(dataDir, pgData);
    if (previous.kind === 'none') {
      if (announced) log.info(`The previous PostgreSQL of ${pgData} is gone (after ${seconds(Date.now() - started)})`);
      return;
    }
    if (previous.kind === 'owned') throw new ClusterInUseError(pgData, previous.ownerPid);
    if (!announced) {
      announced = true;
      log.info(
        `The previous PostgreSQL of ${pgData} (pid ${previous.pid}${previous.status ? `, ${previous.status}` : ''}) is still there ` +
          `without the process that started it: ${previous.zombie ? 'waiting for it to be gone' : 'stopping it (fast shutdown, committed data kept)'} before starting`,
      );
      // Only a PostgreSQL process is signalled: a stale pid may belong to something else by now.
      if (!previous.zombie && previous.postgres) signal(previous.pid, 'SIGINT');
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(
        `the previous PostgreSQL of this data folder (pid ${previous.pid}) is still there after ${seconds(timeoutMs)}; ` +
          `let it finish (or stop it: kill -INT ${previous.pid}) and start again`,
      );
    }
    await sleep(100);
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Gone meanwhile.
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
