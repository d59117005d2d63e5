import { MAX_SESSIONS_PER_ACCOUNT } from '@tht/contracts';
import { READ_MODEL_SCHEMA, type ReadModelDb } from 'projections';
import { sessionEndIso } from '../auth/session-lifetime';
import type { SessionLifetime } from '../config';

/** An account's session a new sign-in ends, and when the last of its tokens expires at the latest (ISO timestamp). */
export interface SessionToEnd {
  sessionId: string;
  sessionExpiresAt: string;
}

/**
 * The sessions of the account a new sign-in ends (from the `open_sessions` read model): those begun
 * within SESSION_MAX_HOURS beyond the newest MAX_SESSIONS_PER_ACCOUNT - 1, so that with the new one
 * the account holds at most MAX_SESSIONS_PER_ACCOUNT. One query per sign-in, none per request.
 */
export async function sessionsEndedBySignIn(
  ctx: { db: ReadModelDb; config: { sessionLifetime: SessionLifetime }; now: () => Date },
  userId: number,
): Promise<SessionToEnd[]> {
  const { maxSeconds } = ctx.config.sessionLifetime;
  const rows = await ctx.db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('open_sessions')
    .select(['session_id', 'started_at'])
    .where('user_id', '=', userId)
    .where('started_at', '>', new Date(ctx.now().getTime() - maxSeconds * 1000))
    .orderBy('started_at', 'desc')
    .orderBy('session_id', 'desc')
    .offset(MAX_SESSIONS_PER_ACCOUNT - 1)
    .execute();
  return rows.map(({ session_id, started_at }) => ({
    sessionId: session_id,
    sessionExpiresAt: sessionEndIso(started_at, ctx.config.sessionLifetime),
  }));
}
