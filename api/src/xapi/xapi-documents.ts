import { createHash } from 'node:crypto';
import type { Response } from 'express';
import type pg from 'pg';
import { inTransaction } from '@tht/postgres';
import { allowOnly, badRequest, mediaTypeOf, requireParameter, XapiError, type XapiRequest, type XapiVersion } from './xapi-http';
import { agentKey, agentParameterProblems, isIri, isTimestamp, isUuid } from './xapi-statement-rules';

/** The three document resources: State, Activity Profile and Agent Profile (Communication 2.3, 2.6, 2.7). */
export type DocumentKind = 'state' | 'activity_profile' | 'agent_profile';

interface DocumentScope {
  /** Each connected system has documents of its own (decision 044). */
  clientId: string;
  kind: DocumentKind;
  activityId: string;
  agent: string;
  registration: string;
}

interface StoredDocument {
  content: Buffer;
  contentType: string;
  etag: string;
  updated: Date;
}

/** The parameters of each resource, and the one naming a single document. */
const RESOURCES: Record<DocumentKind, { parameters: string[]; idParameter: string }> = {
  state: { parameters: ['activityId', 'agent', 'registration', 'stateId', 'since'], idParameter: 'stateId' },
  activity_profile: { parameters: ['activityId', 'profileId', 'since'], idParameter: 'profileId' },
  agent_profile: { parameters: ['agent', 'profileId', 'since'], idParameter: 'profileId' },
};

const etagOf = (content: Buffer) => `"${createHash('sha1').update(content).digest('hex')}"`;

function agentParameter(value: string): string {
  let agent: unknown;
  try {
    agent = JSON.parse(value);
  } catch {
    throw badRequest('agent is not valid JSON');
  }
  const problems = agentParameterProblems(agent);
  if (problems.length > 0) throw badRequest(`Invalid agent: ${problems.join('; ')}`);
  return agentKey(agent)!;
}

/** Which documents a request is about, its parameters checked. */
function scopeOf(kind: DocumentKind, query: Record<string, string>, clientId: string): DocumentScope {
  allowOnly(query, RESOURCES[kind].parameters);
  const activityId = kind === 'agent_profile' ? '' : requireParameter(query, 'activityId');
  if (activityId !== '' && !isIri(activityId)) throw badRequest('activityId is an IRI');
  const agent = kind === 'activity_profile' ? '' : agentParameter(requireParameter(query, 'agent'));
  const registration = query.registration ?? '';
  if (registration !== '' && !isUuid(registration)) throw badRequest('registration is a UUID');
  return { clientId, kind, activityId, agent, registration: registration.toLowerCase() };
}

const isJsonObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

