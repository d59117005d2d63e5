import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { LevelWithSilent } from 'pino';
import { pinoHttp } from 'pino-http';
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

const asExpress = (req: IncomingMessage) => req as Request;
const urlOf = (req: IncomingMessage) => loggableUrl(asExpress(req).originalUrl ?? req.url ?? '');

/** Health checks come every few seconds from load balancers and compose: logged only at debug level. */
function levelFor(req: IncomingMessage, res: ServerResponse, error?: Error): LevelWithSilent {
  if (error || res.statusCode >= 500) return 'error';
  if (res.statusCode >= 400) return 'warn';
  return urlOf(req) === '/api/health' ? 'debug' : 'info';
}

function requestRecord(req: IncomingMessage, res: ServerResponse, val: { responseTime?: number }) {
  return { method: req.method, url: urlOf(req), status: res.statusCode, durationMs: val.responseTime };
}

/**
 * One record per answered request, once the response is sent: its correlation id (set by
 * `assignCorrelationId`, which must run first), method, URL (secrets in the query replaced),
 * status and duration. Nothing else of the request is logged: no body, no headers, no cookies.
 * `req.log` is a child logger carrying the correlation id.
 */
export function requestLogging(log: Logger): RequestHandler {
  return pinoHttp({
    logger: pinoBehind(log),
    genReqId: (req) => asExpress(req).correlationId,
    customAttributeKeys: { reqId: 'correlationId' },
    quietReqLogger: true,
    quietResLogger: true,
    customLogLevel: levelFor,
    customSuccessObject: requestRecord,
    customErrorObject: (req, res, _error, val: { responseTime?: number }) => requestRecord(req, res, val),
    customSuccessMessage: (req, res, responseTime) => `${req.method} ${urlOf(req)} ${res.statusCode} ${responseTime} ms`,
    customErrorMessage: (req, res) => `${req.method} ${urlOf(req)} ${res.statusCode}`,
  });
}
