import type pg from 'pg';
import { READ_MODELS_CHANNEL } from './schema';

/** A connection LISTENing to `READ_MODELS_CHANNEL`. */
export interface ReadModelNotices {
  /** Destroys the connection (it must not go back to the pool still listening). */
  close(): void;
}

/**
 * LISTENs to the read-model notifications (every runner's batches, a schema swap's) on a
 * connection of its own, calling `onNotice` with each payload. When it cannot connect, or the
 * connection fails later, it calls `onBroken` (the caller listens again when it next needs to, and
 * polls meanwhile) and resolves null or closes itself.
 */
export async function listenToReadModelNotices(
  pool: pg.Pool,
  onNotice: (payload: string | undefined) => void,
  onBroken: () => void,
): Promise<ReadModelNotices | null> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch {
    onBroken();
    return null;
  }
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    client.removeAllListeners('notification');
    client.release(true);
  };
  client.on('notification', (message) => onNotice(message.payload));
  client.on('error', () => {
    if (closed) return;
    close();
    onBroken();
  });
  try {
    await client.query(`LISTEN ${READ_MODELS_CHANNEL}`);
  } catch {
    close();
    onBroken();
    return null;
  }
  return { close };
}
