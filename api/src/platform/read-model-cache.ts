/**
 * Values computed from the read models (a signed-in user's row, a dashboard's figures), kept in
 * memory between read-model changes, so a request that finds one costs no database round trip.
 * Correctness rests on invalidation: `invalidate()` runs whenever the read models change (a
 * projection batch committed anywhere, and this process's commands once their events are
 * projected), and a value read while an invalidation happened is used once but not kept. While
 * nobody can tell this process about changes (`setTrusted(false)`), every lookup reads the database.
 */
export interface ReadModelCache<Key, Value> {
  /** The value, from memory when still valid, else through `load`. */
  find(key: Key, load: (key: Key) => Promise<Value>): Promise<Value>;
  /** Forgets every value: the read models changed. */
  invalidate(): void;
  /** Whether change notifications reach this process; without them nothing is kept. */
  setTrusted(trusted: boolean): void;
}

export interface ReadModelCacheOptions {
  /** Values kept at most; the oldest go first. */
  maxEntries?: number;
  /** A value older than this is read again, in case a change notification was lost. */
  maxAgeMs?: number;
  now?: () => number;
}

interface Kept<Value> {
  value: Value;
  at: number;
}

export function createReadModelCache<Key, Value>({
  maxEntries = 10_000,
  maxAgeMs = 60_000,
  now = Date.now,
}: ReadModelCacheOptions = {}): ReadModelCache<Key, Value> {
  const kept = new Map<Key, Kept<Value>>();
  let generation = 0;
  let trusted = false;

  function keep(key: Key, value: Value): void {
    if (kept.size >= maxEntries) kept.delete(kept.keys().next().value!);
    kept.set(key, { value, at: now() });
  }

  function invalidate(): void {
    generation += 1;
    kept.clear();
  }

  return {
    async find(key, load) {
      const hit = kept.get(key);
      if (hit && now() - hit.at < maxAgeMs) return hit.value;
      const readDuring = generation;
      const value = await load(key);
      if (trusted && generation === readDuring) keep(key, value);
      return value;
    },
    invalidate,
    setTrusted(value) {
      trusted = value;
      if (!value) invalidate();
    },
  };
}

/**
 * Every read-model cache of this process, told together when the read models change. A feature
 * adds its cache (which then trusts notifications as the others do); the runtime calls
 * `invalidate` and `setTrusted`.
 */
/** What the runtime tells every cache, whatever its keys and values. */
type Invalidated = Pick<ReadModelCache<unknown, unknown>, 'invalidate' | 'setTrusted'>;

export interface ReadModelCaches {
  add<Cache extends Invalidated>(cache: Cache): Cache;
  invalidate(): void;
  setTrusted(trusted: boolean): void;
}

export function createReadModelCaches(): ReadModelCaches {
  const caches: Invalidated[] = [];
  let trusted = false;
  return {
    add(cache) {
      cache.setTrusted(trusted);
      caches.push(cache);
      return cache;
    },
    invalidate() {
      for (const cache of caches) cache.invalidate();
    },
    setTrusted(value) {
      trusted = value;
      for (const cache of caches) cache.setTrusted(value);
    },
  };
}
