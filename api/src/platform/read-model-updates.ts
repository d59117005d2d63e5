import type pg from 'pg';
import { changedTablesOf, READ_MODELS_CHANNEL, type ChangedTables } from 'projections';
import type { Logger } from './logger';

export interface ReadModelUpdateListener {
  /**
   * Called after every projection batch committed by any runner, with the tables it changed as
   * the notification names them (null, unknown, when it names none: a rebuild's swap, an older runner).
   */
  onUpdate(changed: ChangedTables): void;
  /** True while notifications arrive, false while the connection is down (updates may be missed). */
  onConnectionChange(connected: boolean): void;
}

export interface ReadModelUpdates {
  stop(): Promise<void>;
}

const RECONNECT_DELAY_MS = 1_000;

/**
 * Keeps one connection LISTENing to the projection runners' notifications, reconnecting after a
 * failure, so caches of read-model rows in this process learn of every change.
 */
export function watchReadModelUpdates(pool: pg.Pool, listener: ReadModelUpdateListener, log: Logger): ReadModelUpdates {
  let client: pg.PoolClient | null = null;
  let retry: NodeJS.Timeout | null = null;
  let stopped = false;

  function disconnected(failed: pg.PoolClient): void {
    if (client !== failed) return;
    client = null;
    failed.removeAllListeners('notification');
    failed.release(true);
    listener.onConnectionChange(false);
    if (!stopped) retry = setTimeout(reconnect, RECONNECT_DELAY_MS);
  }

  function reconnect(): void {
    void connect();
  }

  async function connect(): Promise<void> {
    retry = null;
    try {
      const connection = await pool.connect();
      client = connection;
      connection.on('notification', (message) => listener.onUpdate(changedTablesOf(message.payload)));
      connection.on('error', () => disconnected(connection));
      connection.on('end', () => disconnected(connection));
      await connection.query(`LISTEN ${READ_MODELS_CHANNEL}`);
      if (stopped) return disconnected(connection);
      listener.onConnectionChange(true);
    } catch (error) {
      log.warn(`Read-model change notifications unavailable, retrying: ${(error as Error).message}`);
      if (client) disconnected(client);
      else if (!stopped) retry = setTimeout(reconnect, RECONNECT_DELAY_MS);
    }
  }

  void connect();
  return {
    stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (client) disconnected(client);
      return Promise.resolve();
    },
  };
}
