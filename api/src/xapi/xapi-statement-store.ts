import type pg from 'pg';
import { inTransaction } from '@tht/postgres';
import { XapiError } from './xapi-http';
import { indexOf, type Statement } from './xapi-statement-rules';

/** An attachment's bytes, found by its SHA-256 (`sha2`). */
export interface AttachmentContent {
  sha2: string;
  contentType: string;
  content: Buffer;
}

/**
 * A statement's place in the order of `GET /statements`: its `stored` time, then its position
 * `seq` among statements stored at the same time (decision 048).
 */
export interface StatementPosition {
  stored: string;
  seq: string;
}

export interface StoredStatement {
  position: StatementPosition;
  /** The statement as stored, JSON text as PostgreSQL gives it (a page in the exact format is sent unparsed). */
  json: string;
}

/** The query parameters of `GET /statements`, checked. */
export interface StatementFilter {
  agent?: string;
  relatedAgents: boolean;
  verb?: string;
  activity?: string;
  relatedActivities: boolean;
  registration?: string;
  since?: string;
  until?: string;
  ascending: boolean;
  /** Continue after this place (a `more` link). */
  after?: StatementPosition;
  /** The newest `seq` the first page saw: later statements are not in its further pages. */
  upTo?: string;
}

type Condition = (alias: string) => string;

/** The conditions on a statement's own fields (agent, verb, activity, registration), each for a table alias. */
function matchingConditions(filter: StatementFilter, param: (value: unknown) => string): Condition[] {
  const conditions: Condition[] = [];
  if (filter.agent !== undefined) {
    const agent = param(filter.agent);
    const column = filter.relatedAgents ? 'related_agents' : 'agents';
    conditions.push((alias) => `${alias}.${column} @> ARRAY[${agent}]::text[]`);
  }
  if (filter.verb !== undefined) {
    const verb = param(filter.verb);
    conditions.push((alias) => `${alias}.verb_id = ${verb}`);
  }
  if (filter.activity !== undefined) {
    const activity = param(filter.activity);
    const column = filter.relatedActivities ? 'related_activities' : 'activities';
    conditions.push((alias) => `${alias}.${column} @> ARRAY[${activity}]::text[]`);
  }
  if (filter.registration !== undefined) {
    const registration = param(filter.registration);
    conditions.push((alias) => `${alias}.registration = ${registration}::uuid`);
  }
  return conditions;
}

