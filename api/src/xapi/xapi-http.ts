import type { NextFunction, Request, Response } from 'express';

/** The versions this LRS speaks; a request's `X-Experience-API-Version` picks one (decision 044). */
export type XapiVersion = '1.0.3' | '2.0.0';

/** A refusal with the status the xAPI specification names (400, 401, 403, 404, 409, 412, 413). */
export class XapiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'XapiError';
  }
}

export const badRequest = (message: string) => new XapiError(400, message);

/** The version a request's `X-Experience-API-Version` names, or null when it names none this LRS speaks. */
export function negotiateVersion(header: string | undefined): XapiVersion | null {
  if (header === undefined) return null;
  if (/^1\.0(\.[0-9]+)?$/.test(header)) return '1.0.3';
  if (/^2\.0(\.[0-9]+)?$/.test(header)) return '2.0.0';
  return null;
}

/** What one request to the LRS carries, once the alternate request syntax is unwrapped. */
export interface XapiRequest {
  method: string;
  /** Query parameters, each given once. */
  query: Record<string, string>;
  header(name: string): string | undefined;
  body: Buffer;
  version: XapiVersion;
}

/** Headers the alternate request syntax carries as form fields (Communication 1.3). */
const FORM_HEADERS = ['authorization', 'x-experience-api-version', 'content-type', 'content-length', 'if-match', 'if-none-match'];

function singleValues(query: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (typeof value !== 'string') throw badRequest(`Parameter ${name} must be given once`);
    values[name] = value;
  }
  return values;
}

const bodyOf = (req: Request): Buffer => (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));

/** A request as sent: its own method, query, headers and body (read once its credentials passed, decision 047). */
function plainRequest(req: Request): Omit<XapiRequest, 'version'> {
  return {
    method: req.method,
    query: singleValues(req.query),
    header: (name) => req.get(name),
    get body() {
      return bodyOf(req);
    },
  };
}

/**
 * The alternate request syntax (xAPI 1.0.3, Communication 1.3): a POST whose only query parameter
 * is `method`, with the headers, the query parameters and the `content` in a form body.
 */
function alternateRequest(req: Request, method: string, query: Record<string, string>): Omit<XapiRequest, 'version'> {
  if (req.method !== 'POST') throw badRequest('The alternate request syntax is a POST');
  if (Object.keys(query).length !== 1) throw badRequest('The alternate request syntax has only "method" in the query');
  if (!['GET', 'PUT', 'POST', 'DELETE', 'HEAD'].includes(method.toUpperCase())) throw badRequest(`Unknown method ${method}`);
  const type = (req.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw badRequest('The alternate request syntax needs a form body (application/x-www-form-urlencoded)');
  }
  const form = new URLSearchParams(bodyOf(req).toString('utf8'));
  const headers = new Map<string, string>();
  const params: Record<string, string> = {};
  let content: string | undefined;
  for (const [name, value] of form) {
    const lower = name.toLowerCase();
    if (FORM_HEADERS.includes(lower)) headers.set(lower, value);
    else if (name === 'content') content = value;
    else if (name in params) throw badRequest(`Parameter ${name} must be given once`);
    else params[name] = value;
  }
  const upper = method.toUpperCase();
  if ((upper === 'PUT' || upper === 'POST') && content === undefined) throw badRequest('The form has no "content"');
  return {
    method: upper,
    query: params,
    header: (name) =>
      headers.get(name.toLowerCase()) ??
      (name.toLowerCase() === 'content-type' && content !== undefined ? 'application/json' : req.get(name)),
    body: Buffer.from(content ?? '', 'utf8'),
  };
}

/** The request as the LRS reads it; the alternate syntax's method replaces the request's for routing. */
export function unwrapRequest(req: Request): Omit<XapiRequest, 'version'> {
  const query = singleValues(req.query);
  if (query.method === undefined) return plainRequest(req);
  const unwrapped = alternateRequest(req, query.method, query);
  req.method = unwrapped.method;
  return unwrapped;
}

export const xapiRequestOf = (res: Response): XapiRequest => res.locals.xapi as XapiRequest;

/** Only the parameters named may be in the query (Communication 3.2: an unknown one is a 400, names are case-sensitive). */
export function allowOnly(query: Record<string, string>, allowed: readonly string[]): void {
  for (const name of Object.keys(query)) if (!allowed.includes(name)) throw badRequest(`Unknown parameter ${name}`);
}

export function requireParameter(query: Record<string, string>, name: string): string {
  const value = query[name];
  if (value === undefined || value === '') throw badRequest(`Parameter ${name} is required`);
  return value;
}

/** Wraps an async handler so its refusals reach the LRS's error answer. */
export function handled(handler: (xapi: XapiRequest, res: Response) => Promise<void> | void) {
  return (req: Request, res: Response, next: NextFunction) => {
    Promise.resolve()
      .then(() => handler(xapiRequestOf(res), res))
      .catch(next);
  };
}

/** Parses a JSON body, or refuses it with a 400. */
export function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`${what} is not valid JSON`);
  }
}

export const mediaTypeOf = (header: string | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase();
