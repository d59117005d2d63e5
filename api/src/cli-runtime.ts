import { createPool, openEmbeddedPostgres } from '@tht/postgres';
import { ConfigError, loadConfig, type AppConfig } from './config';
import type { AppContext } from './platform/context';
import { createLogger } from './platform/logger';
import { startRuntime } from './runtime';

/** The database `npm start` uses: DATABASE_URL's, or the embedded PostgreSQL under DATA_DIR (the running one while `npm start` runs). */
export async function openDatabase(config: AppConfig): Promise<{ url: string; stop(): Promise<void> }> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {} };
  const embedded = await openEmbeddedPostgres({ dataDir: config.dataDir }).catch((error: Error) => {
    throw new ConfigError('DATA_DIR', `(${config.dataDir}): ${error.message}`);
  });
  return { url: embedded.connectionString, stop: () => embedded.stop() };
}

/**
 * The product's commands for a command-line run (`npm run demo`, `npm run reset-admin-password`),
 * without the HTTP server: on the database `npm start` uses (DATABASE_URL, or the embedded
 * PostgreSQL under DATA_DIR, the running one while `npm start` runs), with a projection runner of
 * its own, so each command is decided, appended and projected as the server's are. Safe beside a
 * running server: several runners may run at once.
 */
export async function withCliRuntime<T>(work: (ctx: AppContext) => Promise<T>): Promise<T> {
  const config = await loadConfig();
  const database = await openDatabase(config);
  const pool = createPool(database.url);
  try {
    await pool.query('SELECT 1').catch((error: Error) => {
      throw new ConfigError(
        config.databaseUrl ? 'DATABASE_URL' : 'DATA_DIR',
        `does not lead to a PostgreSQL that answers: ${error.message}`,
      );
    });
    const runtime = await startRuntime(config, pool, createLogger('warn'));
    try {
      return await work(runtime.ctx);
    } finally {
      await runtime.stop();
    }
  } finally {
    await pool.end();
    await database.stop();
  }
}
