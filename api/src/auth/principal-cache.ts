import type { UserRow } from 'projections';
import { createReadModelCache, type ReadModelCache, type ReadModelCacheOptions } from '../platform/read-model-cache';

/**
 * The users read model's rows that signed-in requests are checked against (token version, role,
 * forced password change), kept in memory so that a request costs no database round trip for its
 * sign-in; forgotten whenever the read models change (see `ReadModelCache`).
 */
export type PrincipalCache = ReadModelCache<number, UserRow | undefined>;

export type PrincipalCacheOptions = ReadModelCacheOptions;

export function createPrincipalCache(options: PrincipalCacheOptions = {}): PrincipalCache {
  return createReadModelCache<number, UserRow | undefined>(options);
}
