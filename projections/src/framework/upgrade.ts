import { createDb } from '@tht/postgres';
import { sql, type QueryExecutorProvider } from 'kysely';
import { storedVersions, type CheckpointsDb, type CheckpointTables } from './checkpoints';
import { versionOf, type AnyProjector } from './projector';
import { rebuildReadModels } from './rebuild';
import { AS_OF_PREFIX } from './replay-aside';
import type { RebuildOptions, RebuildResult } from './replay';
import { READ_MODEL_SCHEMA } from './schema';

export interface UpgradeResult {
  /** The projectors whose tables were written by another version, which the rebuild replaced. */
  outdated: string[];
  rebuilt: RebuildResult;
  /** Read models as of a past moment written by another version, dropped (built again when asked for). */
  droppedAsOf: string[];
}

export interface UpgradeOptions extends RebuildOptions {
  /** Called before the rebuild starts, with the projectors whose version changed. */
  onRebuild?: (outdated: readonly string[]) => void;
}

/**
 * The projectors of `projectors` whose tables in `schema` were written by another version of
 * them. A projector the schema has not seen is not outdated: it starts from the beginning of the
 * log by itself.
 */
export async function outdatedProjectors(
  db: QueryExecutorProvider,
  projectors: readonly AnyProjector[],
  schema: string = READ_MODEL_SCHEMA,
): Promise<string[]> {
  const stored = await storedVersions(db, schema);
  return projectors
    .filter((projector) => stored.has(projector.name) && stored.get(projector.name) !== versionOf(projector))
    .map((projector) => projector.name);
}

/**
 * Brings read models written by earlier versions of the projectors up to the running code's, at
 * start-up and before anything reads them or the live runner writes them: when a projector's
 * `version` differs from the one its checkpoint holds, the whole read models are rebuilt (replayed
 * into a fresh schema with the current tables and swapped in, `rebuildReadModels`); read models
 * kept aside as of a past moment with another version are dropped. Returns null when nothing was
 * outdated.
 *
 * Processes starting together take turns: the first rebuilds, the others wait for it and then
 * find nothing to do. Old-version processes may go on serving meanwhile: at the swap their
 * runner meets the newer versions and stops writing (superseded, decision 052); stop them then.
 */
export async function upgradeReadModels({ onRebuild = () => {}, ...options }: UpgradeOptions): Promise<UpgradeResult | null> {
  const db = createDb<CheckpointTables>(options.pool);
  return withUpgradeLock(db, async () => {
    const outdated = await outdatedProjectors(db, options.projectors);
    const droppedAsOf = await dropOutdatedAsOf(db, options.projectors);
    if (outdated.length === 0) return null;
    onRebuild(outdated);
    return { outdated, rebuilt: await rebuildReadModels(options), droppedAsOf };
  });
}

/** Holds a lock of its own (waiting for it), so a second process checks once the first has upgraded. */
function withUpgradeLock<T>(db: CheckpointsDb, work: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(hashtext('tht:upgrade-read-models'))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext('tht:upgrade-read-models'))`.execute(connection);
    }
  });
}

async function dropOutdatedAsOf(db: CheckpointsDb, projectors: readonly AnyProjector[]): Promise<string[]> {
  const { rows } = await sql<{ schema: string }>`SELECT nspname AS schema FROM pg_namespace
    WHERE starts_with(nspname, ${AS_OF_PREFIX}) ORDER BY nspname`.execute(db);
  const dropped: string[] = [];
  for (const { schema } of rows) {
    if ((await outdatedProjectors(db, projectors, schema)).length === 0) continue;
    await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db);
    dropped.push(schema);
  }
  return dropped;
}
