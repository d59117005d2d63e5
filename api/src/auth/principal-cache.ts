import type { UserRow } from 'projections';

/**
 * The users read model's rows that signed-in requests are checked against (token version, role,
 * forced password change), kept in memory so that a request costs no database round trip for its
 * sign-in. Correctness rests on invalidation: `invalidate()` runs whenever the read models change
 * (a projection batch committed anywhere, and this process's commands once their events are
 * projected), and a row read while an invalidation happened is used once but not kept. While
 * nobody can tell this process about changes (`setTrusted(false)`), every lookup reads the
 * database.
 */
export interface PrincipalCache {
  /** The user's row, from memory when still valid, else through `load`. */
  find(id: number, load: (id: number) => Promise<UserRow | undefined>): Promise<UserRow | undefined>;
  /** Forgets every row: the read models changed. */
  invalidate(): void;
  /** Whether change notifications reach this process; without them nothing is kept. */
  setTrusted(trusted: boolean): void;
}

export interface PrincipalCacheOptions {
  /** Rows kept at most; the oldest go first. */
  maxEntries?: number;
  /** A row older than this is read again, in case a change notification was lost. */
  maxAgeMs?: number;
  now?: () => number;
}

interface Kept {
  row: UserRow | undefined;
  at: number;
}

export function createPrincipalCache({ maxEntries = 10_000, maxAgeMs = 60_000, now = Date.now }: PrincipalCacheOptions = {}): PrincipalCache {
  const kept = new Map<number, Kept>();
  let generation = 0;
  let trusted = false;

  function keep(id: number, row: UserRow | undefined): void {
    if (kept.size >= maxEntries) kept.delete(kept.keys().next().value!);
    kept.set(id, { row, at: now() });
  }

  function invalidate(): void {
    generation += 1;
    kept.clear();
  }

  return {
    async find(id, load) {
      const hit = kept.get(id);
      if (hit && now() - hit.at < maxAgeMs) return hit.row;
      const readDuring = generation;
      const row = await load(id);
      if (trusted && generation === readDuring) keep(id, row);
      return row;
    },
    invalidate,
    setTrusted(value) {
      trusted = value;
      if (!value) invalidate();
    },
  };
}
