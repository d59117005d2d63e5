import { isEventOf, LONGEST_SESSION_HOURS } from '@tht/contracts';
import { sql, type Kysely } from 'kysely';
import { deleteRows, insertRows, type ColumnTypes } from '../framework/batch-sql';
import type { Projector } from '../framework/projector';

/**
 * A sign-in session not ended by an event (a logout, "sign out everywhere", a new password, the
 * account's claim by its address's owner, its deletion): whether it is still within
 * SESSION_MAX_HOURS of its start is the reader's question. An account holds a bounded number of
 * them (MAX_SESSIONS_PER_ACCOUNT).
 */
export interface OpenSessionRow {
  session_id: string;
  user_id: number;
  started_at: Date | string;
}

export interface OpenSessionsTables {
  open_sessions: OpenSessionRow;
}

const COLUMN_TYPES: ColumnTypes<OpenSessionRow> = { session_id: 'text', user_id: 'int4', started_at: 'timestamptz' };

/** Rows are dropped once no SESSION_MAX_HOURS could keep them open. */
const KEPT = `${LONGEST_SESSION_HOURS} hours`;

const isSessionEvent = isEventOf(
  'UserLoggedIn',
  'UserLoggedOut',
  'UserLoggedOutEverywhere',
  'PasswordChanged',
  'PasswordResetCompleted',
  'TemporaryPasswordSet',
  'AccountClaimed',
  'UserDeleted',
);

async function migrate(db: Kysely<OpenSessionsTables>, schema: string): Promise<void> {
  const table = sql.table(`${schema}.open_sessions`);
  await sql`CREATE TABLE IF NOT EXISTS ${table} (
    session_id text PRIMARY KEY,
    user_id integer NOT NULL,
    started_at timestamptz NOT NULL
  )`.execute(db);
  // A sign-in reads its account's sessions by start; each batch forgets the oldest of all.
  await sql`CREATE INDEX IF NOT EXISTS open_sessions_user_id_started_at_idx ON ${table} (user_id, started_at)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS open_sessions_started_at_idx ON ${table} (started_at)`.execute(db);
}

/** What a batch does, in order: the sessions it opens (still open at its end), and those it ends by id or by account. */
class SessionsBatch {
  readonly opened = new Map<string, OpenSessionRow>();
  readonly endedSessions = new Set<string>();
  readonly endedAccounts = new Set<number>();

  open(row: OpenSessionRow): void {
    this.opened.set(row.session_id, row);
  }

  endSession(sessionId: string): void {
    this.opened.delete(sessionId);
    this.endedSessions.add(sessionId);
  }

  /** Every session of the account begun before: the password changed, "sign out everywhere", a claim, the account deleted. */
  endAccount(userId: number): void {
    for (const [id, row] of this.opened) if (row.user_id === userId) this.opened.delete(id);
    this.endedAccounts.add(userId);
  }
}

/**
 * A batch in memory (above), then one DELETE per kind of ending of the stored rows, one INSERT of
 * the sessions still open, and one DELETE of the rows begun longer ago than any session lasts
 * (by the batch's latest event time, so a replay ends with the same rows).
 */
export const openSessionsProjector: Projector<OpenSessionsTables> = {
  name: 'open-sessions',
  migrate,
  async project(trx, schema, events) {
    const sessionEvents = events.filter(isSessionEvent);
    if (sessionEvents.length === 0) return;
    const batch = new SessionsBatch();
    for (const { type, data, metadata } of sessionEvents) {
      if (type === 'UserLoggedIn') {
        if (data.sessionId) batch.open({ session_id: data.sessionId, user_id: data.userId, started_at: metadata.occurredAt });
      } else if (type === 'UserLoggedOut' && 'sessionId' in data) batch.endSession(data.sessionId);
      else batch.endAccount(data.userId);
    }
    await deleteRows(trx, schema, 'open_sessions', 'user_id', 'int4', [...batch.endedAccounts]);
    await deleteRows(trx, schema, 'open_sessions', 'session_id', 'text', [...batch.endedSessions]);
    await insertRows(trx, schema, 'open_sessions', [...batch.opened.values()], COLUMN_TYPES);
    const latest = sessionEvents.at(-1)!.metadata.occurredAt;
    await sql`DELETE FROM ${sql.table(`${schema}.open_sessions`)}
      WHERE started_at < ${latest}::timestamptz - ${KEPT}::interval`.execute(trx);
  },
};
