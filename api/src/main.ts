import type http from 'node:http';
import type net from 'node:net';
import { createPool, startEmbeddedPostgres } from '@tht/postgres';
import pg from 'pg';
import type { RebuildProgress } from 'projections';
import { ensureStartupAdmin } from './accounts';
import { createApp } from './app';
import { ConfigError, REPO_ROOT, defaultPublicUrl, loadConfig, type AppConfig } from './config';
import { buildMissingFrontEnds } from './platform/front-end-build';
import { closeLog, createLogger, type Logger } from './platform/logger';
import { startRuntime } from './runtime';
import { closeHttpServer, listen } from './platform/shutdown';

/** Resources started so far, stopped in reverse order on shutdown or a failed start-up. */
type Stopper = () => Promise<unknown>;

const stoppers: Array<{ name: string; stop: Stopper }> = [];
let httpServer: http.Server | null = null;
const startUpAborted = new AbortController();

function onStop(name: string, stop: Stopper): void {
  stoppers.unshift({ name, stop });
}

/** Stops taking requests first, then everything else in reverse start order. */
async function stopAll(log: Logger): Promise<void> {
  startUpAborted.abort();
  const server = httpServer;
  httpServer = null;
  if (server) await closeHttpServer(server).catch((error) => log.error('Stopping the HTTP server failed', error));
  for (const { name, stop } of stoppers.splice(0)) {
    await stop().catch((error) => log.error(`Stopping ${name} failed`, error));
  }
}

const STARTING = { status: 'starting', error: 'The server is starting' };

/** What a request gets while the server starts: 'starting', or how far the rebuild of an earlier release's read models is. */
let startingAnswer: Record<string, unknown> = STARTING;

/**
 * While an earlier release's processes keep serving, this one builds its read models aside
 * (decision 052): its not-ready answer tells how far, so an operator or a deploy script waits for it.
 */
function upgrading({ phase, done, total, secondsLeft }: RebuildProgress): void {
  if (phase === 'done') {
    startingAnswer = STARTING;
    return;
  }
  const error = 'The read models of this release are being built from the event log; the earlier release serves meanwhile';
  startingAnswer = { status: 'upgrading', error, phase, done, total, secondsLeft: secondsLeft && Math.round(secondsLeft) };
}

/** Until start-up completes every request gets 503, so health checks see "not ready" rather than no answer. */
const answerStarting: http.RequestListener = (_req, res) => {
  res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '5' }).end(JSON.stringify(startingAnswer));
};

async function start(settings: AppConfig, log: Logger): Promise<void> {
  // The port is claimed first, so a taken PORT is reported at once rather than after a long start-up.
  let handleRequest: http.RequestListener = answerStarting;
  httpServer = await listenOnPort((req, res) => handleRequest(req, res), settings.port);
  const { port } = httpServer.address() as net.AddressInfo;
  log.info(`Listening on http://localhost:${port} (starting)`);
  const config = withListeningPort(settings, port);

  const databaseUrl = config.databaseUrl ?? (await startEmbeddedDatabase(config, log));
  await checkDatabaseAnswers(databaseUrl, config);
  const pool = createPool(databaseUrl);
  onStop('database pool', () => pool.end());

  log.info(`Event store: ${config.eventstoreUrl ? `KurrentDB at ${hostOf(config.eventstoreUrl)}` : 'PostgreSQL'}`);
  const runtime = await startRuntime(config, pool, log, upgrading);
  onStop('projections and event store', () => runtime.stop());
  log.info('Migrations done; projections running');

  const admin = await ensureStartupAdmin(runtime.ctx);
  if (admin) log.info(`Created the start-up admin ${admin.email}`);

  await buildMissingFrontEnds(REPO_ROOT, log, startUpAborted.signal);

  handleRequest = createApp(runtime.ctx);
  log.info('Ready');
}

/** With PORT=0 the default PUBLIC_URL names the port actually picked. */
function withListeningPort(config: AppConfig, port: number): AppConfig {
  return config.publicUrl === defaultPublicUrl(config.port) ? { ...config, publicUrl: defaultPublicUrl(port) } : config;
}

async function listenOnPort(handler: http.RequestListener, port: number): Promise<http.Server> {
  try {
    return await listen(handler, port);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'EADDRINUSE') throw new ConfigError('PORT', `${port} is already in use`);
    if (code === 'EACCES') throw new ConfigError('PORT', `${port} may not be used by this user`);
    throw error;
  }
}

/** The embedded PostgreSQL keeps its port across restarts (stored beside its data) so backups can find it. */
async function startEmbeddedDatabase(config: AppConfig, log: Logger): Promise<string> {
  const postgresLog = {
    debug: (line: string) => log.debug(`postgres: ${line}`),
    info: (message: string) => log.info(message),
    warn: (message: string) => log.warn(message),
  };
  const postgres = await startEmbeddedPostgres({ dataDir: config.dataDir, log: postgresLog }).catch((error: Error) => {
    throw new ConfigError('DATA_DIR', `(${config.dataDir}): ${error.message}`);
  });
  onStop('embedded PostgreSQL', () => postgres.stop());
  log.info(`PostgreSQL (embedded) on 127.0.0.1:${postgres.port}, data in ${postgres.pgData}`);
  return postgres.connectionString;
}

const DATABASE_CONNECT_TIMEOUT_MS = 10_000;

async function checkDatabaseAnswers(databaseUrl: string, config: AppConfig): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    const setting = config.databaseUrl ? 'DATABASE_URL' : 'DATA_DIR';
    const target = config.databaseUrl ? ` (${hostOf(config.databaseUrl)})` : '';
    throw new ConfigError(setting, `does not lead to a PostgreSQL that answers${target}: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** host:port/path of a URL, without credentials, for log lines. */
function hostOf(url: string): string {
  const { host, pathname } = new URL(url);
  return `${host}${pathname === '/' ? '' : pathname}`;
}

let stopping = false;

function stopOnSignals(log: Logger): void {
  const stop = async (signal: NodeJS.Signals) => {
    // A repeated signal (tsx relays one to this process too) changes nothing: stopping is bounded.
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: stopping`);
    await stopAll(log);
    log.info('Stopped');
    await closeLog(log);
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));
}

async function main(): Promise<void> {
  let log = createLogger('info');
  try {
    const config = await loadConfig();
    log = createLogger(config.logLevel);
    log.info(`Starting the training hours tracker (data folder ${config.dataDir})`);
    stopOnSignals(log);
    await start(config, log);
  } catch (error) {
    // A stop signal during start-up makes the step in progress fail; the signal handler exits.
    if (stopping) return;
    await stopAll(log);
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
    } else {
      log.error(`Start-up failed: ${(error as Error).message}`, error);
    }
    await closeLog(log);
    process.exit(1);
  }
}

await main();
