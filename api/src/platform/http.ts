import { ConcurrencyError } from '@tht/eventstore';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { z } from 'zod';
import type { Logger } from './logger';

/** An error a client can cause: sent as `{ error: message }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Parses `value` with `schema`; a failure becomes a 400 carrying the first issue's message. */
export function parseWith<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}

export const CONFLICT_MESSAGE = 'This record was changed by someone else at the same time. Reload and try again.';

/** Answers for `/api` paths no router handled. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'Not found' });
};

/** Errors thrown by body-parser carry an HTTP status and a `type`; their messages are safe to show. */
interface BodyParserError extends Error {
  status: number;
  type: string;
  expose: boolean;
}

function isBodyParserError(error: unknown): error is BodyParserError {
  return error instanceof Error && typeof (error as Partial<BodyParserError>).type === 'string' && 'status' in error;
}

function clientErrorOf(error: unknown): { status: number; message: string } | null {
  if (error instanceof HttpError) return { status: error.status, message: error.message };
  if (error instanceof ConcurrencyError) return { status: 409, message: CONFLICT_MESSAGE };
  if (isBodyParserError(error)) {
    if (error.type === 'entity.parse.failed') return { status: 400, message: 'Malformed JSON in request body' };
    if (error.type === 'entity.too.large') return { status: 413, message: 'Request body too large' };
    if (error.expose && error.status >= 400 && error.status < 500) return { status: error.status, message: error.message };
  }
  return null;
}

/** The one place errors become responses. Unexpected errors are logged and never shown to the client. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const clientError = clientErrorOf(error);
    if (clientError) {
      res.status(clientError.status).json({ error: clientError.message });
      return;
    }
    log.error(`${req.method} ${req.originalUrl} failed`, error);
    res.status(500).json({ error: 'Internal server error' });
  };
}
