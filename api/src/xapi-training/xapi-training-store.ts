import type { XapiTrainingType, XapiUnmatchedList, XapiUnmatchedReason } from '@tht/contracts';
import { XAPI_UNMATCHED_LIST_MAX } from '@tht/contracts';
import type pg from 'pg';
import { READ_MODEL_SCHEMA } from 'projections';
import { inTransaction } from '@tht/postgres';
import { emailKey, sha1KeysOf, type Person, type PersonKey, type TrainingSystem } from './xapi-training-mapping';

const USERS = `${READ_MODEL_SCHEMA}.users`;

type PersonRow = Person & { email: string };

/** Every account as a person a statement may name (add a WHERE). */
const PEOPLE = `SELECT u.email, u.id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName",
  coalesce(u.manager_name, '') AS "managerName", u.department, u.deactivated_at IS NOT NULL AS deactivated FROM ${USERS} u`;

/** A stored statement as the worker reads it, in commit order. */
export interface FollowedStatement {
  seq: string;
  transactionId: string;
  id: string;
  clientId: string;
  statement: Record<string, unknown>;
  /** The statement's `stored`, as the LRS wrote it. */
  stored: string;
  voided: boolean;
  voidingTarget: string | null;
}

/** Where the worker stands: the last statement it handled, by (transaction, seq). */
export interface Checkpoint {
  transactionId: string;
  seq: string;
}

/** A statement that counts as training but became no entry, as the unmatched list keeps it. */
export interface UnmatchedRow {
  statementId: string;
  clientId: string;
  personKey: PersonKey | null;
  userId: number | null;
  actor: string;
  verb: string;
  activity: string;
  timestamp: string;
  stored: string;
  reason: XapiUnmatchedReason;
  message: string;
}

const STATEMENT_COLUMNS = `s.seq::text AS seq, s.transaction_id::text AS "transactionId", s.id::text AS id,
  s.client_id::text AS "clientId", s.statement, s.statement->>'stored' AS stored, s.voided, s.voiding_target::text AS "voidingTarget"`;

