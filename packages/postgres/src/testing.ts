import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { SILENT_LOG } from './cluster-log';
import { launchCluster } from './embedded';
import { createDb, createPool } from './pool';

export { watchdogsOf } from './server-process';

export interface TestDatabase {
  connectionString: string;
  pool: pg.Pool;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests query tables of every schema, typed or not
  db: Kysely<any>;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/**
 * Where the run's throw-away clusters are, one per worker, separated by spaces (set by
 * test-support/shared-test-cluster.ts, a vitest global setup).
 */
export const SHARED_TEST_POSTGRES_ENV = 'THT_TEST_POSTGRES_URL';

/**
 * A test process's cluster among the run's (`shared`, as SHARED_TEST_POSTGRES_ENV holds them): its
 * vitest worker's, by `poolId` (VITEST_POOL_ID, 1 to the number of workers).
 */
export function clusterOfWorker(shared: string, poolId: string | undefined): string {
  const clusters = shared.split(' ');
  const worker = Number(poolId ?? 1);
  return clusters[(Number.isInteger(worker) && worker > 0 ? worker - 1 : 0) % clusters.length]!;
}

/** Set to `unit` by `npm run test:unit`: the run starts no PostgreSQL, and a test that asks for one fails. */
export const TEST_TIER_ENV = 'THT_TEST_TIER';
export const isUnitTestRun = (): boolean => process.env[TEST_TIER_ENV] === 'unit';

/**
 * A fresh, empty database for one test (or one test file). Uses the server of `DATABASE_URL`
 * when set, else its worker's throw-away cluster of the run when there are some; otherwise one
 * throw-away embedded cluster per test process, started on first use in a temporary folder and
 * removed when the process ends.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const server = await testServer();
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(server.adminUrl, (client) =>
    client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}${server.fileCopy ? ' STRATEGY FILE_COPY' : ''}`),
  );
  const connectionString = server.urlFor(name);
  const pool = createPool(connectionString);
  const db = createDb(pool);
  let dropped = false;
  return {
    connectionString,
    pool,
    db,
    async drop() {
      if (dropped) return;
      dropped = true;
      await db.destroy(); // also ends the pool
      await withAdminClient(server.adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
      );
    },
  };
}

interface TestServer {
  adminUrl: string;
  urlFor(database: string): string;
  /** Copying the small template's files (plus two checkpoints) is several times faster than WAL-logging it, with fsync off. */
  fileCopy: boolean;
}

let testServerPromise: Promise<TestServer> | undefined;

function testServer(): Promise<TestServer> {
  if (isUnitTestRun())
    throw new Error('A unit test may not use PostgreSQL: name its file *.int.test.ts (npm run test:int runs those)');
  const shared = process.env[SHARED_TEST_POSTGRES_ENV];
  testServerPromise ??= process.env.DATABASE_URL
    ? Promise.resolve(externalServer(process.env.DATABASE_URL, false))
    : shared
      ? Promise.resolve(externalServer(clusterOfWorker(shared, process.env.VITEST_POOL_ID), true))
      : throwawayCluster();
  return testServerPromise;
}

function externalServer(databaseUrl: string, fileCopy: boolean): TestServer {
  const urlFor = (database: string) => {
    const url = new URL(databaseUrl);
    url.pathname = `/${encodeURIComponent(database)}`;
    return url.toString();
  };
  return { adminUrl: databaseUrl, urlFor, fileCopy };
}

async function throwawayCluster(): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tht-test-pg-'));
  // Changed folder permissions (root with a private temporary folder) are worth a line in the test output.
  const log = { ...SILENT_LOG, warn: (message: string) => console.warn(message) };
  const cluster = await launchCluster({ dataDir, throwaway: true, log });
  return { adminUrl: cluster.adminUrl, urlFor: cluster.urlFor, fileCopy: true };
}

async function withAdminClient<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
