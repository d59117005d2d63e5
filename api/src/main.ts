import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createPool, startEmbeddedPostgres } from '@tht/postgres';
import type pg from 'pg';
import { ensureStartupAdmin } from './accounts/startup-admin';
import { createApp } from './app';
import { ConfigError, REPO_ROOT, loadConfig, type AppConfig } from './config';
import { buildMissingFrontEnds } from './platform/front-end-build';
import { createLogger, type Logger } from './platform/logger';
import { startRuntime } from './platform/runtime';
import { closeHttpServer, listen } from './platform/shutdown';

/** Resources started so far, stopped in reverse order on shutdown or a failed start-up. */
type Stopper = () => Promise<unknown>;

const stoppers: Array<{ name: string; stop: Stopper }> = [];

function onStop(name: string, stop: Stopper): void {
  stoppers.unshift({ name, stop });
}

async function stopAll(log: Logger): Promise<void> {
  for (const { name, stop } of stoppers.splice(0)) {
    await stop().catch((error) => log.error(`Stopping ${name} failed`, error));
  }
}

async function start(config: AppConfig, log: Logger): Promise<void> {
  const databaseUrl = config.databaseUrl ?? (await startEmbeddedDatabase(config, log));
  const pool = createPool(databaseUrl);
  onStop('database pool', () => pool.end());
  await checkDatabaseAnswers(pool, config);

  log.info(`Event store: ${config.eventstoreUrl ? `KurrentDB at ${hostOf(config.eventstoreUrl)}` : 'PostgreSQL'}`);
  const runtime = await startRuntime(config, pool, log);
  onStop('projections and event store', () => runtime.stop());
  log.info('Migrations done; projections running');

  const admin = await ensureStartupAdmin(runtime.ctx);
  if (admin) log.info(`Created the start-up admin ${admin.email}`);

  await buildMissingFrontEnds(REPO_ROOT, log);

  const server = await listen(createApp(runtime.ctx), config.port).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') throw new ConfigError('PORT', `${config.port} is already in use`);
    if (error.code === 'EACCES') throw new ConfigError('PORT', `${config.port} may not be used by this user`);
    throw error;
  });
  onStop('HTTP server', () => closeHttpServer(server));
  const { port } = server.address() as net.AddressInfo;
  log.info(`Listening on http://localhost:${port}`);
}

/** The embedded PostgreSQL keeps its port across restarts (stored beside its data) so backups can find it. */
async function startEmbeddedDatabase(config: AppConfig, log: Logger): Promise<string> {
  const portFile = path.join(config.dataDir, 'postgres-port');
  const remembered = existsSync(portFile) ? Number((await readFile(portFile, 'utf8')).trim()) : undefined;
  const port = remembered && (await isPortFree(remembered)) ? remembered : undefined;
  const postgres = await startEmbeddedPostgres({ dataDir: config.dataDir, port, onLog: (line) => log.debug(`postgres: ${line}`) }).catch(
    (error: Error) => {
      throw new ConfigError('DATA_DIR', `(${config.dataDir}): ${error.message}`);
    },
  );
  onStop('embedded PostgreSQL', () => postgres.stop());
  await writeFile(portFile, `${postgres.port}\n`);
  log.info(`PostgreSQL (embedded) on 127.0.0.1:${postgres.port}, data in ${path.join(config.dataDir, 'pgdata')}`);
  return postgres.connectionString;
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function checkDatabaseAnswers(pool: pg.Pool, config: AppConfig): Promise<void> {
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    const setting = config.databaseUrl ? 'DATABASE_URL' : 'DATA_DIR';
    const target = config.databaseUrl ? ` (${hostOf(config.databaseUrl)})` : '';
    throw new ConfigError(setting, `does not lead to a PostgreSQL that answers${target}: ${(error as Error).message}`);
  }
}

/** host:port/path of a URL, without credentials, for log lines. */
function hostOf(url: string): string {
  const { host, pathname } = new URL(url);
  return `${host}${pathname === '/' ? '' : pathname}`;
}

function stopOnSignals(log: Logger): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    log.info(`${signal} received: stopping`);
    await stopAll(log);
    log.info('Stopped');
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
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
    await stopAll(log);
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
    } else {
      log.error(`Start-up failed: ${(error as Error).message}`, error);
    }
    process.exit(1);
  }
}

await main();