/** The SQL of the worker and the routes on schema `xapi` (needs `migrateXapi` and `migrateXapiTraining`). */
export function xapiTrainingStore(pool: pg.Pool) {
  return {
    async checkpoint(): Promise<Checkpoint> {
      const { rows } = await pool.query<Checkpoint>(
        'SELECT transaction_id::text AS "transactionId", seq::text AS seq FROM xapi.training_checkpoint',
      );
      return rows[0]!;
    },

    async saveCheckpoint(checkpoint: Checkpoint): Promise<void> {
      await pool.query('UPDATE xapi.training_checkpoint SET transaction_id = $1::xid8, seq = $2::bigint', [
        checkpoint.transactionId,
        checkpoint.seq,
      ]);
    },

    /**
     * The statements stored after `after`, in commit order: only those of transactions older than
     * every transaction still running, so one committing later with a smaller `seq` is never skipped.
     */
    async statementsAfter(after: Checkpoint, limit: number): Promise<FollowedStatement[]> {
      const { rows } = await pool.query<FollowedStatement>(
        `SELECT ${STATEMENT_COLUMNS} FROM xapi.statements s
         WHERE (s.transaction_id, s.seq) > ($1::xid8, $2::bigint)
           AND s.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         ORDER BY s.transaction_id, s.seq LIMIT $3`,
        [after.transactionId, after.seq, limit],
      );
      return rows;
    },

    async statementsById(ids: readonly string[]): Promise<FollowedStatement[]> {
      const { rows } = await pool.query<FollowedStatement>(
        `SELECT ${STATEMENT_COLUMNS} FROM xapi.statements s WHERE s.id = ANY($1::uuid[]) ORDER BY s.seq`,
        [ids],
      );
      return rows;
    },

    /** The systems of `ids`, deleted ones too (their statements stored before were sent while they could). */
    async systems(ids: readonly string[]): Promise<Map<string, TrainingSystem>> {
      const { rows } = await pool.query<{
        id: string;
        name: string;
        training_type: XapiTrainingType;
        verbs: string[];
        default_hours: string | null;
      }>('SELECT id::text, name, training_type, verbs, default_hours::text FROM xapi.clients WHERE id = ANY($1::uuid[])', [ids]);
      return new Map(
        rows.map((row) => [
          row.id,
          {
            id: row.id,
            name: row.name,
            trainingType: row.training_type,
            rules: { verbs: row.verbs, defaultHours: row.default_hours === null ? null : Number(row.default_hours) },
          },
        ]),
      );
    },

    /**
     * The accounts the keys name: `email:<address>` through the users' address index; `sha1:<hex>`
     * by hashing the addresses (PostgreSQL's `sha1` is not everywhere), only when such a key is asked for.
     */
    async people(keys: readonly PersonKey[]): Promise<Map<PersonKey, Person>> {
      const emails = keys.filter((key) => key.startsWith('email:')).map((key) => key.slice('email:'.length));
      const sums = new Set(keys.filter((key) => key.startsWith('sha1:')));
      const found = new Map<PersonKey, Person>();
      if (emails.length > 0) {
        const { rows } = await pool.query<PersonRow>(`${PEOPLE} WHERE u.email = ANY($1::text[])`, [emails]);
        for (const { email, ...person } of rows) found.set(emailKey(email), person);
      }
      if (sums.size > 0) {
        const { rows } = await pool.query<PersonRow>(PEOPLE);
        for (const { email, ...person } of rows) {
          for (const key of sha1KeysOf(email)) if (sums.has(key)) found.set(key, person);
        }
      }
      return found;
    },

    /** The entry a statement became or becomes: the one recorded, else `newEntryId` recorded now (exactly once). */
    async claimEntry(
      statement: { id: string; clientId: string },
      userId: number,
      newEntryId: () => Promise<number>,
      now: Date,
    ): Promise<number> {
      const recorded = await this.entryOf(statement.id);
      if (recorded !== null) return recorded.entryId;
      await pool.query(
        `INSERT INTO xapi.statement_entries (statement_id, entry_id, user_id, client_id, created_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (statement_id) DO NOTHING`,
        [statement.id, await newEntryId(), userId, statement.clientId, now],
      );
      return (await this.entryOf(statement.id))!.entryId;
    },

    async entryOf(statementId: string): Promise<{ entryId: number; clientId: string } | null> {
      const { rows } = await pool.query<{ entryId: number; clientId: string }>(
        'SELECT entry_id AS "entryId", client_id::text AS "clientId" FROM xapi.statement_entries WHERE statement_id = $1',
        [statementId],
      );
      return rows[0] ?? null;
    },

    /** Lists (or lists anew, with their reason now) statements that became no entry, with one statement. */
    async keepUnmatched(rows: readonly UnmatchedRow[]): Promise<void> {
      if (rows.length === 0) return;
      await pool.query(
        `INSERT INTO xapi.unmatched (statement_id, client_id, person_key, user_id, actor, verb, activity, timestamp, stored, reason, message)
         SELECT r."statementId", r."clientId", r."personKey", r."userId", r.actor, r.verb, r.activity, r.timestamp, r.stored,
           r.reason, r.message
         FROM jsonb_to_recordset($1::jsonb) AS r("statementId" uuid, "clientId" uuid, "personKey" text, "userId" integer,
           actor text, verb text, activity text, timestamp text, stored timestamptz, reason text, message text)
         ON CONFLICT (statement_id) DO UPDATE SET person_key = EXCLUDED.person_key, user_id = EXCLUDED.user_id,
           reason = EXCLUDED.reason, message = EXCLUDED.message`,
        [JSON.stringify(rows)],
      );
    },

    async forgetUnmatched(statementId: string): Promise<void> {
      await pool.query('DELETE FROM xapi.unmatched WHERE statement_id = $1', [statementId]);
    },

    /**
     * The unmatched statements (for want of a person) whose key an active account now has: by
     * address through the keys' index; by `mbox_sha1sum` hashing the active addresses, only when
     * such a statement waits.
     */
    async matchableUnmatched(limit: number): Promise<string[]> {
      const { rows: sums } = await pool.query<{ key: string }>(
        `SELECT DISTINCT person_key AS key FROM xapi.unmatched WHERE person_key LIKE 'sha1:%' AND reason <> 'refused'`,
      );
      const matched: string[] = [];
      if (sums.length > 0) {
        const waiting = new Set(sums.map((row) => row.key));
        const { rows } = await pool.query<{ email: string }>(`SELECT email FROM ${USERS} WHERE deactivated_at IS NULL`);
        for (const { email } of rows) matched.push(...sha1KeysOf(email).filter((key) => waiting.has(key)));
      }
      const { rows } = await pool.query<{ id: string }>(
        `SELECT m.statement_id::text AS id FROM xapi.unmatched m
         WHERE m.reason <> 'refused' AND (m.person_key = ANY($1::text[]) OR EXISTS
           (SELECT 1 FROM ${USERS} u WHERE u.email = substr(m.person_key, 7) AND m.person_key LIKE 'email:%'
             AND u.deactivated_at IS NULL))
         ORDER BY m.stored LIMIT $2`,
        [matched, limit],
      );
      return rows.map((row) => row.id);
    },

    /** The newest unmatched statements, with their systems' names, and how many there are. */
    async unmatchedList(): Promise<XapiUnmatchedList> {
      const { rows } = await pool.query<XapiUnmatchedList['statements'][number]>(
        `SELECT m.statement_id::text AS "statementId", m.client_id::text AS "clientId", coalesce(c.name, '') AS system,
           m.actor, m.verb, m.activity, m.timestamp, to_char(m.stored AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS stored,
           m.reason, m.message
         FROM xapi.unmatched m LEFT JOIN xapi.clients c ON c.id = m.client_id
         ORDER BY m.stored DESC, m.statement_id DESC LIMIT $1`,
        [XAPI_UNMATCHED_LIST_MAX],
      );
      const { rows: count } = await pool.query<{ total: number }>('SELECT count(*)::int AS total FROM xapi.unmatched');
      return { statements: rows, total: count[0]!.total };
    },

    /** Whose an entry is and which statement reported it; null for a hand-logged or missing entry. */
    async reportedEntry(entryId: number): Promise<{ userId: number; statementId: string } | null> {
      const { rows } = await pool.query<{ userId: number; statementId: string }>(
        `SELECT user_id AS "userId", source->>'statementId' AS "statementId" FROM ${READ_MODEL_SCHEMA}.entries
         WHERE id = $1 AND source IS NOT NULL`,
        [entryId],
      );
      return rows[0] ?? null;
    },

    /** The stored statement behind an entry (any system's), or null. */
    async statementOfEntry(statementId: string): Promise<Record<string, unknown> | null> {
      const { rows } = await pool.query<{ statement: Record<string, unknown> }>(
        'SELECT statement FROM xapi.statements WHERE id = $1',
        [statementId],
      );
      return rows[0]?.statement ?? null;
    },

    /**
     * An erased person (decision 045): the statements found to be theirs (those that became their
     * entries, those kept unmatched as a deactivated person's) go, with what names them here.
     */
    async forgetPerson(userId: number): Promise<void> {
      await inTransaction(pool, async (client) => {
        await client.query(
          `DELETE FROM xapi.statements WHERE id IN (SELECT statement_id FROM xapi.statement_entries WHERE user_id = $1
             UNION SELECT statement_id FROM xapi.unmatched WHERE user_id = $1)`,
          [userId],
        );
        await client.query('DELETE FROM xapi.unmatched WHERE user_id = $1', [userId]);
        await client.query('DELETE FROM xapi.statement_entries WHERE user_id = $1', [userId]);
      });
    },
  };
}

export type XapiTrainingStore = ReturnType<typeof xapiTrainingStore>;
