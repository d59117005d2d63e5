import type pg from 'pg';
import type { AppendListeners } from './append-listeners';
import { APPENDED_CHANNEL } from './postgres-schema';

const MIN_RETRY_MS = 5;
const MAX_RETRY_MS = 500;

/**
 * Wakes the listeners on every other store's append (LISTEN/NOTIFY on a dedicated connection, reconnecting
 * after errors), on a polling interval as a fallback, and shortly after a read found events held
 * back by a still-running older transaction.
 */
export class NotificationFollower {
  private closeConnection: (() => void) | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryDelay = MIN_RETRY_MS;
  private running = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly listeners: AppendListeners,
    private readonly pollIntervalMs: number,
    /** The payload of this store's own announcements: its listeners were told in memory already. */
    private readonly ownOrigin: string,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.pollTimer = setInterval(() => this.listeners.notify(), this.pollIntervalMs);
    this.pollTimer.unref();
    void this.listen();
  }

  stop(): void {
    this.running = false;
    for (const timer of [this.pollTimer, this.reconnectTimer, this.retryTimer]) if (timer) clearTimeout(timer);
    this.pollTimer = this.reconnectTimer = this.retryTimer = null;
    this.closeConnection?.();
    this.closeConnection = null;
  }

  /**
   * Called after a read that reached the readable end of the log, with whether events were held
   * back there (`READ_ALL`'s flag, of the read's own snapshot: a check made later could find them
   * readable already and wake no one, though the read did not return them).
   */
  heldBack(held: boolean): void {
    if (!this.running || this.retryTimer) return;
    if (!held) {
      this.retryDelay = MIN_RETRY_MS;
      return;
    }
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.listeners.notify();
    }, this.retryDelay);
    this.retryTimer.unref();
    this.retryDelay = Math.min(this.retryDelay * 2, MAX_RETRY_MS);
  }

  private async listen(): Promise<void> {
    let client: pg.PoolClient | undefined;
    let closed = false;
    // The LISTEN connection is destroyed rather than returned to the pool (it is still listening).
    const close = (error?: unknown) => {
      if (closed || !client) return;
      closed = true;
      client.removeAllListeners('notification');
      client.release(error instanceof Error ? error : true);
    };
    const drop = (error: unknown) => {
      close(error);
      if (this.closeConnection === close) this.closeConnection = null;
      this.scheduleReconnect();
    };
    try {
      client = await this.pool.connect();
      client.on('notification', ({ payload }) => {
        if (payload !== this.ownOrigin) this.listeners.notify();
      });
      client.on('error', drop);
      await client.query(`LISTEN ${APPENDED_CHANNEL}`);
      if (!this.running) return close();
      this.closeConnection = close;
      // Anything appended while (re)connecting was not notified.
      this.listeners.notify();
    } catch (error) {
      drop(error);
    }
  }

  private scheduleReconnect(): void {
    if (!this.running || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.listen();
    }, 1000);
    this.reconnectTimer.unref();
  }
}
