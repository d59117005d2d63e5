import { createHash } from 'node:crypto';
import { toIsoDate } from '@tht/contracts';
import type { Request, Response } from 'express';
import { createReadModelCache, type ReadModelCache, type ReadModelCacheOptions } from './read-model-cache';

/**
 * Signed-in reads served from bytes rendered once per read-model state.
 *
 * A read's JSON body is rendered into a Buffer with a strong `ETag` (a hash of those bytes) and kept
 * in the process's response cache, one of the read-model caches (`ReadModelCache`): forgotten
 * whenever the read models change, used but not kept when rendered while they changed, not kept at
 * all while change notifications cannot reach the process. A repeat read sends the same bytes; a
 * client that sends the ETag back in `If-None-Match` gets `304 Not Modified` and no body.
 *
 * The route authorises the request BEFORE it asks for the bytes, and the key is the request's
 * meaning (route and the parsed, normalised parameters), never its raw URL. The body must not
 * depend on who asks unless the key names what it depends on (e.g. the user of `GET /api/user`),
 * and every query behind it orders its rows completely, so the same read-model rows always give
 * the same bytes (after a rebuild too).
 */
export interface RenderedJson {
  body: Buffer;
  /** Strong entity tag: a hash of `body`. */
  etag: string;
}

export type ResponseCache = ReadModelCache<string, RenderedJson>;

/** Bodies kept at most, in bytes: a team's entry list may be a megabyte, most bodies are far smaller. */
const RESPONSE_CACHE_BYTES = 64 * 1024 * 1024;

export function createResponseCache(options: ReadModelCacheOptions<RenderedJson> = {}): ResponseCache {
  return createReadModelCache<string, RenderedJson>({
    maxEntries: 20_000,
    maxWeight: RESPONSE_CACHE_BYTES,
    weigh: (rendered) => rendered.body.length,
    ...options,
  });
}

export function renderJson(json: string): RenderedJson {
  const body = Buffer.from(json);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}

type KeyPart = string | number | boolean | null | undefined;

/** A cache key: the route and its parameters as parsed (absent ones as null), in a fixed order. */
export function responseKey(route: string, ...parameters: KeyPart[]): string {
  return JSON.stringify([route, ...parameters.map((parameter) => parameter ?? null)]);
}

/** The server's calendar day, for the key of a read that changes with it ('This Month', a schedule, a year's elapsed share). */
export const serverDay = (today: Date) => toIsoDate(today.getFullYear(), today.getMonth() + 1, today.getDate());

/** Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 wants for this header) or is `*`. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/**
 * The headers of an answer with rendered bytes (`notModified`: of its `304`, without the body's).
 * `no-cache`: a browser keeps the body but asks again every time (data counts as stale at once),
 * so the server checks the sign-in and permissions before every answer, 304 included.
 */
export function renderedHeaders(rendered: RenderedJson, notModified: boolean): [string, string][] {
  const validators: [string, string][] = [
    ['ETag', rendered.etag],
    ['Cache-Control', 'private, no-cache'],
  ];
  if (notModified) return validators;
  return [...validators, ['Content-Type', 'application/json; charset=utf-8'], ['Content-Length', String(rendered.body.length)]];
}

/** Sends rendered bytes, or `304` when the client already holds them. */
export function sendRendered(req: Request, res: Response, rendered: RenderedJson): void {
  const notModified = ifNoneMatchHits(req.headers['if-none-match'], rendered.etag);
  for (const [name, value] of renderedHeaders(rendered, notModified)) res.setHeader(name, value);
  if (notModified) res.status(304).end();
  else res.status(200).end(rendered.body);
}

/** Per request the read fast path could not answer yet: what takes its rendered answer to keep (`kept-reads.ts`). */
const answerTakers = new WeakMap<object, (rendered: RenderedJson) => void>();

/** `take` is given the rendered answer of `req`, if it is a read-model read's (`sendReadModelJson`). */
export const takeRenderedAnswer = (req: object, take: (rendered: RenderedJson) => void): void => void answerTakers.set(req, take);

/** `req`'s answer is not given to its taker: a read whose every answer has an effect of its own must reach the app each time. */
export const answerEachTime = (req: object): void => void answerTakers.delete(req);

/**
 * Answers an authorised read with its JSON (`readJson` gives the text), from the response cache
 * when this read-model state has rendered it before.
 */
export async function sendReadModelJson(
  ctx: { responses: ResponseCache },
  req: Request,
  res: Response,
  key: string,
  readJson: () => Promise<string>,
): Promise<void> {
  const rendered = await ctx.responses.find(key, async () => renderJson(await readJson()));
  answerTakers.get(req)?.(rendered);
  sendRendered(req, res, rendered);
}

/** `readJson` for a read that gives a value: its JSON text. */
export function jsonOf(read: () => Promise<unknown>): () => Promise<string> {
  return async () => JSON.stringify(await read());
}
