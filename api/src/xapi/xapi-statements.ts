import { createHash, randomUUID } from 'node:crypto';
import type { Response } from 'express';
import type pg from 'pg';
import { buildMultipart, boundaryOf, parseMultipart } from './xapi-multipart';
import {
  allowOnly,
  badRequest,
  mediaTypeOf,
  parseJson,
  requireParameter,
  XapiError,
  type XapiRequest,
  type XapiVersion,
} from './xapi-http';
import { checkSignature } from './xapi-signature';
import { acceptedLanguages, formatStatement, type StatementFormat } from './xapi-statement-format';
import {
  agentKey,
  agentParameterProblems,
  canonicalJson,
  completeStatement,
  contentDigest,
  isIri,
  isStatementObject,
  isTimestamp,
  isUuid,
  MAX_STATEMENTS_PER_POST,
  normalizeStatement,
  SIGNATURE_USAGE,
  statementProblems,
  type Statement,
} from './xapi-statement-rules';
import { statementStore, type AttachmentContent, type StatementFilter } from './xapi-statement-store';

/** The connected system a request came from, as statements name it (their `authority`). */
export interface XapiSender {
  clientId: string;
  authority: Record<string, unknown>;
}

/** The most statements one page of `GET /statements` holds (also `limit=0`). */
export const STATEMENTS_PAGE_MAX = 100;

const QUERY_PARAMETERS = [
  'agent',
  'verb',
  'activity',
  'registration',
  'related_activities',
  'related_agents',
  'since',
  'until',
  'limit',
  'format',
  'attachments',
  'ascending',
];

interface Received {
  statements: unknown[];
  attachments: AttachmentContent[];
  /** Whether the body was a single statement (PUT, or POST of one object). */
  single: boolean;
}

/** The statements and attachment parts of a PUT or POST body (application/json or multipart/mixed). */
function receivedBody(xapi: XapiRequest): Received {
  const contentType = xapi.header('content-type') ?? '';
  const media = mediaTypeOf(contentType);
  if (media === 'application/json') return { ...statementsOf(xapi.body.toString('utf8')), attachments: [] };
  if (media !== 'multipart/mixed') throw badRequest('Statements are sent as application/json or multipart/mixed');
  const [first, ...rest] = parseMultipart(xapi.body, boundaryOf(contentType));
  if (!first || mediaTypeOf(first.headers.get('content-type')) !== 'application/json') {
    throw badRequest('The first part of a multipart/mixed body is the statements, as application/json');
  }
  const attachments = rest.map((part) => {
    const sha2 = part.headers.get('x-experience-api-hash');
    if (!sha2) throw badRequest('Each attachment part needs an X-Experience-API-Hash header');
    if ((part.headers.get('content-transfer-encoding') ?? '').toLowerCase() !== 'binary') {
      throw badRequest('Each attachment part needs Content-Transfer-Encoding: binary');
    }
    if (createHash('sha256').update(part.body).digest('hex') !== sha2.toLowerCase()) {
      throw badRequest("An attachment part's X-Experience-API-Hash is not the SHA-256 of its content");
    }
    return {
      sha2: sha2.toLowerCase(),
      contentType: part.headers.get('content-type') ?? 'application/octet-stream',
      content: part.body,
    };
  });
  return { ...statementsOf(first.body.toString('utf8')), attachments };
}

function statementsOf(text: string): { statements: unknown[]; single: boolean } {
  const body = parseJson(text, 'The body');
  if (Array.isArray(body)) return { statements: body.map(normalizeStatement), single: false };
  return { statements: [normalizeStatement(body)], single: true };
}

