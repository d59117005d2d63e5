import { isProductEvent } from '@tht/contracts';
import type { RecordedEvent } from '@tht/eventstore';
import { sql } from 'kysely';
import type { ReadModelDb } from '../read-model-tables';
import type { ProjectedEvent, Projector } from './projector';
import { CHECKPOINT_TABLE } from './schema';

export interface CheckpointRow {
  name: string;
  position: string;
  updated_at: Date | string;
}

export interface CheckpointTables {
  [CHECKPOINT_TABLE]: CheckpointRow;
}

/** The checkpoint of a projector that has seen nothing yet; sorts before every position. */
export const START = '';

const checkpointTable = (schema: string) => sql.table(`${schema}.${CHECKPOINT_TABLE}`);

/** `position` sorts with collation "C": byte order, which is the order of the fixed-width positions. */
export async function migrateCheckpoints(db: ReadModelDb, schema: string, projectorNames: readonly string[]): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS ${checkpointTable(schema)} (
    name text PRIMARY KEY,
    position text COLLATE "C" NOT NULL DEFAULT '',
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  if (projectorNames.length === 0) return;
  await sql`INSERT INTO ${checkpointTable(schema)} (name)
    SELECT unnest(${[...projectorNames]}::text[]) ON CONFLICT (name) DO NOTHING`.execute(db);
}

export async function loadCheckpoints(db: ReadModelDb, schema: string): Promise<Map<string, string>> {
  const { rows } = await sql<{ name: string; position: string }>`SELECT name, position FROM ${checkpointTable(schema)}`.execute(db);
  return new Map(rows.map((row) => [row.name, row.position]));
}

/** A batch's product events, filtered once however many projectors apply the batch (the runner and the rebuild share one array). */
const productEventsOfBatch = new WeakMap<readonly RecordedEvent[], readonly ProjectedEvent[]>();

function productEventsOf(events: readonly RecordedEvent[]): readonly ProjectedEvent[] {
  let productEvents = productEventsOfBatch.get(events);
  if (!productEvents) {
    productEvents = events.filter(isProductEvent);
    productEventsOfBatch.set(events, productEvents);
  }
  return productEvents;
}

/**
 * Applies one batch of events to one projector and advances its checkpoint in the same
 * transaction. Returns false, changing nothing, when the stored checkpoint is not `expected`
 * (another runner, or a rebuild swapped in, moved it): the caller reloads and carries on.
 *
 * The checkpoint row is locked first, so a rebuild's swap (which locks the checkpoint table)
 * waits for this batch, and a batch that starts during the swap continues on the swapped-in schema.
 */
export async function applyBatch(
  db: ReadModelDb,
  schema: string,
  projector: Projector,
  events: readonly RecordedEvent[],
  expected: string,
  { waitForFlush = true }: { waitForFlush?: boolean } = {},
): Promise<boolean> {
  const last = events.at(-1);
  if (!last) return true;
  const table = checkpointTable(schema);
  // Without waitForFlush the commit does not wait for the WAL to reach the disk (set in the same
  // statement as the lock, so it costs no round trip).
  const commitMode = waitForFlush ? sql`` : sql`set_config('synchronous_commit', 'off', true), `;
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ position: string }>`SELECT ${commitMode}position FROM ${table}
      WHERE name = ${projector.name} FOR UPDATE`.execute(trx);
    if (rows[0]?.position !== expected) return false;
    // The one place events reach projectors: only the product's own events, typed.
    await projector.project(trx, schema, productEventsOf(events));
    await sql`UPDATE ${table} SET position = ${last.globalPosition}, updated_at = now() WHERE name = ${projector.name}`.execute(
      trx,
    );
    return true;
  });
}
