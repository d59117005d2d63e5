import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { AppendListeners } from './append-listeners';
import { APPENDED_CHANNEL } from './postgres-schema';

/**
 * Tells every follower that events were appended once the append committed: this store's own
 * listeners in memory at once (no round trip to PostgreSQL before a projection runner of this
 * process starts reading), the other processes' by a NOTIFY in its own tiny transaction (it
 * writes no WAL, so the global notify lock is held only for a moment) carrying `origin`, so this
 * store's follower ignores its echo. Appends that finish while a NOTIFY is in flight share the next one.
 */
export class AppendAnnouncer {
  /** Names this store in its notifications' payload. */
  readonly origin = randomUUID();
  private inFlight: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly listeners: AppendListeners,
  ) {}

  announce(): void {
    this.listeners.notify();
    this.notifyOthers();
  }

  private notifyOthers(): void {
    if (this.inFlight) {
      this.again = true;
      return;
    }
    this.inFlight = this.pool
      .query({ name: 'eventstore-announce', text: `SELECT pg_notify('${APPENDED_CHANNEL}', $1)`, values: [this.origin] })
      .then(
        () => {},
        () => {}, // followers also poll: a lost announcement only delays them
      )
      .finally(() => {
        this.inFlight = null;
        if (this.again) {
          this.again = false;
          this.notifyOthers();
        }
      });
  }

  async settled(): Promise<void> {
    while (this.inFlight) await this.inFlight;
  }
}