/** Each attachment without a `fileUrl` has its part, each part its attachment, each signature a JWS (Data 2.4.11, 2.6). */
function checkAttachments(statements: readonly Statement[], parts: readonly AttachmentContent[], version: XapiVersion): void {
  const partsByHash = new Map(parts.map((part) => [part.sha2, part]));
  const declared = new Set<string>();
  for (const statement of statements) {
    for (const attachment of (statement.attachments ?? []) as Record<string, unknown>[]) {
      const sha2 = String(attachment.sha2).toLowerCase();
      declared.add(sha2);
      const part = partsByHash.get(sha2);
      if (!part && attachment.fileUrl === undefined) throw badRequest(`Attachment ${sha2} has no part and no fileUrl`);
      if (part && attachment.usageType === SIGNATURE_USAGE) checkSignature(part.content, statement, version);
    }
  }
  for (const sha2 of partsByHash.keys()) if (!declared.has(sha2)) throw badRequest(`Part ${sha2} is no statement's attachment`);
}

/**
 * Handlers of the Statement Resource on the statements of one database; `onStored` is told after
 * statements were stored (the worker that turns them into entries looks at once, decision 045).
 */
export function statementHandlers(pool: pg.Pool, now: () => Date, onStored: () => void = () => {}) {
  const store = statementStore(pool);

  /** Validates, completes and stores what a PUT or POST sent; the ids stored. */
  async function receive(xapi: XapiRequest, sender: XapiSender, statementId?: string): Promise<string[]> {
    const received = receivedBody(xapi);
    if (statementId !== undefined && !received.single) throw badRequest('A PUT sends one statement');
    if (received.statements.length === 0) throw badRequest('No statement was sent');
    if (received.statements.length > MAX_STATEMENTS_PER_POST) {
      throw new XapiError(413, `At most ${MAX_STATEMENTS_PER_POST} statements may be sent at once`);
    }
    const problems = received.statements.flatMap((statement, i) =>
      statementProblems(statement, xapi.version).map((problem) => (received.single ? problem : `[${i}] ${problem}`)),
    );
    if (problems.length > 0) throw badRequest(`Invalid statement: ${problems.slice(0, 10).join('; ')}`);
    const statements = received.statements as Statement[];
    if (
      statementId !== undefined &&
      statements[0]!.id !== undefined &&
      statements[0]!.id.toLowerCase() !== statementId.toLowerCase()
    ) {
      throw badRequest('The statement id differs from statementId');
    }
    checkAttachments(statements, received.attachments, xapi.version);
    const stored = now().toISOString();
    const complete = statements.map((statement) =>
      completeStatement(statement, {
        id: (statementId ?? statement.id ?? randomUUID()).toLowerCase(),
        stored,
        authority: sender.authority,
        version: xapi.version,
      }),
    );
    const ids = complete.map((statement) => statement.id!);
    if (new Set(ids).size !== ids.length) throw badRequest('Two statements of the batch have the same id');
    const digests = statements.map((statement, i) => contentDigest({ ...statement, id: ids[i] }));
    await store.insertBatch(
      complete.map((statement, i) => ({ statement, digest: digests[i]! })),
      sender.clientId,
      received.attachments,
    );
    await rememberActivities(pool, complete);
    onStored();
    return ids;
  }

  return {
    async put(xapi: XapiRequest, res: Response, sender: XapiSender): Promise<void> {
      allowOnly(xapi.query, ['statementId']);
      const statementId = requireParameter(xapi.query, 'statementId');
      if (!isUuid(statementId)) throw badRequest('statementId is not a UUID');
      await receive(xapi, sender, statementId);
      res.status(204).end();
    },

    async post(xapi: XapiRequest, res: Response, sender: XapiSender): Promise<void> {
      allowOnly(xapi.query, []);
      res.status(200).json(await receive(xapi, sender));
    },

    async get(xapi: XapiRequest, res: Response, sender: XapiSender, basePath: string): Promise<void> {
      const { query } = xapi;
      const format = formatOf(query.format);
      const attachments = booleanOf(query, 'attachments', false);
      const languages = acceptedLanguages(xapi.header('accept-language'));
      if (query.statementId !== undefined || query.voidedStatementId !== undefined) {
        allowOnly(query, ['statementId', 'voidedStatementId', 'format', 'attachments']);
        if (query.statementId !== undefined && query.voidedStatementId !== undefined) {
          throw badRequest('Give statementId or voidedStatementId, not both');
        }
        const id = query.statementId ?? query.voidedStatementId!;
        if (!isUuid(id)) throw badRequest('The statement id is not a UUID');
        const statement = await store.byId(id, query.voidedStatementId !== undefined, sender.clientId);
        if (!statement) throw new XapiError(404, 'No such statement');
        res.set('Last-Modified', new Date(String(statement.stored)).toUTCString());
        await answerStatements(res, formatStatement(statement, format, languages), [statement], attachments);
        return;
      }
      const page = query.more !== undefined ? pageOfMore(query) : pageOfQuery(query);
      const { rows, upTo } = await store.query(page.filter, page.limit, sender.clientId);
      const more = rows.length > page.limit ? rows[page.limit - 1]!.position : null;
      const moreLink =
        more === null
          ? ''
          : `${basePath}/statements?more=${encodeMore({ ...page, filter: { ...page.filter, after: more, upTo } })}`;
      const shown = rows.slice(0, page.limit);
      if (page.format === 'exact' && !page.attachments) {
        // The statements as stored: their JSON text is sent as PostgreSQL gives it, never parsed and written again.
        const statements = shown.map((row) => row.json).join(',');
        res
          .status(200)
          .type('json')
          .send(`{"statements":[${statements}],"more":${JSON.stringify(moreLink)}}`);
        return;
      }
      const statements = shown.map((row) => JSON.parse(row.json) as Statement);
      const result = {
        statements: statements.map((statement) => formatStatement(statement, page.format, languages)),
        more: moreLink,
      };
      await answerStatements(res, result, statements, page.attachments);
    },
  };

  async function answerStatements(res: Response, body: unknown, statements: readonly Statement[], withAttachments: boolean) {
    if (!withAttachments) {
      res.status(200).json(body);
      return;
    }
    const hashes = [
      ...new Set(
        statements.flatMap((statement) => ((statement.attachments ?? []) as { sha2: string }[]).map((a) => a.sha2.toLowerCase())),
      ),
    ];
    const contents = await store.attachments(hashes);
    const multipart = buildMultipart([
      { headers: { 'Content-Type': 'application/json' }, body: Buffer.from(JSON.stringify(body)) },
      ...contents.map((content) => ({
        headers: {
          'Content-Type': content.contentType,
          'Content-Transfer-Encoding': 'binary',
          'X-Experience-API-Hash': content.sha2,
        },
        body: content.content,
      })),
    ]);
    res.status(200).type(multipart.contentType).send(multipart.body);
  }
}

