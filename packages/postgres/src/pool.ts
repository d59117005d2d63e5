import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

// BIGINT (int8) and NUMERIC come back as strings by default; counts and sums in this product fit
// comfortably in a JS number, so parse them once here rather than in every query.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export function createPool(connectionString: string, options: Omit<pg.PoolConfig, 'connectionString'> = {}): pg.Pool {
  // Room for the LISTEN connections (event store, read-model waiter, runner's swap notices), the projection runner's
  // transactions (one per projector) and concurrent requests.
  const pool = new pg.Pool({ connectionString, max: 20, ...options });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {});
  return pool;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped unless asked: migrations and tests name their tables in raw SQL
export function createDb<Database = any>(pool: pg.Pool): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Runs `work` in one transaction on a connection of `pool`: committed when it resolves, rolled back
 * when it throws (the error goes on), the connection released either way.
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}
