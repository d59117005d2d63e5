import express, {
  Router,
  type ErrorRequestHandler,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { clientAddressKey, requestCounter, type RequestCounter, type RequestLimit } from '../auth/request-limits';
import type { AppContext } from '../platform/context';
import { discardUnreadBody, HttpError } from '../platform/http';
import type { Logger } from '../platform/logger';
import { xapiClientStore, secretMatches, type XapiClientStore } from './xapi-clients';
import { documentHandlers } from './xapi-documents';
import {
  allowOnly,
  handled,
  negotiateVersion,
  parseJson,
  requireParameter,
  unwrapRequest,
  XapiError,
  xapiRequestOf,
  type XapiRequest,
  type XapiVersion,
} from './xapi-http';
import { agentParameterProblems, isIri } from './xapi-statement-rules';
import { statementHandlers, type XapiSender } from './xapi-statements';

const MB = 1024 * 1024;

/** 1,000 statements with attachments; larger bodies are refused with 413. Read only once the credentials passed. */
export const XAPI_BODY_LIMIT_BYTES = 20 * MB;

/**
 * The alternate request syntax's form, read before its credentials (which it may carry) are
 * checked: the headers and parameters, and a `content` of UTF-8 text (no attachments, Communication
 * 1.3), a few statements or a document from a browser that cannot set headers (decision 047).
 */
export const XAPI_ALTERNATE_FORM_LIMIT_BYTES = 1 * MB;

/** What a refused request's unread body may still bring (nginx passes 21 MB to /xapi/): read and dropped, never kept. */
const REFUSED_BODY_DRAIN_BYTES = XAPI_BODY_LIMIT_BYTES + MB;

/** Failed authentications per client address; past them a refusal is a 429 with Retry-After (decision 047). */
export const XAPI_AUTHENTICATION_FAILURES: RequestLimit = {
  name: 'xapi-authentication-failures-per-address',
  points: 100,
  durationSeconds: 15 * 60,
  message: 'Too many failed authentications from this address: wait before trying again',
};

const VERSION_HEADER = 'X-Experience-API-Version';

/** The versions `GET /xapi/about` lists. */
export const XAPI_VERSIONS = ['1.0.0', '1.0.1', '1.0.2', '1.0.3', '2.0.0'];

/**
 * Reads the request as the LRS sees it (alternate syntax unwrapped) and negotiates the version; a
 * request naming none is answered in `XAPI_DEFAULT_VERSION`.
 */
const readXapiRequest =
  (defaultVersion: XapiVersion) =>
  (req: Request, res: Response, next: NextFunction): void => {
    const unwrapped = unwrapRequest(req);
    const header = unwrapped.header(VERSION_HEADER);
    const isAbout = req.path === '/about' || req.path === '/about/';
    const version = negotiateVersion(header);
    res.set(VERSION_HEADER, version ?? defaultVersion);
    if (version === null && !(isAbout && header === undefined)) {
      throw new XapiError(
        400,
        header === undefined ? `${VERSION_HEADER} is required` : `${VERSION_HEADER} ${header} is not supported`,
      );
    }
    if (version === '2.0.0' && req.query.method !== undefined) throw new XapiError(400, 'xAPI 2.0 has no alternate request syntax');
    // Assigned onto the request, not spread: a plain request's body is read later, after its credentials.
    res.locals.xapi = Object.assign(unwrapped, { version: version ?? defaultVersion }) satisfies XapiRequest;
    next();
  };

/**
 * HTTP Basic with a connected system's key and secret (Communication 4.0); the system becomes the
 * statements' authority. Checked from the headers before any body is read (the alternate syntax's
 * small form aside); each failure is counted against the client's address.
 */
function authenticate(clients: XapiClientStore, failures: RequestCounter, publicUrl: string): RequestHandler {
  return (req, res, next) => {
    const refuse = (message: string) => {
      const client = clientAddressKey(req);
      failures
        .consume(client, { client, account: null })
        .then(() => next(new XapiError(401, message, { 'WWW-Authenticate': 'Basic realm="xapi"' })))
        .catch(next);
    };
    const header = xapiRequestOf(res).header('authorization') ?? '';
    const encoded = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header)?.[1];
    if (!encoded) return refuse("HTTP Basic authentication with a connected system's key and secret is required");
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return refuse('Malformed Basic credentials');
    const key = decoded.slice(0, colon);
    clients
      .credentials(key)
      .then((credentials) => {
        if (!credentials || !credentials.enabled || !secretMatches(credentials, decoded.slice(colon + 1))) {
          return refuse('Unknown key, wrong secret or a disabled connected system');
        }
        const sender: XapiSender = {
          clientId: credentials.id,
          authority: { objectType: 'Agent', name: credentials.name, account: { homePage: publicUrl, name: credentials.key } },
        };
        res.locals.sender = sender;
        next();
      })
      .catch(next);
  };
}

/**
 * The body as bytes, for the requests `type` picks, up to `limit`: a 413 beyond, before a byte is
 * read when the Content-Length says so.
 */
function rawBody(limit: number, type: (req: Request) => boolean): RequestHandler[] {
  const tooLong: RequestHandler = (req, _res, next) => {
    const announced = type(req) && Number(req.get('content-length') ?? 0) > limit;
    next(announced ? new XapiError(413, `The request is larger than ${limit / MB} MB`) : undefined);
  };
  // body-parser hands `type` the bare message; it is the Express request the router gave.
  return [tooLong, express.raw({ type: (req) => type(req as Request), limit })];
}

const isAlternateSyntax = (req: Request) => req.query.method !== undefined;

const senderOf = (res: Response) => res.locals.sender as XapiSender;

