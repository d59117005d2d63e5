import { once } from 'node:events';
import { STATUS_CODES } from 'node:http';
import type { Duplex, Readable, Writable } from 'node:stream';
import { CONFLICT_MESSAGE } from '@tht/contracts';
import { ConcurrencyError } from '@tht/eventstore';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { DomainError, type DomainErrorReason } from './decider';
import { loggableUrl } from './http-logging';
import type { Logger } from './logger';

/**
 * A refusal at the HTTP edge (routes and middleware: a sign-in required, a rate limit, an upload),
 * sent as `{ error: message }` with its status (and `headers`, e.g. Retry-After). Commands and the
 * queries they use refuse with `DomainError` (`decider.ts`) instead.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
    /** Machine-readable facts the answer carries beside `error` (e.g. `mfaRequired: true`). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The status a refused command answers with: the one table from a decision's reason to HTTP. */
const DOMAIN_ERROR_STATUS: Readonly<Record<DomainErrorReason, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
};

/** A refusal the client caused: an HTTP layer's, or a decision's (answered with its reason's status). */
export type Refusal = HttpError | DomainError;

export function isRefusal(error: unknown): error is Refusal {
  return error instanceof HttpError || error instanceof DomainError;
}

export function refusalStatus(refusal: Refusal): number {
  return refusal instanceof DomainError ? DOMAIN_ERROR_STATUS[refusal.reason] : refusal.status;
}

/** Parses `value` with `schema`; a failure becomes a 400 carrying the first issue's message. */
export function parseWith<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}

/** A path parameter whose percent-encoding names no UTF-8 text (`/api/users/%E0%A4%A`). */
export const MALFORMED_ADDRESS_MESSAGE = 'Malformed percent-encoding in the address';

/** Answers for `/api` paths no router handled. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'Not found' });
};

/**
 * Errors from Express's own layers (body-parser, router, static files) carry an HTTP `status`;
 * a 4xx there is the client's doing. Their message is shown only when marked safe (`expose`).
 */
interface ErrorWithStatus extends Error {
  status: number;
  type?: string;
  expose?: boolean;
}

function hasClientStatus(error: unknown): error is ErrorWithStatus {
  const status = (error as Partial<ErrorWithStatus> | null)?.status;
  return error instanceof Error && typeof status === 'number' && status >= 400 && status < 500;
}

interface ClientError {
  status: number;
  message: string;
  headers?: Readonly<Record<string, string>>;
  details?: Readonly<Record<string, unknown>>;
}

function clientErrorOf(error: unknown): ClientError | null {
  if (error instanceof HttpError) {
    return { status: error.status, message: error.message, headers: error.headers, details: error.details };
  }
  if (error instanceof DomainError) {
    return { status: DOMAIN_ERROR_STATUS[error.reason], message: error.message, details: error.details };
  }
  if (error instanceof ConcurrencyError) return { status: 409, message: CONFLICT_MESSAGE };
  if (!hasClientStatus(error)) return null;
  if (error.type === 'entity.parse.failed') return { status: 400, message: 'Malformed JSON in request body' };
  if (error.type === 'entity.too.large') return { status: 413, message: 'Request body too large' };
  if (error instanceof URIError) return { status: 400, message: MALFORMED_ADDRESS_MESSAGE };
  return { status: error.status, message: error.expose ? error.message : (STATUS_CODES[error.status] ?? 'Bad request') };
}

/** The one place errors become responses. Unexpected errors are logged and never shown to the client. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const clientError = clientErrorOf(error);
    if (clientError) {
      res
        .status(clientError.status)
        .set(clientError.headers ?? {})
        .json({ error: clientError.message, ...clientError.details });
      return;
    }
    log.error(`${req.method} ${loggableUrl(req.originalUrl)} failed`, error);
    res.status(500).json({ error: 'Internal server error' });
  };
}

/**
 * Answers a request Node's HTTP parser refused before any handler saw it (bytes an address or a
 * header may not hold, an unknown method, headers beyond the size limit) as the API answers any
 * refusal, with a JSON `{error}`, and closes the connection. For the server's 'clientError'.
 */
export function answerUnparsableRequest(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request headers too large'] : [400, 'Malformed HTTP request'];
  const body = JSON.stringify({ error: message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Streams a response written in pieces (a large list or file; the caller sets its type), waiting
 * whenever the client reads slower than it is written. A client that goes away stops the writing
 * (and the pieces' source).
 */
export async function sendPieces(res: Writable, pieces: AsyncIterable<string>): Promise<void> {
  for await (const piece of pieces) {
    if (res.destroyed) break;
    if (!res.write(piece)) await drainedOrClosed(res);
  }
  res.end();
}

/** `sendPieces` for a JSON document. */
export async function sendJsonPieces(res: Response, pieces: AsyncIterable<string>): Promise<void> {
  res.type('json');
  await sendPieces(res, pieces);
}

/**
 * Waits while `stream` has more unread data than it buffers (for writers that do not wait
 * themselves), or until `res` closes: `stream` is the response (or a part of the zip on its way to
 * it) or a stream on the way to it.
 */
export async function whenWritable(res: Writable, stream: NodeJS.WritableStream = res): Promise<void> {
  if (needsDrain(stream) && !res.destroyed) await drainedOrClosed(res, stream);
}

/** Node's `writableNeedDrain`; the streams of the readable-stream package (exceljs's zip) keep it in their state only. */
function needsDrain(stream: NodeJS.WritableStream): boolean {
  const { writableNeedDrain, _writableState } = stream as { writableNeedDrain?: boolean; _writableState?: { needDrain?: boolean } };
  return writableNeedDrain ?? _writableState?.needDrain ?? false;
}

async function drainedOrClosed(res: Writable, stream: NodeJS.WritableStream = res): Promise<void> {
  const done = new AbortController();
  try {
    await Promise.race([once(stream, 'drain', { signal: done.signal }), once(res, 'close', { signal: done.signal })]);
  } finally {
    done.abort(); // removes the listener that did not fire
  }
}

/**
 * Reads and drops what is left of a request's body whose refusal was decided before reading it all,
 * up to `most` bytes (past that the connection is cut), so the refusal is answered after it: a
 * connection closed with the body still arriving is reset, and a proxy in front (nginx) then
 * answers 502 instead of the refusal.
 */
export async function discardUnreadBody(req: Readable & { complete: boolean }, most: number): Promise<void> {
  if (req.complete || req.readableEnded || req.destroyed) return;
  let read = 0;
  req.on('data', (piece: Buffer) => {
    read += piece.length;
    if (read > most) req.destroy();
  });
  req.resume();
  await new Promise<void>((resolve) => {
    req.once('end', resolve);
    req.once('close', resolve);
  });
}
