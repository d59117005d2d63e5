import { SCIM_MESSAGES as S } from '@tht/contracts';
import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import SCIMMY from 'scimmy';
import SCIMMYRouters from 'scimmy-routers';
import { bearerOf } from '../platform/bearer-token';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { answeringScimErrors, type ScimContext } from './scim-context';
import { deleteGroup, readGroups, writeGroup } from './scim-group-handlers';
import { standardPatchRequest } from './scim-requests';
import { directoryStore } from './scim-store';
import { deleteUser, readUsers, writeUser } from './scim-user-handlers';

const SCIM_CONTENT_TYPE = 'application/scim+json';
/** A PATCH of a large group's members is the largest request a provider sends. */
const SCIM_BODY_LIMIT = '1mb';

const contextOf = (args: readonly unknown[]) => args.at(-1) as ScimContext;

/** A handler as the library's registry takes it (its types want the library's own schema classes back). */
type Registered<Resource extends typeof SCIMMY.Resources.User | typeof SCIMMY.Resources.Group> = {
  egress: Parameters<Resource['egress']>[0];
  ingress: Parameters<Resource['ingress']>[0];
  degress: Parameters<Resource['degress']>[0];
};

function registered<Resource extends typeof SCIMMY.Resources.User | typeof SCIMMY.Resources.Group>(handlers: {
  egress: (resource: InstanceType<Resource>, scim: ScimContext) => Promise<unknown>;
  ingress: (resource: InstanceType<Resource>, instance: never, scim: ScimContext) => Promise<unknown>;
  degress: (resource: InstanceType<Resource>, scim: ScimContext) => Promise<void>;
}): Registered<Resource> {
  return {
    egress: answeringScimErrors(handlers.egress, contextOf) as Registered<Resource>['egress'],
    ingress: answeringScimErrors(handlers.ingress, contextOf) as Registered<Resource>['ingress'],
    degress: answeringScimErrors(handlers.degress, contextOf) as Registered<Resource>['degress'],
  };
}

let declared = false;

/**
 * Users (with the enterprise extension) and Groups in the library's registry, once per process:
 * the handlers find the app of each request in the context the router passes them.
 */
function declareResources(): void {
  if (declared) return;
  declared = true;
  const users = registered<typeof SCIMMY.Resources.User>({ egress: readUsers, ingress: writeUser, degress: deleteUser });
  SCIMMY.Resources.declare(
    SCIMMY.Resources.User.extend(SCIMMY.Schemas.EnterpriseUser, false)
      .egress(users.egress)
      .ingress(users.ingress)
      .degress(users.degress),
  );
  const groups = registered<typeof SCIMMY.Resources.Group>({ egress: readGroups, ingress: writeGroup, degress: deleteGroup });
  SCIMMY.Resources.declare(SCIMMY.Resources.Group.egress(groups.egress).ingress(groups.ingress).degress(groups.degress));
}

/** A SCIM error body (RFC 7644 section 3.12). */
function answerScimError(res: Response, status: number, detail: string, scimType?: string): void {
  res
    .status(status)
    .type(SCIM_CONTENT_TYPE)
    .json({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: String(status),
      ...(scimType && { scimType }),
      detail,
    });
}

const notServed: RequestHandler = (_req, res) => answerScimError(res, 404, S.notFound);

/** Only a bearer of SCIM_TOKEN passes. */
function requireToken(token: string): RequestHandler {
  const bearsToken = bearerOf(token);
  return (req, res, next) => {
    if (bearsToken(req)) return next();
    res.set('WWW-Authenticate', 'Bearer realm="scim"');
    answerScimError(res, 401, S.tokenRequired);
  };
}

/** A body that is no JSON, too large or in an unknown character set answers as a SCIM error. */
const answerUnreadableBody: ErrorRequestHandler = (error: { status?: number; message?: string }, _req, res, _next) => {
  if (error.status === 413) return answerScimError(res, 413, error.message ?? 'Request body too large');
  answerScimError(res, 400, error.message ?? 'Unreadable request body', 'invalidSyntax');
};

/**
 * Express 5 parses `req.query` again on each read, so the library's reading of `startIndex` and
 * `count` as numbers would be lost: the parsed query is kept for the request instead.
 */
const keepParsedQuery: RequestHandler = (req, _res, next) => {
  Object.defineProperty(req, 'query', { value: { ...req.query }, writable: true, configurable: true, enumerable: true });
  next();
};

/** Entra ID's PATCH requests made standard (`scim-requests.ts`) before the library reads them. */
const standardPatch: RequestHandler = (req, _res, next) => {
  if (req.method === 'PATCH') req.body = standardPatchRequest(req.body);
  next();
};

/** A failure the library answered with 500 (it passes it on after answering): logged by the handler already. */
const alreadyAnswered: ErrorRequestHandler = (error, _req, res, next) => (res.headersSent ? undefined : next(error));

/**
 * The SCIM 2.0 service provider (RFC 7643, RFC 7644), mounted at `/scim/v2`: Users and Groups of
 * the organisation's directory, for a bearer of SCIM_TOKEN; without SCIM_TOKEN every path is 404.
 * The routes, filters and PATCH operations are the `scimmy` and `scimmy-routers` libraries'; each
 * change goes through the product's commands with the directory as the actor.
 */
export function createScimRouter(ctx: AppContext): Router {
  const router = Router();
  const settings = ctx.config.scim;
  if (!settings) {
    router.use(notServed);
    return router;
  }
  declareResources();
  const directory = directoryStore(ctx.pool);
  const scimRouters = new SCIMMYRouters({
    type: 'bearer',
    // The token was checked before (requireToken); no SCIM user is "me".
    handler: () => undefined as unknown as string,
    context: (req: Request): ScimContext => ({ app: ctx, directory, actor: { ...actorOf(req), userId: null, kind: 'directory' } }),
    baseUri: () => ctx.config.publicUrl,
  });
  // What the service provider supports, as /ServiceProviderConfig says it: no bulk operations.
  SCIMMY.Config.set({ bulk: false });
  router.use(requireToken(settings.token));
  router.use(express.json({ type: [SCIM_CONTENT_TYPE, 'application/json'], limit: SCIM_BODY_LIMIT }), answerUnreadableBody);
  router.use(keepParsedQuery, standardPatch, scimRouters, alreadyAnswered);
  return router;
}
