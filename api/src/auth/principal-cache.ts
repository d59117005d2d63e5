import type { ReadModelDb, UserRow } from 'projections';
import { createReadModelCache, type ReadModelCache, type ReadModelCacheOptions } from '../platform/read-model-cache';

/**
 * The users read model's rows by id, kept in memory so that a request costs no database round trip
 * for its sign-in (token version, role, forced password change) nor for the permission checks
 * that look at another user's row (whose manager a report has, whether a team's manager exists);
 * forgotten whenever the users read model changes (registered with that table in `runtime.ts`).
 */
export type PrincipalCache = ReadModelCache<number, UserRow | undefined>;

/** Whether a user (by id) has direct reports: the Manager View's check for roles other than manager. */
export type TeamLeadCache = ReadModelCache<number, boolean>;

export type PrincipalCacheOptions = ReadModelCacheOptions;

export function createPrincipalCache(options: PrincipalCacheOptions = {}): PrincipalCache {
  return createReadModelCache<number, UserRow | undefined>(options);
}

export function createTeamLeadCache(): TeamLeadCache {
  return createReadModelCache<number, boolean>();
}

/** How the caches below read what they miss: the users feature's queries, handed in by the runtime. */
export interface UserReads {
  findUserById: (db: ReadModelDb, id: number) => Promise<UserRow | undefined>;
  hasDirectReports: (db: ReadModelDb, userId: number) => Promise<boolean>;
}

/** What the cached look-ups below need of the app context. */
export type UserLookups = { db: ReadModelDb; principals: PrincipalCache; teamLeads: TeamLeadCache; userReads: UserReads };

/** A user's read-model row, from memory while the read models have not changed since it was read. */
export function findCachedUserRow(ctx: UserLookups, id: number): Promise<UserRow | undefined> {
  return ctx.principals.find(id, (userId) => ctx.userReads.findUserById(ctx.db, userId));
}

/** Whether `userId` has direct reports, from memory while the read models have not changed since it was read. */
export function leadsATeam(ctx: UserLookups, userId: number): Promise<boolean> {
  return ctx.teamLeads.find(userId, (id) => ctx.userReads.hasDirectReports(ctx.db, id));
}
