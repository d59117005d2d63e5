import { successStatusOf, type Access, type ApiRoute, type RouteGroup, type ServedAnswerOf } from '@tht/contracts';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import { parseWith } from './http';
import { declareRead } from './read-routes';

type ParsedParams<Route extends ApiRoute> =
  Route['params'] extends Readonly<Record<string, z.ZodType>>
    ? { [Name in keyof Route['params']]: z.output<Route['params'][Name]> }
    : Record<string, never>;

type ParsedQuery<Route extends ApiRoute> = Route['query'] extends z.ZodObject ? z.output<Route['query']> : Record<string, never>;

/** What a handler is given: the path's parameters and the query, parsed by the route's schemas. */
export interface RouteCall<Route extends ApiRoute> {
  params: ParsedParams<Route>;
  query: ParsedQuery<Route>;
  req: Request;
  res: Response;
}

/**
 * Answers a call: resolves to the success answer's body (sent as JSON with the route's success
 * status), or sends the answer itself through `res` (a stream, a file, another status) and resolves
 * to nothing.
 */
export type RouteHandler<Route extends ApiRoute> = (
  call: RouteCall<Route>,
) => Promise<ServedAnswerOf<Route> | void> | ServedAnswerOf<Route> | void;

export interface RouteServing<Route extends ApiRoute> {
  handle: RouteHandler<Route>;
  /** Checks run after the route's access check and before its parameters are parsed (a rate limit, a role). */
  before?: readonly RequestHandler[];
  /** A read answered ahead of the generic stack (`read-routes.ts`): the dashboard's hot reads. */
  answeredFirst?: boolean;
}

/** A handler for every route of the group: a route without one, or one without a route, does not compile. */
export type GroupHandlers<Group extends RouteGroup> = {
  [Id in keyof Group]: RouteHandler<Group[Id]> | RouteServing<Group[Id]>;
};

/** An Express handler that always answers by itself (or fails through `next`), as a route's handler. */
export function answeredBy(handler: RequestHandler): RouteHandler<ApiRoute> {
  return ({ req, res }) =>
    new Promise<void>((resolve, reject) => {
      const fail = (error: unknown) => reject(error instanceof Error ? error : new Error(String(error)));
      const next = (error?: unknown) => (error ? fail(error) : resolve());
      Promise.resolve(handler(req, res, next)).then(() => resolve(), fail);
    });
}

/** The checks each kind of access runs before a route's own (sign-in, role). */
export type AccessGuards = Readonly<Record<Access, readonly RequestHandler[]>>;

/** `/api/entries/{id}` as the `/api` router matches it: `/entries/:id`. */
export const expressPathOf = (route: ApiRoute): string => route.path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1');

function parsedParams(route: ApiRoute, req: Request): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(route.params ?? {}).map(([name, schema]) => [name, parseWith(schema, req.params[name])]),
  );
}

function answering<Route extends ApiRoute>(route: Route, handle: RouteHandler<Route>): RequestHandler {
  const status = successStatusOf(route);
  return async (req, res) => {
    const params = parsedParams(route, req) as ParsedParams<Route>;
    const query = (route.query ? parseWith(route.query, req.query) : {}) as ParsedQuery<Route>;
    const answer = await handle({ params, query, req, res });
    if (res.headersSent) return;
    if (answer === undefined) throw new Error(`${route.method.toUpperCase()} ${route.path} answered nothing`);
    res.status(status).json(answer);
  };
}

const servingOf = <Route extends ApiRoute>(handler: RouteHandler<Route> | RouteServing<Route>): RouteServing<Route> =>
  typeof handler === 'function' ? { handle: handler } : handler;

/**
 * Registers on `router` (mounted under `/api`) a handler for each route of `group`, behind the
 * checks its access names, in the group's order.
 */
export function mountRoutes<Group extends RouteGroup>(
  router: Router,
  guards: AccessGuards,
  group: Group,
  handlers: GroupHandlers<Group>,
): void {
  for (const operationId of Object.keys(group) as (keyof Group & string)[]) {
    const route: ApiRoute = group[operationId]!;
    const {
      handle,
      before = [],
      answeredFirst = false,
    } = servingOf<ApiRoute>(handlers[operationId] as RouteHandler<ApiRoute> | RouteServing<ApiRoute>);
    const chain = [...guards[route.access], ...before, answering(route, handle)];
    if (answeredFirst) declareRead(router, expressPathOf(route), ...chain);
    else router[route.method](expressPathOf(route), ...chain);
  }
}