interface Page {
  filter: StatementFilter;
  limit: number;
  format: StatementFormat;
  attachments: boolean;
}

function formatOf(value: string | undefined): StatementFormat {
  if (value === undefined) return 'exact';
  if (value === 'exact' || value === 'ids' || value === 'canonical') return value;
  throw badRequest('format is exact, ids or canonical');
}

function booleanOf(query: Record<string, string>, name: string, fallback: boolean): boolean {
  const value = query[name];
  if (value === undefined) return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw badRequest(`${name} is true or false`);
}

function limitOf(value: string | undefined): number {
  if (value === undefined) return STATEMENTS_PAGE_MAX;
  if (!/^[0-9]+$/.test(value)) throw badRequest('limit is a whole number');
  const limit = Number(value);
  return limit === 0 ? STATEMENTS_PAGE_MAX : Math.min(limit, STATEMENTS_PAGE_MAX);
}

function agentOf(value: string): string {
  const agent = parseJson(value, 'agent');
  const problems = agentParameterProblems(agent);
  if (problems.length > 0) throw badRequest(`Invalid agent: ${problems.join('; ')}`);
  return agentKey(agent)!;
}

function timestampOf(query: Record<string, string>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (!isTimestamp(value)) throw badRequest(`${name} is a timestamp (ISO 8601 with a time zone)`);
  return new Date(value).toISOString();
}

function iriOf(query: Record<string, string>, name: string): string | undefined {
  const value = query[name];
  if (value !== undefined && !isIri(value)) throw badRequest(`${name} is an IRI`);
  return value;
}

