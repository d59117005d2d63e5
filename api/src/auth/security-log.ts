import { SECURITY_LOG_KINDS, type SecurityLogKind } from '@tht/contracts';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';

/**
 * The security log: failed sign-ins and requests refused by a limit. They change no record, and
 * anyone can cause them in any number, so they are not events (the event log is kept for ever,
 * hash-chained and replayed by every rebuild): they go to a table of their own, `security_log.events`,
 * kept SECURITY_LOG_RETENTION_DAYS. Failures are bounded by the sign-in limits; refusals, which
 * are not, are counted on one row per limit, key and window.
 */
const TABLE = 'security_log.events';
export const SECURITY_LOG_RETENTION_DAYS = 90;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export async function migrateSecurityLog<Database>(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Serialises concurrent start-ups, whose IF NOT EXISTS statements would otherwise race.
    await sql`SELECT pg_advisory_xact_lock(hashtext('tht:migrate-security-log'))`.execute(trx);
    await sql`CREATE SCHEMA IF NOT EXISTS security_log`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS ${sql.table(TABLE)} (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      occurred_at timestamptz NOT NULL DEFAULT now(),
      kind text NOT NULL CHECK (kind IN (${sql.join(SECURITY_LOG_KINDS.map((kind) => sql.lit(kind)))})),
      detail text NOT NULL,
      count integer NOT NULL DEFAULT 1,
      account text,
      user_id integer,
      actor_id integer,
      client text NOT NULL,
      window_key text UNIQUE
    )`.execute(trx);
    await sql`CREATE INDEX IF NOT EXISTS events_occurred_at_idx ON ${sql.table(TABLE)} (occurred_at, id)`.execute(trx);
    await sql`CREATE INDEX IF NOT EXISTS events_actor_idx ON ${sql.table(TABLE)} (actor_id, occurred_at, id)`.execute(trx);
  });
}

/** Where an attempt came from: the client's address key and, when the request named one, the account. */
export interface AttemptSource {
  client: string;
  account: string | null;
}

export interface FailedSignIn extends AttemptSource {
  /** The account's id when it exists. */
  userId: number | null;
  /** The signed-in user who made the attempt (checking their current password), if any. */
  actorId: number | null;
  reason: string;
}

export interface Refusal extends AttemptSource {
  /** The limit, as the log says it: "login-address (100 per 15 minutes)". */
  limit: string;
  /** Identifies the limit's window for the key: refusals within one are counted on one row. */
  window: string;
}

export interface SecurityLog {
  failedSignIn(attempt: FailedSignIn): Promise<void>;
  refused(refusal: Refusal): Promise<void>;
}

const logs = new WeakMap<pg.Pool, SecurityLog>();

/** The security log of the pool's database (needs `migrateSecurityLog`); it prunes old rows once an hour. */
export function securityLogOf(pool: pg.Pool): SecurityLog {
  let log = logs.get(pool);
  if (!log) logs.set(pool, (log = securityLog(pool)));
  return log;
}

function securityLog(pool: pg.Pool): SecurityLog {
  let prunedAt = 0;
  async function write(kind: SecurityLogKind, text: string, values: unknown[]) {
    await pool.query({ name: `security-log-${kind}`, text, values });
    if (Date.now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = Date.now();
    await pool.query(`DELETE FROM ${TABLE} WHERE occurred_at < now() - make_interval(days => $1)`, [SECURITY_LOG_RETENTION_DAYS]);
  }
  return {
    async failedSignIn(attempt) {
      await write(
        'sign-in-failed',
        `INSERT INTO ${TABLE} (kind, detail, account, user_id, actor_id, client) VALUES ('sign-in-failed', $1, $2, $3, $4, $5)`,
        [attempt.reason, attempt.account, attempt.userId, attempt.actorId, attempt.client],
      );
    },
    async refused(refusal) {
      await write(
        'refused',
        `INSERT INTO ${TABLE} AS logged (kind, detail, account, client, window_key) VALUES ('refused', $1, $2, $3, $4)
          ON CONFLICT (window_key) DO UPDATE SET count = logged.count + 1, occurred_at = now()`,
        [refusal.limit, refusal.account, refusal.client, refusal.window],
      );
    },
  };
}

/** A row of the security log as the audit log lists it. */
export interface SecurityLogRow {
  id: string;
  occurred_at: Date;
  kind: SecurityLogKind;
  detail: string;
  count: number;
  account: string | null;
  user_id: number | null;
  actor_id: number | null;
  client: string;
}

export interface SecurityLogFilter {
  /** Only rows of this signed-in actor; null: none (no row is the system's); absent: everyone's. */
  actorId?: number | null;
  /** ISO times, `from` included, `to` not. */
  from?: string;
  to?: string;
}

/** The newest `limit` rows matching `filter` (newest first), and how many match, counted up to `countUpTo`. */
export async function readSecurityLog(
  pool: pg.Pool,
  filter: SecurityLogFilter,
  limit: number,
  countUpTo: number,
): Promise<{ rows: SecurityLogRow[]; total: number; capped: boolean }> {
  if (filter.actorId === null) return { rows: [], total: 0, capped: false };
  const values: unknown[] = [];
  const parameter = (value: unknown) => `$${values.push(value)}`;
  const conditions = ['true'];
  if (filter.actorId !== undefined) conditions.push(`actor_id = ${parameter(filter.actorId)}`);
  if (filter.from) conditions.push(`occurred_at >= ${parameter(filter.from)}::timestamptz`);
  if (filter.to) conditions.push(`occurred_at < ${parameter(filter.to)}::timestamptz`);
  const where = conditions.join(' AND ');
  const bound = `$${values.length + 1}`;
  const [{ rows }, counted] = await Promise.all([
    pool.query<SecurityLogRow>(
      `SELECT id::text, occurred_at, kind, detail, count, account, user_id, actor_id, client FROM ${TABLE}
        WHERE ${where} ORDER BY occurred_at DESC, id DESC LIMIT ${bound}`,
      [...values, limit],
    ),
    pool.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM (SELECT 1 FROM ${TABLE} WHERE ${where} LIMIT ${bound}) AS matching`,
      [...values, countUpTo + 1],
    ),
  ]);
  const total = counted.rows[0]!.total;
  return { rows, total: Math.min(total, countUpTo), capped: total > countUpTo };
}

/** The failed sign-ins to the account `userId` still kept (SECURITY_LOG_RETENTION_DAYS), oldest first. */
export async function readFailedSignInsOf(
  pool: pg.Pool,
  userId: number,
): Promise<{ occurred_at: Date; detail: string; client: string }[]> {
  const { rows } = await pool.query<{ occurred_at: Date; detail: string; client: string }>(
    `SELECT occurred_at, detail, client FROM ${TABLE} WHERE kind = 'sign-in-failed' AND user_id = $1 ORDER BY occurred_at, id`,
    [userId],
  );
  return rows;
}

/** An erased person's address leaves the log (decision 038): their rows stay, naming the placeholder. */
export async function erasePersonFromSecurityLog(pool: pg.Pool, userId: number, email: string, erasedEmail: string): Promise<void> {
  await pool.query(
    `UPDATE ${TABLE} SET account = $3, window_key = CASE WHEN window_key IS NULL THEN NULL ELSE 'erased-' || id END
      WHERE user_id = $1 OR lower(account) = lower($2)`,
    [userId, email, erasedEmail],
  );
}
