import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Level } from 'pino';
import { HEALTH_URLS } from './health';
import { pinoBehind, type Logger } from './logger';

/** Query parameters whose values are replaced in logged URLs (reset tokens, passwords, keys). */
const SECRET_QUERY_NAME = /token|password|secret|key|code|auth/i;
const REDACTED = '[Redacted]';

/** The request's URL as logged: path and query, values of secret-looking parameters replaced. */
export function loggableUrl(url: string): string {
  const [path, query] = splitOnce(url, '?');
  if (query === undefined) return url;
  const parameters = query.split('&').map((parameter) => {
    const [name] = splitOnce(parameter, '=');
    return SECRET_QUERY_NAME.test(decodedOrRaw(name)) ? `${name}=${REDACTED}` : parameter;
  });
  return `${path}?${parameters.join('&')}`;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

function decodedOrRaw(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function levelFor(url: string, status: number, sent: boolean): Level {
  if (!sent || status >= 500) return 'error';
  if (status >= 400) return 'warn';
  return HEALTH_URLS.has(url) ? 'debug' : 'info';
}

/** Writes a request's record once its response is sent or its connection closed: `url` as `loggableUrl` gives it. */
export type RecordRequest = (method: string, url: string, correlationId: string, res: ServerResponse, started: number) => void;

/**
 * One record per request once its response is sent (or the connection closed before): its
 * correlation id, method, URL (secrets in the query replaced), status and duration in ms.
 * Nothing else of the request is logged: no body, no headers, no cookies. These fields are all a
 * record holds, so it skips the logger's redaction.
 */
export function requestRecords(log: Logger): RecordRequest {
  const records = pinoBehind(log).child({}, { redact: [] });
  return (method, url, correlationId, res, started) => {
    res.once('close', () => {
      const status = res.statusCode;
      const level = levelFor(url, status, res.writableFinished);
      if (!records.isLevelEnabled(level)) return;
      const durationMs = Math.round(performance.now() - started);
      const outcome = res.writableFinished ? `${status} ${durationMs} ms` : `${status}, closed before the response was sent`;
      records[level]({ correlationId, method, url, status, durationMs }, `${method} ${url} ${outcome}`);
    });
  };
}

/** `requestRecords` as middleware; the correlation id is set by `assignCorrelationId`, which must run first. */
export function requestLogging(record: RecordRequest): RequestHandler {
  return (req, res, next) => {
    record(req.method, loggableUrl(req.originalUrl), req.correlationId, res, performance.now());
    next();
  };
}
