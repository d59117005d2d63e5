import type { ChangedTables, ReadModelTables } from 'projections';

/**
 * Values computed from the read models (a signed-in user's row, a dashboard's figures), kept in
 * memory between read-model changes, so a request that finds one costs no database round trip.
 * Correctness rests on invalidation: `invalidate()` runs whenever the tables a cache reads from
 * change (a projection batch committed anywhere, see `ReadModelCaches`), and a value read while an
 * invalidation happened is used once but not kept. While
 * nobody can tell this process about changes (`setTrusted(false)`), every lookup reads the database.
 */
export interface ReadModelCache<Key, Value> {
  /** The value, from memory when still valid, else through `load`. */
  find(key: Key, load: (key: Key) => Promise<Value>): Promise<Value>;
  /** The value when kept and still valid, else undefined (nothing is loaded): for an answer that must not wait. */
  peek(key: Key): Value | undefined;
  /**
   * Keeps a value for `key` that is read from now on (`peek` missed it): kept only if the read
   * models did not change between this call and the returned function's.
   */
  keeperOf(key: Key): (value: Value) => void;
  /** Forgets every value: the read models changed. */
  invalidate(): void;
  /** Whether change notifications reach this process; without them nothing is kept. */
  setTrusted(trusted: boolean): void;
}

export interface ReadModelCacheOptions<Value = unknown> {
  /** Values kept at most; the least recently used go first. */
  maxEntries?: number;
  /** With `weigh`: the total weight kept at most (e.g. bytes); the least recently used go first. */
  maxWeight?: number;
  /** A value's weight against `maxWeight` (e.g. its length in bytes). */
  weigh?: (value: Value) => number;
  /** A value older than this is read again, in case a change notification was lost. */
  maxAgeMs?: number;
  now?: () => number;
}

interface Kept<Value> {
  value: Value;
  at: number;
  weight: number;
}

export function createReadModelCache<Key, Value>({
  maxEntries = 10_000,
  maxWeight = Infinity,
  weigh = () => 0,
  maxAgeMs = 60_000,
  now = Date.now,
}: ReadModelCacheOptions<Value> = {}): ReadModelCache<Key, Value> {
  // A Map iterates in insertion order: a value found is moved to the end, so the first is the least recently used.
  const kept = new Map<Key, Kept<Value>>();
  let weightKept = 0;
  let generation = 0;
  let trusted = false;

  function forget(key: Key): void {
    weightKept -= kept.get(key)?.weight ?? 0;
    kept.delete(key);
  }

  function keep(key: Key, value: Value): void {
    const weight = weigh(value);
    if (weight > maxWeight) return;
    forget(key);
    while (kept.size > 0 && (kept.size >= maxEntries || weightKept + weight > maxWeight)) forget(kept.keys().next().value!);
    kept.set(key, { value, at: now(), weight });
    weightKept += weight;
  }

  function invalidate(): void {
    generation += 1;
    kept.clear();
    weightKept = 0;
  }

  /** The kept value, moved to the end as the most recently used, while younger than `maxAgeMs`. */
  function fresh(key: Key): Kept<Value> | undefined {
    const hit = kept.get(key);
    if (!hit || now() - hit.at >= maxAgeMs) return undefined;
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }

  function keeperOf(key: Key): (value: Value) => void {
    const readDuring = generation;
    return (value) => {
      if (trusted && generation === readDuring) keep(key, value);
    };
  }

  return {
    async find(key, load) {
      const hit = fresh(key);
      if (hit) return hit.value;
      const keepRead = keeperOf(key);
      const value = await load(key);
      keepRead(value);
      return value;
    },
    peek: (key) => fresh(key)?.value,
    keeperOf,
    invalidate,
    setTrusted(value) {
      trusted = value;
      if (!value) invalidate();
    },
  };
}

/** What the runtime tells every cache, whatever its keys and values. */
type Invalidated = Pick<ReadModelCache<unknown, unknown>, 'invalidate' | 'setTrusted'>;

/** A read-model table (its name in `read_models`), as projection batches name the tables they changed. */
export type ReadModelTable = Exclude<keyof ReadModelTables, 'projection_checkpoints'>;

/**
 * Every read-model cache of this process, told together when the read models change. A feature
 * adds its cache (which then trusts notifications as the others do), naming the read-model tables
 * its values are read from; the runtime calls `invalidateChanged` with the tables a projection
 * batch changed (only the caches reading one of them forget, all of them when it cannot tell
 * what changed), and `setTrusted`.
 *
 * `freshThrough` is the log position up to which every change of the read models has reached the
 * caches: this process's runner says how far it projected (`projected`; a batch another runner
 * applied makes it forget everything), and a wait that saw the read models reach a position says
 * so (`reached`). A request that must see a position at or below it (`x-read-after`) costs nothing.
 */
export interface ReadModelCaches {
  /** `readsTables`: the tables the cache's values are read from; absent, every change forgets them. */
  add<Cache extends Invalidated>(cache: Cache, readsTables?: readonly ReadModelTable[]): Cache;
  /** The caches that read one of the tables a batch changed forget everything (all of them when `changed` is null: unknown). */
  invalidateChanged(changed: ChangedTables): void;
  setTrusted(trusted: boolean): void;
  /** The log position every change up to which the caches have forgotten ('' before any is known). */
  readonly freshThrough: string;
  /** This process's runner brought every projector to `through`, changing `changed`: those caches forget. */
  projected(changed: ChangedTables, through: string): void;
  /** The read models are known to include `position`: unless fresh through it already, every cache forgets everything. */
  reached(position: string): void;
}

interface Added {
  cache: Invalidated;
  readsTables: readonly ReadModelTable[] | null;
}

function readsAnyOf({ readsTables }: Added, changed: ChangedTables): boolean {
  if (!changed) return true;
  return changed.size > 0 && (!readsTables || readsTables.some((table) => changed.has(table)));
}

export function createReadModelCaches(): ReadModelCaches {
  const added: Added[] = [];
  let trusted = false;
  let freshThrough = '';
  const invalidateChanged = (changed: ChangedTables) => {
    for (const each of added) if (readsAnyOf(each, changed)) each.cache.invalidate();
  };
  return {
    add(cache, readsTables) {
      cache.setTrusted(trusted);
      added.push({ cache, readsTables: readsTables ?? null });
      return cache;
    },
    invalidateChanged,
    setTrusted(value) {
      trusted = value;
      for (const { cache } of added) cache.setTrusted(value);
    },
    get freshThrough() {
      return freshThrough;
    },
    projected(changed, through) {
      invalidateChanged(changed);
      if (through > freshThrough) freshThrough = through;
    },
    reached(position) {
      if (position <= freshThrough) return;
      invalidateChanged(null);
      freshThrough = position;
    },
  };
}
