import { createDb } from '@tht/postgres';
import type { CheckpointTables } from './checkpoints';
import {
  withSecondaryIndexes,
  replayIntoFreshSchema,
  replaySettings,
  withAdvisoryLock,
  type RebuildOptions,
  type RebuildResult,
} from './replay';
import { dropLeftoverSchemas, OLD_PREFIX, REBUILD_PREFIX, swapIn } from './schema-swap';

/**
 * Replays the whole event log into a fresh schema and swaps it in for `read_models` while the
 * product keeps running.
 *
 * 1. Replay into `read_models_rebuild_<time>` (its own checkpoints), batch by batch, until the
 *    end of the log. The live runner keeps serving and updating `read_models` meanwhile. The new
 *    tables are filled without their secondary indexes, then indexed (one sorted build each)
 *    before the swap; then the events appended meanwhile are replayed, outside the swap's lock.
 * 2. Swap (schema-swap.ts), in one transaction: lock the live checkpoint table (the live runner locks its
 *    checkpoint row first in every batch, so it pauses between batches), replay whatever the live
 *    read models have and the new ones do not yet, then rename `read_models` away and the new
 *    schema to `read_models`. Queries see either the old or the new read models, never a mix, and
 *    the new ones are never behind what a query could already see. The swap's commit notifies
 *    the read-model channel as a projection batch does, so running API processes serve the new
 *    tables' data at once.
 * 3. Drop the old schema.
 * Events appended during the rebuild are not lost: the live runner's next batch finds the
 * swapped-in checkpoints (its paused statement re-resolves `read_models` after the rename), sees
 * they moved, reloads them, and continues from there.
 */
export async function rebuildReadModels(options: RebuildOptions): Promise<RebuildResult> {
  const db = createDb<CheckpointTables>(options.pool);
  return withAdvisoryLock(db, 'tht:rebuild-read-models', 'Another rebuild of the read models is running', async () => {
    await dropLeftoverSchemas(db);
    const stamp = Date.now();
    const schema = `${REBUILD_PREFIX}${stamp}`;
    const run = await replayIntoFreshSchema(db, schema, replaySettings(options));
    run.report('swapping');
    await withSecondaryIndexes(db, schema, run.indexes);
    // What the live side appended while the indexes were built (minutes at 2M events), replayed
    // before the swap rather than under its lock, which pauses every live runner.
    await run.replay.toEnd(() => run.report('swapping'));
    await swapIn(db, run.replay, schema, `${OLD_PREFIX}${stamp}`);
    run.report('done');
    return run.result();
  });
}
