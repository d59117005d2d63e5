import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '@tht/postgres';
import pg from 'pg';

/**
 * A PostgreSQL for an event-store benchmark: a fresh database on DATABASE_URL's server if set,
 * else an embedded cluster with the product's own (durable) settings in a temporary folder.
 */
export async function benchDatabase(): Promise<{ connectionString: string; describe: string; close(): Promise<void> }> {
  const external = process.env.DATABASE_URL;
  if (external) {
    const name = `bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(external);
    url.pathname = `/${name}`;
    return {
      connectionString: url.toString(),
      describe: `PostgreSQL at ${url.host} (DATABASE_URL)`,
      async close() {
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tht-bench-pg-'));
  const embedded = await startEmbeddedPostgres({ dataDir });
  return {
    connectionString: embedded.connectionString,
    describe: 'embedded PostgreSQL 18 with the product settings (fsync on)',
    async close() {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
