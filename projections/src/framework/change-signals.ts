/**
 * What a projection batch changed, as the runner tells it: the read-model tables (names without
 * schema) whose rows the batch inserted, updated or deleted. It travels in memory to the runner's
 * own process (`onProjected`) and as the payload of the `READ_MODELS_CHANNEL` notification to the
 * others, so caches of read-model rows forget only what depends on those tables.
 *
 * `null` means unknown: every table may have changed. A notification without this module's
 * payload (a rebuild's swap, `SWAP_NOTICE`, or an older runner's empty one) means unknown too.
 */
export type ChangedTables = ReadonlySet<string> | null;

const PAYLOAD_PREFIX = 'tables:';

/**
 * The payload of a schema swap's notification (`swapIn`): every table may have changed, and a
 * runner of an older release is to check at once whether the newer one took its projectors over.
 */
export const SWAP_NOTICE = 'swapped';

/** The notification payload naming `changed` ('' when unknown). */
export function changeNotice(changed: ChangedTables): string {
  return changed ? PAYLOAD_PREFIX + [...changed].sort().join(',') : '';
}

/** The tables a notification payload names; null when it names none in this form (unknown: everything). */
export function changedTablesOf(payload: string | undefined): ChangedTables {
  if (!payload?.startsWith(PAYLOAD_PREFIX)) return null;
  const list = payload.slice(PAYLOAD_PREFIX.length);
  return new Set(list === '' ? [] : list.split(','));
}

/** Both changes together (null, unknown, wins). */
export function unionOfChanges(a: ChangedTables, b: ChangedTables): ChangedTables {
  return a && b ? new Set([...a, ...b]) : null;
}