function jsonObjectOf(content: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(content.toString('utf8'));
    return isJsonObject(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Handlers of the document resources on one database. */
export function documentHandlers(pool: pg.Pool, now: () => Date) {
  const KEY = 'client_id = $1 AND kind = $2 AND activity_id = $3 AND agent = $4 AND registration = $5';
  const keyValues = (scope: DocumentScope) => [scope.clientId, scope.kind, scope.activityId, scope.agent, scope.registration];
  const clientOf = (res: Response) => (res.locals.sender as { clientId: string }).clientId;

  async function find(scope: DocumentScope, id: string, client: pg.Pool | pg.PoolClient = pool): Promise<StoredDocument | null> {
    const { rows } = await client.query<{ content: Buffer; content_type: string; etag: string; updated: Date }>(
      `SELECT content, content_type, etag, updated FROM xapi.documents WHERE ${KEY} AND document_id = $6`,
      [...keyValues(scope), id],
    );
    const row = rows[0];
    return row ? { content: row.content, contentType: row.content_type, etag: row.etag, updated: row.updated } : null;
  }

  /** If-Match and If-None-Match (Communication 3.1); a profile written without either over an existing one is a 409. */
  function checkPreconditions(xapi: XapiRequest, existing: StoredDocument | null, kind: DocumentKind, method: 'PUT' | 'POST') {
    const ifMatch = xapi.header('if-match');
    const ifNoneMatch = xapi.header('if-none-match');
    if (ifMatch !== undefined) {
      const tags = ifMatch.split(',').map((tag) => tag.trim());
      if (!existing || !(tags.includes('*') || tags.includes(existing.etag)))
        throw new XapiError(412, 'The document has changed (If-Match)');
    }
    if (ifNoneMatch !== undefined && existing) {
      const tags = ifNoneMatch.split(',').map((tag) => tag.trim());
      if (tags.includes('*') || tags.includes(existing.etag)) throw new XapiError(412, 'The document exists (If-None-Match)');
    }
    if (method !== 'PUT' || ifMatch !== undefined || ifNoneMatch !== undefined) return;
    // xAPI 1.0.3 guards the profiles only; 2.0 the state too, which may still be created without a precondition.
    if (kind === 'state' && xapi.version !== '2.0.0') return;
    if (existing) throw new XapiError(409, 'The document exists: send If-Match with its ETag, or If-None-Match: *');
    if (kind !== 'state') throw badRequest('A PUT of a profile sends If-Match with the ETag it replaces, or If-None-Match: *');
  }

  async function write(xapi: XapiRequest, kind: DocumentKind, method: 'PUT' | 'POST', clientId: string): Promise<void> {
    const scope = scopeOf(kind, xapi.query, clientId);
    const id = requireParameter(xapi.query, RESOURCES[kind].idParameter);
    if (xapi.query.since !== undefined) throw badRequest('since is for reading');
    const contentType = xapi.header('content-type') ?? 'application/octet-stream';
    await inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [[...keyValues(scope), id].join('|')]);
      const existing = await find(scope, id, client);
      checkPreconditions(xapi, existing, kind, method);
      let content = xapi.body;
      let storedType = contentType;
      if (method === 'POST') {
        const posted = mediaTypeOf(contentType) === 'application/json' ? jsonObjectOf(content) : null;
        if (existing) {
          const previous = mediaTypeOf(existing.contentType) === 'application/json' ? jsonObjectOf(existing.content) : null;
          if (!posted || !previous)
            throw badRequest('Only JSON objects are merged: both documents must be application/json objects');
          content = Buffer.from(JSON.stringify({ ...previous, ...posted }));
          storedType = 'application/json';
        } else if (mediaTypeOf(contentType) === 'application/json' && !posted) {
          throw badRequest('A posted application/json document is a JSON object');
        }
      }
      await client.query(
        `INSERT INTO xapi.documents (client_id, kind, activity_id, agent, registration, document_id, content, content_type, etag, updated)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (client_id, kind, activity_id, agent, registration, document_id) DO UPDATE SET content = EXCLUDED.content,
           content_type = EXCLUDED.content_type, etag = EXCLUDED.etag, updated = EXCLUDED.updated`,
        [...keyValues(scope), id, content, storedType, etagOf(content), now()],
      );
    });
  }

  return {
    put: (kind: DocumentKind) => async (xapi: XapiRequest, res: Response) => {
      await write(xapi, kind, 'PUT', clientOf(res));
      res.status(204).end();
    },

    post: (kind: DocumentKind) => async (xapi: XapiRequest, res: Response) => {
      await write(xapi, kind, 'POST', clientOf(res));
      res.status(204).end();
    },

    get: (kind: DocumentKind) => async (xapi: XapiRequest, res: Response) => {
      const scope = scopeOf(kind, xapi.query, clientOf(res));
      const id = xapi.query[RESOURCES[kind].idParameter];
      if (id !== undefined) {
        if (xapi.query.since !== undefined) throw badRequest('since lists documents; it is not given with an id');
        const document = await find(scope, id);
        if (!document) throw new XapiError(404, 'No such document');
        res.set({ ETag: document.etag, 'Last-Modified': document.updated.toUTCString() });
        res.status(200).type(document.contentType).send(document.content);
        return;
      }
      const since = xapi.query.since;
      if (since !== undefined && !isTimestamp(since)) throw badRequest('since is a timestamp');
      const { rows } = await pool.query<{ document_id: string; updated: Date }>(
        `SELECT document_id, updated FROM xapi.documents WHERE ${KEY} ${since === undefined ? '' : 'AND updated > $6'}
         ORDER BY document_id`,
        since === undefined ? keyValues(scope) : [...keyValues(scope), new Date(since)],
      );
      const newest = rows.reduce<Date | null>((latest, row) => (!latest || row.updated > latest ? row.updated : latest), null);
      if (newest) res.set('Last-Modified', newest.toUTCString());
      res.status(200).json(rows.map((row) => row.document_id));
    },

    delete: (kind: DocumentKind) => async (xapi: XapiRequest, res: Response) => {
      const scope = scopeOf(kind, xapi.query, clientOf(res));
      if (xapi.query.since !== undefined) throw badRequest('since is for reading');
      const id = xapi.query[RESOURCES[kind].idParameter];
      if (id === undefined && kind !== 'state') throw badRequest(`${RESOURCES[kind].idParameter} is required`);
      if (id !== undefined) {
        const existing = await find(scope, id);
        const ifMatch = xapi.header('if-match');
        if (
          ifMatch !== undefined &&
          (!existing ||
            !ifMatch
              .split(',')
              .map((tag) => tag.trim())
              .some((tag) => tag === '*' || tag === existing.etag))
        ) {
          throw new XapiError(412, 'The document has changed (If-Match)');
        }
        await pool.query(`DELETE FROM xapi.documents WHERE ${KEY} AND document_id = $6`, [...keyValues(scope), id]);
      } else {
        await pool.query(`DELETE FROM xapi.documents WHERE ${KEY}`, keyValues(scope));
      }
      res.status(204).end();
    },
  };
}

export type { XapiVersion };
