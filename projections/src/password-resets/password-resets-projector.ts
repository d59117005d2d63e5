import { isEventOf } from '@tht/contracts';
import { sql, type Kysely } from 'kysely';
import { deleteRows, insertRows, type ColumnTypes } from '../framework/batch-sql';
import type { Projector } from '../framework/projector';

/**
 * An issued password reset token (its sha256; the token itself is never stored). An account may
 * have several at once: a new request adds one, a used token, a new password or the account's
 * deletion removes them all.
 */
export interface PasswordResetRow {
  token_hash: string;
  user_id: number;
  expires_at: Date | string;
}

export interface PasswordResetsTables {
  password_resets: PasswordResetRow;
}

const COLUMN_TYPES: ColumnTypes<PasswordResetRow> = { token_hash: 'text', user_id: 'int4', expires_at: 'timestamptz' };

const isResetEvent = isEventOf(
  'PasswordResetRequested',
  'PasswordResetCompleted',
  'PasswordChanged',
  'TemporaryPasswordSet',
  'UserDeleted',
);

async function migrate(db: Kysely<PasswordResetsTables>, schema: string): Promise<void> {
  const table = sql.table(`${schema}.password_resets`);
  await sql`CREATE TABLE IF NOT EXISTS ${table} (
    token_hash text PRIMARY KEY,
    user_id integer NOT NULL,
    expires_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS password_resets_user_id_idx ON ${table} (user_id)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS password_resets_expires_at_idx ON ${table} (expires_at)`.execute(db);
}

/**
 * A batch in order, in memory: the tokens it issues, and the accounts whose tokens it ends (an
 * account's tokens issued before the end are dropped, those issued after kept). Then one DELETE of
 * the ended accounts' stored tokens, one INSERT of the new ones, and one DELETE of the tokens that
 * had expired by the batch's latest request (by event time, so a replay ends with the same rows).
 */
export const passwordResetsProjector: Projector<PasswordResetsTables> = {
  name: 'password-resets',
  migrate,
  async project(trx, schema, events) {
    const issued = new Map<string, PasswordResetRow>();
    const ended = new Set<number>();
    let latestRequest: string | null = null;
    for (const event of events.filter(isResetEvent)) {
      if (event.type === 'PasswordResetRequested') {
        const { tokenHash, userId, expiresAt } = event.data;
        issued.set(tokenHash, { token_hash: tokenHash, user_id: userId, expires_at: expiresAt });
        latestRequest = event.metadata.occurredAt;
      } else {
        const { userId } = event.data;
        ended.add(userId);
        for (const [tokenHash, row] of issued) if (row.user_id === userId) issued.delete(tokenHash);
      }
    }
    await deleteRows(trx, schema, 'password_resets', 'user_id', 'int4', [...ended]);
    await insertRows(trx, schema, 'password_resets', [...issued.values()], COLUMN_TYPES);
    if (latestRequest !== null) {
      await sql`DELETE FROM ${sql.table(`${schema}.password_resets`)} WHERE expires_at <= ${latestRequest}::timestamptz`.execute(
        trx,
      );
    }
  },
};
