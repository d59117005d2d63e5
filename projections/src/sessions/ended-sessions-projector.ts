import { isEventOf } from '@tht/contracts';
import { sql, type Kysely } from 'kysely';
import { upsertRows, type ColumnTypes } from '../framework/batch-sql';
import type { Projector } from '../framework/projector';

/**
 * A sign-in session ended by its logout: its tokens are refused until they expire. Sessions ended
 * all at once ("sign out everywhere", a password change) are not listed: the user's token version
 * ends them.
 */
export interface EndedSessionRow {
  session_id: string;
  user_id: number;
  /** When the session's last token expires: the row is not needed after it. */
  expires_at: Date | string;
}

export interface SessionsTables {
  ended_sessions: EndedSessionRow;
}

const COLUMN_TYPES: ColumnTypes<EndedSessionRow> = { session_id: 'text', user_id: 'int4', expires_at: 'timestamptz' };

/** Rows are kept this long past their expiry, in case the clock of the API that logged out runs ahead of another's. */
const CLOCK_SKEW = '5 minutes';

const isLogout = isEventOf('UserLoggedOut');

async function migrate(db: Kysely<SessionsTables>, schema: string): Promise<void> {
  const table = sql.table(`${schema}.ended_sessions`);
  await sql`CREATE TABLE IF NOT EXISTS ${table} (
    session_id text PRIMARY KEY,
    user_id integer NOT NULL,
    expires_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS ended_sessions_expires_at_idx ON ${table} (expires_at)`.execute(db);
}

/**
 * Each batch's logouts of one session are inserted with one statement; then the rows whose tokens
 * had expired by the batch's latest logout are deleted, so the table holds only the last token
 * lifetime's logouts (by event time, so a replay ends with the same rows).
 */
export const endedSessionsProjector: Projector<SessionsTables> = {
  name: 'ended-sessions',
  migrate,
  async project(trx, schema, events) {
    const logouts = events
      .filter(isLogout)
      .flatMap(({ data, metadata }) =>
        'sessionId' in data
          ? [{ session_id: data.sessionId, user_id: data.userId, expires_at: data.sessionExpiresAt, at: metadata.occurredAt }]
          : [],
      );
    if (logouts.length === 0) return;
    await upsertRows(trx, schema, 'ended_sessions', logouts, { types: COLUMN_TYPES, key: ['session_id'], update: [] });
    const latest = logouts.reduce((max, { at }) => (at > max ? at : max), logouts[0]!.at);
    await sql`DELETE FROM ${sql.table(`${schema}.ended_sessions`)}
      WHERE expires_at < ${latest}::timestamptz - ${CLOCK_SKEW}::interval`.execute(trx);
  },
};
