import { sql } from 'kysely';
import { SWAP_NOTICE } from './change-signals';
import { START, type CheckpointsDb } from './checkpoints';
import type { Replay } from './replay';
import { CHECKPOINT_TABLE, READ_MODELS_CHANNEL, READ_MODEL_SCHEMA } from './schema';

/** A rebuild replays into `read_models_rebuild_<time>` and renames the live schema it replaces to `read_models_old_<time>`. */
export const REBUILD_PREFIX = `${READ_MODEL_SCHEMA}_rebuild_`;
export const OLD_PREFIX = `${READ_MODEL_SCHEMA}_old_`;

/**
 * Swaps `schema`, replayed by `replay`, in for `read_models`, in one transaction: locks the live
 * checkpoint table (the live runner locks its checkpoint row first in every batch, so it pauses
 * between batches), replays whatever the live read models have and the new ones do not yet, then
 * renames `read_models` to `oldSchema` and `schema` to `read_models`; drops `oldSchema` after.
 */
export async function swapIn(db: CheckpointsDb, replay: Replay, schema: string, oldSchema: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await schemaExists(trx, READ_MODEL_SCHEMA)) {
      const live = sql.table(`${READ_MODEL_SCHEMA}.${CHECKPOINT_TABLE}`);
      // EXCLUSIVE: the live runner (SELECT ... FOR UPDATE) waits; plain reads (the waiter) do not.
      await sql`LOCK TABLE ${live} IN EXCLUSIVE MODE`.execute(trx);
      const { rows } = await sql<{ furthest: string | null }>`SELECT max(position) AS furthest FROM ${live}`.execute(trx);
      await replay.past(rows[0]?.furthest ?? START);
      await sql`ALTER SCHEMA ${sql.id(READ_MODEL_SCHEMA)} RENAME TO ${sql.id(oldSchema)}`.execute(trx);
    }
    await sql`ALTER SCHEMA ${sql.id(schema)} RENAME TO ${sql.id(READ_MODEL_SCHEMA)}`.execute(trx);
    // Delivered when the swap commits: every process's caches of read-model data forget what they rendered from the old
    // tables, and the runners of an older release find at once that this one took their projectors over.
    await sql`SELECT pg_notify(${READ_MODELS_CHANNEL}, ${SWAP_NOTICE})`.execute(trx);
  });
  await sql`DROP SCHEMA IF EXISTS ${sql.id(oldSchema)} CASCADE`.execute(db);
}

async function schemaExists(db: CheckpointsDb, schema: string): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM pg_namespace WHERE nspname = ${schema}`.execute(db);
  return rows.length > 0;
}

/** Schemas of a rebuild that crashed or was interrupted (only one rebuild runs at a time). */
export async function dropLeftoverSchemas(db: CheckpointsDb): Promise<void> {
  const { rows } = await sql<{ nspname: string }>`SELECT nspname FROM pg_namespace
    WHERE starts_with(nspname, ${REBUILD_PREFIX}) OR starts_with(nspname, ${OLD_PREFIX})`.execute(db);
  for (const { nspname } of rows) await sql`DROP SCHEMA ${sql.id(nspname)} CASCADE`.execute(db);
}