/** A first page: the query parameters checked (Communication 2.1.3). */
function pageOfQuery(query: Record<string, string>): Page {
  allowOnly(query, QUERY_PARAMETERS);
  if (query.registration !== undefined && !isUuid(query.registration)) throw badRequest('registration is a UUID');
  return {
    filter: {
      agent: query.agent === undefined ? undefined : agentOf(query.agent),
      relatedAgents: booleanOf(query, 'related_agents', false),
      verb: iriOf(query, 'verb'),
      activity: iriOf(query, 'activity'),
      relatedActivities: booleanOf(query, 'related_activities', false),
      registration: query.registration?.toLowerCase(),
      since: timestampOf(query, 'since'),
      until: timestampOf(query, 'until'),
      ascending: booleanOf(query, 'ascending', false),
    },
    limit: limitOf(query.limit),
    format: formatOf(query.format),
    attachments: booleanOf(query, 'attachments', false),
  };
}

const encodeMore = (page: Page) => Buffer.from(JSON.stringify(page)).toString('base64url');

/** A further page: the `more` link holds the first page's query and where it stopped. */
function pageOfMore(query: Record<string, string>): Page {
  allowOnly(query, ['more']);
  try {
    const page = JSON.parse(Buffer.from(query.more!, 'base64url').toString('utf8')) as Page;
    if (typeof page.limit !== 'number' || !isStatementObject(page.filter)) throw new Error('not a page');
    return page;
  } catch {
    throw badRequest('more is not a link this LRS gave');
  }
}

type Definition = Record<string, unknown>;

/** Two definitions of one activity as one: the newer's fields win, language maps (name, description) are joined. */
export function mergeDefinitions(older: Definition, newer: Definition): Definition {
  const merged: Definition = { ...older, ...newer };
  for (const key of ['name', 'description']) {
    if (isStatementObject(older[key]) && isStatementObject(newer[key])) merged[key] = { ...older[key], ...newer[key] };
  }
  return merged;
}

function activitiesOf(statements: readonly Statement[]): Map<string, Definition> {
  const definitions = new Map<string, Definition>();
  const visit = (object: unknown) => {
    if (!isStatementObject(object)) return;
    if ((object.objectType === undefined || object.objectType === 'Activity') && typeof object.id === 'string') {
      const definition = isStatementObject(object.definition) ? object.definition : {};
      definitions.set(object.id, mergeDefinitions(definitions.get(object.id) ?? {}, definition));
    }
  };
  for (const statement of statements) {
    visit(statement.object);
    const context = statement.context as { contextActivities?: Record<string, unknown> } | undefined;
    for (const list of Object.values(context?.contextActivities ?? {})) (Array.isArray(list) ? list : [list]).forEach(visit);
    if (isStatementObject(statement.object) && statement.object.objectType === 'SubStatement') visit(statement.object.object);
  }
  return definitions;
}

/** Every definition of each activity the statements carry, joined, for `GET /activities`. */
async function rememberActivities(pool: pg.Pool, statements: readonly Statement[]): Promise<void> {
  const definitions = activitiesOf(statements);
  if (definitions.size === 0) return;
  const { rows } = await pool.query<{ id: string; definition: Definition }>(
    'SELECT id, definition FROM xapi.activities WHERE id = ANY($1::text[])',
    [[...definitions.keys()]],
  );
  const known = new Map(rows.map((row) => [row.id, row.definition]));
  // Only what a statement added: the definitions a course sends with every statement cost no write.
  const changed = [...definitions].flatMap(([id, definition]) => {
    const stored = known.get(id);
    if (stored === undefined) return [[id, definition] as const];
    const merged = mergeDefinitions(stored, definition);
    return canonicalJson(merged) === canonicalJson(stored) ? [] : [[id, merged] as const];
  });
  if (changed.length === 0) return;
  await pool.query(
    `INSERT INTO xapi.activities (id, definition) SELECT key, value FROM jsonb_each($1::jsonb)
     ON CONFLICT (id) DO UPDATE SET definition = EXCLUDED.definition`,
    [JSON.stringify(Object.fromEntries(changed))],
  );
}
