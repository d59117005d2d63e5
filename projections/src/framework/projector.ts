import type { Kysely, Transaction } from 'kysely';
import type { RecordedEvent } from '@tht/eventstore';

/**
 * A projector owns a set of read-model tables. The runner hands it batches of events (in global
 * order) inside one transaction that also advances the projector's checkpoint, so a crash never
 * loses or double counts an event.
 *
 * Read models live in a PostgreSQL schema (`read_models` when live). A rebuild creates a fresh
 * schema, replays the log into it and swaps it in, so every statement must name tables through
 * the `schema` argument (`trx.withSchema(schema)`, or `sql.table(`${schema}.t`)` in raw SQL).
 */
export interface Projector {
  /** Stable name, also the checkpoint key. */
  readonly name: string;
  /** Creates the projector's tables (and indexes) in `schema`. Must be idempotent (IF NOT EXISTS). */
  migrate(db: Kysely<any>, schema: string): Promise<void>;
  /** Applies a batch of events. Ignore event types the projector does not care about. */
  project(trx: Transaction<any>, schema: string, events: readonly RecordedEvent[]): Promise<void>;
}
