import type { AddressInfo } from 'node:net';
import { createPool } from '@tht/postgres';
import { createTestDatabase } from '@tht/postgres/testing';
import { createApp, type CreateAppOptions } from '../app';
import { parseSettings, type AppConfig } from '../config';
import type { AppContext } from '../platform/context';
import { createLogger, type Logger } from '../platform/logger';
import { startRuntime } from '../runtime';
import { closeHttpServer, listen } from '../platform/shutdown';

export interface TestApp {
  /** e.g. `http://127.0.0.1:41234`; API paths are `${baseUrl}/api/...`. */
  baseUrl: string;
  ctx: AppContext;
  close(): Promise<void>;
}

export interface StartTestAppOptions extends CreateAppOptions {
  /** Overrides of the configuration (defaults: the documented defaults, a fixed JWT secret, silent logs). */
  config?: Partial<AppConfig>;
  /** Default: a logger at the configured level on standard output. */
  log?: Logger;
  /** Another app's database (`ctx.config.databaseUrl`), as a second API process would share it; default: a fresh one. */
  databaseUrl?: string;
  /** The port to listen on (known beforehand, e.g. for a PUBLIC_URL registered elsewhere); default: a free one. */
  port?: number;
}

/**
 * The real app on a fresh, empty database: event store, id sequences and read models migrated,
 * projection runner in this process, listening on a free port. Call `close()` in `afterAll`.
 */
export async function startTestApp(options: StartTestAppOptions = {}): Promise<TestApp> {
  const database = options.databaseUrl ? sharedDatabase(options.databaseUrl) : await createTestDatabase();
  const config: AppConfig = {
    ...parseSettings({}),
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
    logLevel: (process.env.LOG_LEVEL as AppConfig['logLevel'] | undefined) ?? 'silent',
    databaseUrl: database.connectionString,
    ...options.config,
  };
  const runtime = await startRuntime(config, database.pool, options.log ?? createLogger(config.logLevel));
  const server = await listen(createApp(runtime.ctx, options), options.port ?? 0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    ctx: runtime.ctx,
    async close() {
      await closeHttpServer(server);
      await runtime.stop();
      await database.drop();
    },
  };
}

/** A database another test app made: this app opens its own pool and leaves the dropping to the owner. */
function sharedDatabase(connectionString: string) {
  const pool = createPool(connectionString);
  return { connectionString, pool, drop: () => pool.end() };
}
