import type pg from 'pg';
import Cursor from 'pg-cursor';

/** Every value as the text PostgreSQL sent, for code that writes its output from the text directly. */
export const AS_TEXT = { getTypeParser: () => (value: string) => value };

/** Rows fetched per step of an organisation-wide read. */
export const ROWS_PER_CHUNK = 2_000;

/**
 * The rows of a query (arrays of column texts) a chunk at a time, through a cursor on a connection
 * of its own. An organisation's whole history can be hundreds of thousands of rows: memory stays
 * bounded, and other requests are served between the chunks. Ending the iteration early (a client
 * that went away) closes the cursor and gives the connection back.
 */
export async function* rowChunks(pool: pg.Pool, text: string, values: readonly unknown[]): AsyncGenerator<string[][]> {
  const client = await pool.connect();
  const cursor = client.query(new Cursor<string[]>(text, [...values], { rowMode: 'array', types: AS_TEXT }));
  let failure: Error | undefined;
  let next: Promise<string[][]> | undefined;
  const readAhead = () => {
    next = cursor.read(ROWS_PER_CHUNK);
    next.catch(() => {}); // awaited below, or after an early end
    return next;
  };
  try {
    let rows = await readAhead();
    while (rows.length > 0) {
      // PostgreSQL reads the next chunk while the caller writes this one.
      const following = readAhead();
      yield rows;
      rows = await following;
    }
  } catch (error) {
    failure = error as Error;
    throw error;
  } finally {
    // The cursor closes only once no read is under way on its connection.
    await next?.catch(() => {});
    await cursor.close().catch(() => {});
    client.release(failure); // a connection that failed is not reused
  }
}