/** `stored` to the microsecond, as a `more` link keeps it. */
const STORED_TEXT = `to_char(s.stored AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const STORED_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const SEQ_PATTERN = /^\d{1,18}$/;
const NEWEST_SEQ = '(SELECT coalesce(max(seq), 0) FROM xapi.statements)';

/** A `more` link's places as this LRS writes them: anything else is a 400, not a database error. */
function checkLink({ after, upTo }: StatementFilter): void {
  // Parsed from a link the client may have changed.
  const place = after as Partial<StatementPosition> | null | undefined;
  const validAfter = place === undefined || (STORED_PATTERN.test(String(place?.stored)) && SEQ_PATTERN.test(String(place?.seq)));
  if (!validAfter || (upTo !== undefined && !SEQ_PATTERN.test(String(upTo)))) {
    throw new XapiError(400, 'more is not a link this LRS gave');
  }
}

/**
 * The query of one page of `clientId`'s statements matching `filter`, in order of their stored time
 * (newest first unless `ascending`, Communication 2.1.3), with the newest `seq` it could see.
 */
export function statementQuery(filter: StatementFilter, limit: number, clientId: string): { text: string; values: unknown[] } {
  checkLink(filter);
  const values: unknown[] = [];
  const param = (value: unknown) => `$${values.push(value)}`;
  const matching = matchingConditions(filter, param);
  const where = ['NOT s.voided', `s.client_id = ${param(clientId)}::uuid`];
  if (matching.length > 0) {
    // A statement targeting a matching one through a StatementRef matches too (Communication 2.1.3).
    const on = (alias: string) => matching.map((condition) => condition(alias)).join(' AND ');
    where.push(`(${on('s')} OR (s.ref_target IS NOT NULL AND EXISTS
          (SELECT 1 FROM xapi.statements t WHERE t.id = s.ref_target AND ${on('t')})))`);
  }
  if (filter.since !== undefined) where.push(`s.stored > ${param(filter.since)}::timestamptz`);
  if (filter.until !== undefined) where.push(`s.stored <= ${param(filter.until)}::timestamptz`);
  // A first page sees up to the newest statement now; its further pages up to the same one.
  const upTo = filter.upTo === undefined ? NEWEST_SEQ : `${param(filter.upTo)}::bigint`;
  where.push(`s.seq <= ${upTo}`);
  if (filter.after !== undefined) {
    const after = `(${param(filter.after.stored)}::timestamptz, ${param(filter.after.seq)}::bigint)`;
    where.push(`(s.stored, s.seq) ${filter.ascending ? '>' : '<'} ${after}`);
  }
  const order = filter.ascending ? 'ASC' : 'DESC';
  // In the order of the index on (client_id, stored, seq): a page reads only its own rows.
  return {
    text: `SELECT ${STORED_TEXT} AS stored, s.seq::text AS seq, s.statement::text AS json, ${upTo}::text AS up_to
          FROM xapi.statements s WHERE ${where.join(' AND ')}
          ORDER BY s.stored ${order}, s.seq ${order} LIMIT ${param(limit + 1)}`,
    values,
  };
}

/** Statements of one batch, inserted at once. */
interface Insert {
  statement: Statement;
  clientId: string;
  digest: string;
}

/** The statements in schema `xapi` (needs `migrateXapi`). */
export function statementStore(pool: pg.Pool) {
  /**
   * Stores a batch in one transaction (all or nothing). A statement whose id is stored already with
   * the same content is left as it is; with other content the whole batch is a 409 (Communication 2.1.1).
   */
  async function insertBatch(
    statements: readonly { statement: Statement; digest: string }[],
    clientId: string,
    attachments: readonly AttachmentContent[],
  ) {
    const inserts: Insert[] = statements.map(({ statement, digest }) => ({ statement, clientId, digest }));
    await inTransaction(pool, async (client) => {
      const ids = inserts.map((insert) => insert.statement.id!);
      // One lock per id, so two batches with a shared id do not both insert it.
      await client.query('SELECT pg_advisory_xact_lock(hashtext(id)) FROM unnest($1::text[]) AS id ORDER BY id', [ids]);
      const { rows: existing } = await client.query<{ id: string; content_digest: string }>(
        'SELECT id::text, content_digest FROM xapi.statements WHERE id = ANY($1::uuid[])',
        [ids],
      );
      const existingDigests = new Map(existing.map((row) => [row.id, row.content_digest]));
      const fresh = inserts.filter((insert) => {
        const stored = existingDigests.get(insert.statement.id!.toLowerCase());
        if (stored === undefined) return true;
        if (stored !== insert.digest) throw new XapiError(409, `Statement ${insert.statement.id} is stored with other content`);
        return false;
      });
      if (fresh.length > 0) await insertRows(client, fresh);
      for (const attachment of attachments) {
        await client.query(
          'INSERT INTO xapi.attachments (sha2, content_type, content) VALUES ($1, $2, $3) ON CONFLICT (sha2) DO NOTHING',
          [attachment.sha2, attachment.contentType, attachment.content],
        );
      }
    });
  }

  /** The batch's voiding statements void their targets. */
  async function voidTargets(client: pg.PoolClient, inserts: readonly Insert[]): Promise<void> {
    await client.query(
      `UPDATE xapi.statements t SET voided = true FROM xapi.statements v
       WHERE v.id = ANY($1::uuid[]) AND v.voiding_target = t.id AND v.client_id = t.client_id
         AND t.voiding_target IS NULL AND NOT t.voided`,
      [inserts.map((insert) => insert.statement.id)],
    );
  }

  async function insertRows(client: pg.PoolClient, inserts: readonly Insert[]): Promise<void> {
    const indexes = inserts.map((insert) => indexOf(insert.statement));
    await client.query(
      `INSERT INTO xapi.statements (id, client_id, stored, statement, content_digest, verb_id, registration, voiding_target,
         ref_target, agents, related_agents, activities, related_activities)
       SELECT r.id, r.client_id, r.stored, r.statement, r.digest, r.verb_id, r.registration, r.voiding_target, r.ref_target,
         ARRAY(SELECT jsonb_array_elements_text(r.agents)), ARRAY(SELECT jsonb_array_elements_text(r.related_agents)),
         ARRAY(SELECT jsonb_array_elements_text(r.activities)), ARRAY(SELECT jsonb_array_elements_text(r.related_activities))
       FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, client_id uuid, stored timestamptz, statement jsonb, digest text,
         verb_id text, registration uuid, voiding_target uuid, ref_target uuid, agents jsonb, related_agents jsonb, activities jsonb,
         related_activities jsonb)`,
      [
        JSON.stringify(
          inserts.map((insert, i) => ({
            id: insert.statement.id,
            client_id: insert.clientId,
            stored: insert.statement.stored,
            statement: insert.statement,
            digest: insert.digest,
            verb_id: indexes[i]!.verbId,
            registration: indexes[i]!.registration,
            voiding_target: indexes[i]!.voidingTarget,
            ref_target: indexes[i]!.refTarget,
            agents: indexes[i]!.agents,
            related_agents: indexes[i]!.relatedAgents,
            activities: indexes[i]!.activities,
            related_activities: indexes[i]!.relatedActivities,
          })),
        ),
      ],
    );
    // A voiding statement voids its target unless that is a voiding statement itself (Data 2.3.2);
    // a target stored after its voiding statement is voided as it arrives.
    if (indexes.some((index) => index.voidingTarget !== null)) await voidTargets(client, inserts);
    await client.query(
      `UPDATE xapi.statements t SET voided = true
       WHERE t.id = ANY($1::uuid[]) AND t.voiding_target IS NULL
         AND EXISTS (SELECT 1 FROM xapi.statements v WHERE v.voiding_target = t.id AND v.client_id = t.client_id)`,
      [inserts.map((insert) => insert.statement.id)],
    );
  }

  return {
    insertBatch,

    /**
     * One of `clientId`'s statements by id: `voided` picks whether a voided one (voidedStatementId)
     * or a live one (statementId) is found.
     */
    async byId(id: string, voided: boolean, clientId: string): Promise<Statement | null> {
      const { rows } = await pool.query<{ statement: Statement }>(
        'SELECT statement FROM xapi.statements WHERE id = $1 AND voided = $2 AND client_id = $3',
        [id, voided, clientId],
      );
      return rows[0]?.statement ?? null;
    },

    /** One page of `clientId`'s statements (see `statementQuery`), and the newest `seq` it could see. */
    async query(filter: StatementFilter, limit: number, clientId: string): Promise<{ rows: StoredStatement[]; upTo: string }> {
      const { rows } = await pool.query<StatementPosition & { json: string; up_to: string }>(
        statementQuery(filter, limit, clientId),
      );
      return {
        rows: rows.map(({ stored, seq, json }) => ({ position: { stored, seq }, json })),
        upTo: filter.upTo ?? rows[0]?.up_to ?? '0',
      };
    },

    async attachments(hashes: readonly string[]): Promise<AttachmentContent[]> {
      if (hashes.length === 0) return [];
      const { rows } = await pool.query<{ sha2: string; content_type: string; content: Buffer }>(
        'SELECT sha2, content_type, content FROM xapi.attachments WHERE sha2 = ANY($1::text[])',
        [hashes],
      );
      return rows.map((row) => ({ sha2: row.sha2, contentType: row.content_type, content: row.content }));
    },

    /** Which of `ids` are stored (a voiding statement may target only those). */
    async voidingStatementIds(ids: readonly string[]): Promise<Set<string>> {
      const { rows } = await pool.query<{ id: string }>(
        'SELECT id::text FROM xapi.statements WHERE id = ANY($1::uuid[]) AND voiding_target IS NOT NULL',
        [ids],
      );
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type StatementStore = ReturnType<typeof statementStore>;
