/**
 * `npm run rebuild`: replays the whole event log into fresh read models and swaps them in while
 * the product keeps running. Uses DATABASE_URL, or the embedded PostgreSQL under DATA_DIR (the
 * running one if `npm start` is up); EVENTSTORE_URL when the events live in KurrentDB.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEventStore, migrateEventStore } from '@tht/eventstore';
import { createPool, openEmbeddedPostgres } from '@tht/postgres';
import { allProjectors } from './all-projectors';
import { progressLine } from './framework/progress-line';
import { rebuildReadModels, type RebuildProgress } from './framework/rebuild';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

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

class CliError extends Error {}

const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

function progressReporter(stream: NodeJS.WriteStream) {
  let lastPrinted = 0;
  return (progress: RebuildProgress) => {
    const line = progressLine(progress);
    if (stream.isTTY) {
      stream.write(`\r${line}\x1b[K${progress.phase === 'done' ? '\n' : ''}`);
    } else if (progress.phase !== 'replaying' || Date.now() - lastPrinted > 1000) {
      lastPrinted = Date.now();
      stream.write(`${line}\n`);
    }
  };
}

async function main(): Promise<void> {
  const eventstoreUrl = setting('EVENTSTORE_URL');
  const database = await databaseUrl();
  const pool = createPool(database.url);
  try {
    await pool.query('SELECT 1').catch((error: Error) => {
      throw new CliError(`DATABASE_URL: cannot connect to PostgreSQL (${error.message})`);
    });
    const store = createEventStore({ pool, eventstoreUrl });
    if (!eventstoreUrl) await migrateEventStore(pool);
    process.stderr.write(`Rebuilding read models (${allProjectors.map((p) => p.name).join(', ')})\n`);
    const result = await rebuildReadModels({ pool, store, projectors: allProjectors, onProgress: progressReporter(process.stderr) });
    await store.close();
    console.info(
      `Rebuilt the read models from ${number.format(result.events)} events in ${result.seconds.toFixed(1)}s (${number.format(result.eventsPerSecond)} events/s)`,
    );
  } finally {
    await pool.end();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof CliError || (error instanceof Error && error.message.startsWith('EVENTSTORE_URL')) ? error.message : error);
  process.exit(1);
});
