/**
 * What the command-line tools over the event log share (`npm run rebuild`, `npm run replay`): the
 * database (DATABASE_URL, or the embedded PostgreSQL under DATA_DIR, the running one if
 * `npm start` is up), the event store (EVENTSTORE_URL when the events live in KurrentDB), a
 * progress bar, and short messages for the user's mistakes.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEventStore, migrateEventStore, type EventStore } from '@tht/eventstore';
import { createPool, openEmbeddedPostgres } from '@tht/postgres';
import type pg from 'pg';
import { progressLine, throttledProgress } from './progress-line';
import type { RebuildProgress } from './replay';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** A mistake of the user's (setting, argument): shown as its message alone. */
export class CliError extends Error {}

const setting = (name: string) => (process.env[name] === '' ? undefined : process.env[name]);

async function databaseUrl(): Promise<{ url: string; stop(): Promise<void> }> {
  const url = setting('DATABASE_URL');
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new CliError('DATABASE_URL must be a postgres:// or postgresql:// URL');
    return { url, stop: async () => {} };
  }
  const dataDir = path.resolve(REPO_ROOT, setting('DATA_DIR') ?? '.data');
  const embedded = await openEmbeddedPostgres({ dataDir }).catch((error: Error) => {
    throw new CliError(`DATA_DIR (${dataDir}): cannot open the embedded PostgreSQL: ${error.message}`);
  });
  return { url: embedded.connectionString, stop: () => embedded.stop() };
}

/** Runs `work` with the database and the event store, and closes them after. */
export async function withEventLog<T>(work: (log: { pool: pg.Pool; store: EventStore }) => Promise<T>): Promise<T> {
  const eventstoreUrl = setting('EVENTSTORE_URL');
  const database = await databaseUrl();
  const pool = createPool(database.url);
  try {
    await pool.query('SELECT 1').catch((error: Error) => {
      throw new CliError(`DATABASE_URL: cannot connect to PostgreSQL (${error.message})`);
    });
    const store = createEventStore({ pool, eventstoreUrl });
    if (!eventstoreUrl) await migrateEventStore(pool);
    try {
      return await work({ pool, store });
    } finally {
      await store.close();
    }
  } finally {
    await pool.end();
    await database.stop();
  }
}

/** A progress bar on a terminal (one line, redrawn); elsewhere a line a second. */
export function progressReporter(stream: NodeJS.WriteStream) {
  if (!stream.isTTY) return throttledProgress((line) => stream.write(`${line}\n`), 1000);
  return (progress: RebuildProgress) => {
    stream.write(`\r${progressLine(progress)}\x1b[K${progress.phase === 'done' ? '\n' : ''}`);
  };
}

/** Runs a command-line tool: a user's mistake is told in one line, anything else in full; both exit 1. */
export function runCli(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    const usersMistake = error instanceof CliError || (error instanceof Error && error.message.startsWith('EVENTSTORE_URL'));
    console.error(usersMistake ? error.message : error);
    process.exit(1);
  });
}
