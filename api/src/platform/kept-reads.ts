import type { IncomingMessage, ServerResponse } from 'node:http';
import { READ_AFTER_HEADER } from '@tht/contracts';
import type { Express, Request, Response } from 'express';
import { keptSignInHolds } from '../auth/require-auth';
import { CORRELATION_HEADER, correlationIdOf } from './commands';
import type { AppContext } from './context';
import { loggableUrl, type RecordRequest } from './http-logging';
import { routeOf, type Metrics } from './metrics';
import { createReadModelCache, type ReadModelCache } from './read-model-cache';
import { ifNoneMatchHits, renderedHeaders, takeRenderedAnswer, type RenderedJson } from './read-responses';

/**
 * The read fast path (decision 051): a declared read (`read-routes.ts`) that the app answered
 * with a read model's rendered bytes (`sendReadModelJson`) is kept for the token and the exact URL
 * that asked, and the same request again is answered from Node's request handling before Express:
 * the sign-in checked from what the process keeps (`keptSignInHolds`), the kept bytes or a 304,
 * the header block computed when kept written in one `writeHead`, the same log record and metrics.
 *
 * What the app decided for that token and URL (the query's parsing and safe text, the route's
 * permission checks, the body) holds while the read models do not change: the kept answers are a
 * read-model cache, forgotten at every change, and a token is refused or renewed as the app would
 * before any is used. Anything else goes to the app unchanged: another method or path, a miss, an
 * `x-read-after`, a token not sent as a plain Bearer header, a sign-in the process cannot judge
 * from memory or that the app would refuse, renew or hold.
 */
export interface KeptRead {
  rendered: RenderedJson;
  /** The route's pattern: the metrics' label. */
  route: string;
  /** The URL as the log record names it. */
  loggedUrl: string;
  /** The `200`'s headers but the correlation id, as `writeHead` takes them. */
  ok: string[];
  /** The `304`'s. */
  notModified: string[];
  /** The end of the server's day it was kept on (ms): some reads change with the day (`serverDay` in their keys). */
  dayEnds: number;
}

export type KeptReadCache = ReadModelCache<string, KeptRead>;

/** Kept answers at most, and their bytes (the response cache's bodies, shared with it). */
export const createKeptReadCache = (): KeptReadCache =>
  createReadModelCache<string, KeptRead>({
    maxEntries: 20_000,
    maxWeight: 64 * 1024 * 1024,
    weigh: (read) => read.rendered.body.length,
  });

export interface KeptReadsSetup {
  ctx: AppContext;
  kept: KeptReadCache;
  /** The headers every response gets (`securityHeaderPairs`). */
  securityHeaders: readonly (readonly [string, string])[];
  /** The patterns (`/api/stats`) of the declared reads. */
  declaredRoutes: ReadonlySet<string>;
  record: RecordRequest;
  observe: Metrics['observe'];
}

const BEARER = 'Bearer ';
const READ_AFTER = READ_AFTER_HEADER.toLowerCase();

/** The token of an `Authorization: Bearer <token>` header as simple as a browser sends it, else null. */
function plainBearerToken(authorization: string | undefined): string | null {
  if (authorization === undefined || !authorization.startsWith(BEARER)) return null;
  const token = authorization.slice(BEARER.length);
  return token !== '' && !/\s/.test(token) ? token : null;
}

/** The headers a kept read's answer was sent with are exactly those of `expected` (lower case), set before it was rendered. */
const setExactly = (res: Response, expected: ReadonlySet<string>) =>
  res.getHeaderNames().length === expected.size && res.getHeaderNames().every((name) => expected.has(name));

/** The next midnight of the server's calendar, in ms since the epoch. */
function nextMidnight(): number {
  const midnight = new Date();
  midnight.setHours(24, 0, 0, 0);
  return midnight.getTime();
}

const flat = (pairs: readonly (readonly [string, string])[]): string[] => pairs.flat();

/** Answers a request from a kept read (true), or arranges for its answer to be kept and leaves it to the app (false). */
export function keptReadAnswers(setup: KeptReadsSetup): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { ctx, kept, securityHeaders, declaredRoutes, record, observe } = setup;
  const before = new Set([...securityHeaders.map(([name]) => name.toLowerCase()), CORRELATION_HEADER]);

  function keptReadOf(req: Request, res: Response, rendered: RenderedJson): KeptRead | null {
    const route = routeOf(req);
    if (!declaredRoutes.has(route) || !setExactly(res, before)) return null;
    return {
      rendered,
      route,
      loggedUrl: loggableUrl(req.originalUrl),
      ok: flat([...securityHeaders, ...renderedHeaders(rendered, false)]),
      notModified: flat([...securityHeaders, ...renderedHeaders(rendered, true)]),
      dayEnds: nextMidnight(),
    };
  }

  function keepWhenRendered(req: IncomingMessage, res: ServerResponse, key: string): void {
    const keep = kept.keeperOf(key);
    takeRenderedAnswer(req, (rendered) => {
      const read = keptReadOf(req as Request, res as Response, rendered);
      if (read) keep(read);
    });
  }

  return (req, res) => {
    const started = performance.now();
    const { method, url = '', headers } = req;
    if ((method !== 'GET' && method !== 'HEAD') || !url.startsWith('/api/') || headers[READ_AFTER] !== undefined) return false;
    const token = plainBearerToken(headers.authorization);
    if (token === null) return false;
    const key = `${token} ${url}`;
    const read = keptSignInHolds(ctx, token) ? kept.peek(key) : undefined;
    if (!read || Date.now() >= read.dayEnds) {
      keepWhenRendered(req, res, key);
      return false;
    }
    const correlationId = correlationIdOf(headers[CORRELATION_HEADER]);
    const notModified = ifNoneMatchHits(headers['if-none-match'], read.rendered.etag);
    res.writeHead(notModified ? 304 : 200, [...(notModified ? read.notModified : read.ok), CORRELATION_HEADER, correlationId]);
    if (notModified) res.end();
    else res.end(read.rendered.body);
    record(method, read.loggedUrl, correlationId, res, started);
    observe(method, read.route, res.statusCode, started);
    return true;
  };
}

type Handle = (req: IncomingMessage, res: ServerResponse, callback?: (error?: unknown) => void) => void;

/**
 * Puts `answer` before the whole of `app`: Express calls its `handle` for every request, so what
 * `answer` takes skips Express's request set-up, router and final handler.
 */
export function answerBeforeExpress(app: Express, answer: (req: IncomingMessage, res: ServerResponse) => boolean): void {
  const withHandle = app as unknown as { handle: Handle };
  const handle = withHandle.handle.bind(app);
  withHandle.handle = (req, res, callback) => {
    if (!answer(req, res)) handle(req, res, callback);
  };
}
