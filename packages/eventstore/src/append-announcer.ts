import type pg from 'pg';
import { APPENDED_CHANNEL } from './postgres-schema';

/**
 * Tells every follower (in any process) that events were appended: a NOTIFY in its own tiny
 * transaction after the append committed (it writes no WAL, so the global notify lock is held
 * only for a moment). Appends that finish while one is in flight share the next one.
 */
export class AppendAnnouncer {
  private inFlight: Promise<void> | null = null;
  private again = false;

  constructor(private readonly pool: pg.Pool) {}

  announce(): void {
    if (this.inFlight) {
      this.again = true;
      return;
    }
    this.inFlight = this.pool
      .query({ name: 'eventstore-announce', text: `SELECT pg_notify('${APPENDED_CHANNEL}', '')` })
      .then(
        () => {},
        () => {}, // followers also poll: a lost announcement only delays them
      )
      .finally(() => {
        this.inFlight = null;
        if (this.again) {
          this.again = false;
          this.announce();
        }
      });
  }

  async settled(): Promise<void> {
    while (this.inFlight) await this.inFlight;
  }
}
