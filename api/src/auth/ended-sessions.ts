import { READ_MODEL_SCHEMA, type ReadModelDb } from 'projections';
import { createReadModelCache, type ReadModelCache } from '../platform/read-model-cache';

/**
 * Whether a sign-in session (by id) was logged out, from the `ended_sessions` read model, kept in
 * memory so that a request's sign-in costs no database round trip; forgotten whenever that table
 * changes (registered with it in `runtime.ts`).
 */
export type EndedSessionsCache = ReadModelCache<string, boolean>;

export const createEndedSessionsCache = (): EndedSessionsCache => createReadModelCache<string, boolean>();

async function isListedAsEnded(ctx: { db: ReadModelDb }, sessionId: string): Promise<boolean> {
  const row = await ctx.db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('ended_sessions')
    .select('session_id')
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the session was logged out (its tokens are refused), from memory while the table has not changed. */
export function sessionEnded(ctx: { db: ReadModelDb; endedSessions: EndedSessionsCache }, sessionId: string): Promise<boolean> {
  return ctx.endedSessions.find(sessionId, (id) => isListedAsEnded(ctx, id));
}
