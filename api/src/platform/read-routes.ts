import type { Request, RequestHandler, Response, Router } from 'express';

/**
 * The dashboard's reads, declared once and answered two ways with the same handlers: through the
 * feature's router (the generic stack), and, ahead of it, by `answerDeclaredReads`, which runs the
 * middleware a read needs (security headers, correlation id, log line, metrics, safe text,
 * read-after) and then the read's own handlers (sign-in, permission checks, the cached bytes),
 * without walking every layer of the app and every router on the way. The profile of a cached
 * read put about a fifth of its CPU in that walk.
 */
export interface DeclaredRead {
  /** Below `/api`, as the router has it: `/stats`, `/manager/:managerId/stats`. */
  path: string;
  /** As given to `router.get`: the sign-in, permission checks, then the answer. */
  handlers: RequestHandler[];
}

const declaredReads = new WeakMap<Router, DeclaredRead[]>();

/** `router.get(path, ...handlers)`, and remembered as a read `answerDeclaredReads` may answer first. */
export function declareRead(router: Router, path: string, ...handlers: RequestHandler[]): void {
  router.get(path, ...handlers);
  declaredReads.set(router, [...(declaredReads.get(router) ?? []), { path, handlers }]);
}

/** The reads declared on `routers`, in their order. */
export function readsOf(routers: readonly Router[]): DeclaredRead[] {
  return routers.flatMap((router) => declaredReads.get(router) ?? []);
}

type Done = (error?: unknown) => void;

/** Runs `handlers` in turn as Express does (a thrown error or a rejected promise goes to `done`); `done()` when all passed. */
function runHandlers(handlers: readonly RequestHandler[], req: Request, res: Response, done: Done): void {
  let index = 0;
  const next: Done = (error) => {
    if (error !== undefined && error !== null) return done(error);
    const handler = handlers[index++];
    if (!handler) return done();
    try {
      const result: unknown = handler(req, res, next);
      if (result instanceof Promise) result.catch((reason: unknown) => next(reason ?? new Error('Rejected promise')));
    } catch (thrown) {
      next(thrown);
    }
  };
  next();
}

interface MatchedRead {
  pattern: ReadPattern;
  params: Record<string, string>;
}

interface ReadPattern {
  read: DeclaredRead;
  /** Lower-case literal segments, or a parameter's name after ':'. */
  segments: string[];
  /** The middleware before every read, then the read's handlers: put together once, not per request. */
  chain: RequestHandler[];
  /** `req.route` as the router sets it (the metrics label a request by its pattern). */
  route: { path: string };
}

/**
 * Segments of a request path as the router matches them: case ignored, one trailing slash
 * allowed; null for a path the router may read otherwise (empty segments), left to it.
 */
function segmentsOfPath(path: string): string[] | null {
  const segments = path
    .replace(/(.)\/$/, '$1')
    .split('/')
    .slice(1);
  return segments.some((segment) => segment === '') ? null : segments;
}

function matchPattern(pattern: ReadPattern, path: readonly string[]): MatchedRead | null {
  const { segments } = pattern;
  if (segments.length !== path.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of segments.entries()) {
    const given = path[index]!;
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(given);
      } catch {
        // The router answers a malformed parameter (400).
        return null;
      }
    } else if (segment !== given.toLowerCase()) return null;
  }
  return { pattern, params };
}

/**
 * Answers a GET or HEAD of a declared read (`reads`, paths below `/api`) before the rest of the
 * app: `before` (the middleware every `/api` read passes through, in the app's order), then the
 * read's handlers, with `req.params` and `req.route` set as the router sets them (the metrics
 * label a request by its route's pattern). Errors go to the app's error handler; any other request
 * goes on untouched. A GET skips no check of the generic path: the cross-site check and the body
 * parser pass every GET and HEAD there.
 */
export function answerDeclaredReads(reads: readonly DeclaredRead[], before: readonly RequestHandler[]): RequestHandler {
  const patterns: ReadPattern[] = reads.map((read) => ({
    read,
    segments: ['api', ...read.path.split('/').slice(1)].map((segment) =>
      segment.startsWith(':') ? segment : segment.toLowerCase(),
    ),
    chain: [...before, ...read.handlers],
    route: { path: `/api${read.path}` },
  }));
  const matchRead = (path: string): MatchedRead | null => {
    const segments = segmentsOfPath(path);
    if (!segments) return null;
    for (const pattern of patterns) {
      const matched = matchPattern(pattern, segments);
      if (matched) return matched;
    }
    return null;
  };
  return (req, res, next) => {
    const matched = req.method === 'GET' || req.method === 'HEAD' ? matchRead(req.path) : null;
    if (!matched) return next();
    req.params = matched.params;
    req.route = matched.pattern.route;
    runHandlers(matched.pattern.chain, req, res, next);
  };
}
