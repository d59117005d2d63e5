/**
 * `npm run verify`: recomputes the audit hash chain over the whole PostgreSQL event log and
 * confirms it or names the first broken position (exit code 1). Uses DATABASE_URL, or the
 * embedded PostgreSQL under DATA_DIR (the running one if `npm start` is up).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPool, openEmbeddedPostgres } from '@tht/postgres';
import { describeReseal, readReseals } from './personal-data-upgrade';
import { describeVerification, verifyChain } from './postgres-chain';
import { migrateEventStore } from './postgres-schema';
import { verifyProgressLine } from './verify-progress';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const setting = (name: string) => (process.env[name] === '' ? undefined : process.env[name]);

class CliError extends Error {}

async function openDatabase(): Promise<{ url: string; stop(): Promise<void> }> {
  const url = setting('DATABASE_URL');
  if (url) return { url, stop: async () => {} };
  const dataDir = path.resolve(REPO_ROOT, setting('DATA_DIR') ?? '.data');
  const embedded = await openEmbeddedPostgres({ dataDir }).catch((error: Error) => {
    throw new CliError(`DATA_DIR (${dataDir}): cannot open the embedded PostgreSQL: ${error.message}`);
  });
  return { url: embedded.connectionString, stop: () => embedded.stop() };
}

async function main(): Promise<void> {
  if (setting('EVENTSTORE_URL'))
    throw new CliError('EVENTSTORE_URL is set: the audit hash chain is kept for the PostgreSQL event store only');
  const database = await openDatabase();
  const pool = createPool(database.url);
  const started = performance.now();
  const stderr = process.stderr;
  try {
    await migrateEventStore(pool);
    const result = await verifyChain(pool, {
      onProgress: (done, total) => {
        const line = verifyProgressLine(done, total, (performance.now() - started) / 1000);
        stderr.write(stderr.isTTY ? `\r${line}\x1b[K` : `${line}\n`);
      },
    });
    if (stderr.isTTY) stderr.write('\n');
    console.info(`${describeVerification(result)} (${((performance.now() - started) / 1000).toFixed(1)}s)`);
    for (const reseal of await readReseals(pool)) console.info(describeReseal(reseal));
    process.exitCode = result.ok ? 0 : 1;
  } finally {
    await pool.end();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof CliError ? error.message : error);
  process.exit(2);
});
