import { createPool, openEmbeddedPostgres } from '@tht/postgres';
import { ConfigError, loadConfig, type AppConfig } from '../config';
import type { AppContext } from './context';
import { createLogger } from './logger';
import { startRuntime } from './runtime';

async function openDatabase(config: AppConfig): Promise<{ url: string; stop(): Promise<void> }> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {} };
  const embedded = await openEmbeddedPostgres({ dataDir: config.dataDir }).catch((error: Error) => {
    throw new ConfigError('DATA_DIR', `(${config.dataDir}): ${error.message}`);
  });
  return { url: embedded.connectionString, stop: () => embedded.stop() };
}

/** Why an operator's command changed nothing: a mistake in what was asked, told in one line. */
export class OperatorRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperatorRefusal';
  }
}

/** The e-mail address a command takes as its one argument; anything else is refused with the command's `usage` line. */
export function emailArgument(args: readonly string[], usage: string): string {
  const [email, ...rest] = args;
  if (email === undefined || rest.length > 0 || email.startsWith('-')) throw new OperatorRefusal(`Usage: ${usage}`);
  return email;
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

/**
 * Runs a command-line `main`: a configuration error, or an error of one of `refusals` (the
 * person's mistake), ends it with its message alone on standard error; anything else with the
 * whole error. Exit code 1 either way.
 */
export function runCommandLine(
  main: () => Promise<void>,
  refusals: ReadonlyArray<abstract new (...args: never[]) => Error> = [],
): void {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
    else if (refusals.some((refusal) => error instanceof refusal)) console.error((error as Error).message);
    else console.error(error);
    process.exit(1);
  });
}