function about(_xapi: XapiRequest, res: Response): void {
  res.status(200).json({ version: XAPI_VERSIONS, extensions: {} });
}

/** `GET /activities`: an activity with the newest definition the statements gave. */
function activities(ctx: AppContext) {
  return async (xapi: XapiRequest, res: Response) => {
    allowOnly(xapi.query, ['activityId']);
    const activityId = requireParameter(xapi.query, 'activityId');
    if (!isIri(activityId)) throw new XapiError(400, 'activityId is an IRI');
    const { rows } = await ctx.pool.query<{ definition: Record<string, unknown> }>(
      'SELECT definition FROM xapi.activities WHERE id = $1',
      [activityId],
    );
    const definition = rows[0]?.definition;
    res
      .status(200)
      .json({ objectType: 'Activity', id: activityId, ...(definition && Object.keys(definition).length > 0 && { definition }) });
  };
}

/** `GET /agents`: the Person object of an agent (this LRS knows each agent by the identifier given). */
function agents(xapi: XapiRequest, res: Response): void {
  allowOnly(xapi.query, ['agent']);
  const agent = parseJson(requireParameter(xapi.query, 'agent'), 'agent') as Record<string, unknown>;
  const problems = agentParameterProblems(agent);
  if (problems.length > 0) throw new XapiError(400, `Invalid agent: ${problems.join('; ')}`);
  const person: Record<string, unknown> = { objectType: 'Person' };
  for (const key of ['name', 'mbox', 'mbox_sha1sum', 'openid', 'account']) if (agent[key] !== undefined) person[key] = [agent[key]];
  res.status(200).json(person);
}

/**
 * Sends a refusal at once, also one decided before the body was read (credentials, version), and
 * ends the response once the rest of the body has been read and dropped (up to
 * REFUSED_BODY_DRAIN_BYTES, never kept; past that the connection is cut): a connection closed while
 * the body still arrives is reset, and the client or a proxy in front (nginx) would see the reset
 * instead of the refusal.
 */
function sendRefusal(req: Request, res: Response, refusal: { status: number; message: string; headers?: Record<string, string> }) {
  const body = JSON.stringify({ error: refusal.message });
  res
    .set(refusal.headers ?? {})
    .status(refusal.status)
    .type('json')
    .set('Content-Length', String(Buffer.byteLength(body)));
  res.write(body);
  void discardUnreadBody(req, REFUSED_BODY_DRAIN_BYTES).then(() => res.end());
}

/** Answers the LRS's refusals as `{ error }` with their status (a rate limit's 429 too); anything else is a bare 500. */
function xapiErrors(log: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const status = (error as { status?: number; type?: string }).status;
    if (error instanceof XapiError || error instanceof HttpError) {
      sendRefusal(req, res, { status: error.status, message: error.message, headers: { ...error.headers } });
    } else if (status === 413) {
      sendRefusal(req, res, { status: 413, message: 'The request is too large' });
    } else if (status === 400) {
      sendRefusal(req, res, { status: 400, message: 'Malformed request' });
    } else {
      log.error(`xAPI ${req.method} ${req.path} failed`, error);
      sendRefusal(req, res, { status: 500, message: 'Internal server error' });
    }
  };
}

/** Every GET of statements, even a refused one, says how far its reads are consistent (Communication 2.1.3). */
const consistentThrough: RequestHandler = (req, res, next) => {
  res.set('X-Experience-API-Consistent-Through', new Date().toISOString());
  next();
};

/**
 * The Learning Record Store at `PUBLIC_URL/xapi/` (issue #32, decision 044): xAPI 1.0.3 and 2.0.0,
 * its own protocol beside the route table, answered to connected systems with their key and secret.
 */
export function createXapiRouter(ctx: AppContext): Router {
  const router = Router();
  const clients = xapiClientStore(ctx.pool);
  const statements = statementHandlers(ctx.pool, ctx.now, ctx.xapiStatementsStored);
  const documents = documentHandlers(ctx.pool, ctx.now);
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.use('/statements', consistentThrough);
  // The door (decision 047): only the alternate syntax's small form is read before the credentials are checked.
  router.use(rawBody(XAPI_ALTERNATE_FORM_LIMIT_BYTES, isAlternateSyntax));
  router.use(readXapiRequest(ctx.config.xapiDefaultVersion));
  router.get('/about', handled(about));
  router.use(authenticate(clients, requestCounter(ctx.pool, XAPI_AUTHENTICATION_FAILURES), ctx.config.publicUrl));
  router.use(rawBody(XAPI_BODY_LIMIT_BYTES, () => true));
  router.put(
    '/statements',
    handled((xapi, res) => statements.put(xapi, res, senderOf(res))),
  );
  router.post(
    '/statements',
    handled((xapi, res) => statements.post(xapi, res, senderOf(res))),
  );
  router.get('/statements', (req, res, next) =>
    handled((xapi) => statements.get(xapi, res, senderOf(res), req.baseUrl))(req, res, next),
  );
  const resources = [
    ['/activities/state', 'state'],
    ['/activities/profile', 'activity_profile'],
    ['/agents/profile', 'agent_profile'],
  ] as const;
  for (const [path, kind] of resources) {
    router.get(path, handled(documents.get(kind)));
    router.put(path, handled(documents.put(kind)));
    router.post(path, handled(documents.post(kind)));
    router.delete(path, handled(documents.delete(kind)));
  }
  router.get('/activities', handled(activities(ctx)));
  router.get('/agents', handled(agents));
  router.use((_req, _res, next) => next(new XapiError(404, 'No such xAPI resource')));
  router.use(xapiErrors(ctx.log));
  return router;
}
