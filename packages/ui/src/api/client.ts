import { newerReadAfter, READ_AFTER_HEADER, READ_AFTER_MESSAGES, RENEWED_TOKEN_HEADER } from '@tht/contracts';

/** Local-storage key holding the bearer token returned by POST /api/login. */
export const AUTH_TOKEN_KEY = 'authToken';

/**
 * Session-storage key holding the newest `x-read-after` token any response carried: sent with every
 * request, so whichever API process answers includes this tab's own writes (a reload keeps it).
 */
export const READ_AFTER_KEY = 'readAfter';

/**
 * Dispatched on `window` when a request that carried the tab's sign-in is answered 401: the session
 * ended on the server (the account was deactivated, signed out everywhere, given a new password), so
 * the signed-in pages give way to the sign-in page (an event, so every copy of this module reaches it).
 */
export const SESSION_ENDED_EVENT = 'tht:session-ended';

/** A non-2xx response; `message` is `${status}: ${body text or status text}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A body sent as it is: the browser sets the multipart content type with its boundary. */
const isFormData = (body: unknown): body is FormData => typeof FormData !== 'undefined' && body instanceof FormData;

/** The headers of a call: the stored bearer token, the newest read-after token and, for JSON, its content type. */
export function requestHeaders(body: unknown, readAfter: string | null): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = localStorage.getItem(AUTH_TOKEN_KEY);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (readAfter) headers[READ_AFTER_HEADER] = readAfter;
  if (body !== undefined && !isFormData(body)) headers['Content-Type'] = 'application/json';
  return headers;
}

/** A response's header by name (a fetch `Response`'s or an upload's `XMLHttpRequest`'s). */
type HeaderOf = (name: string) => string | null;

function keepNewestReadAfter(header: HeaderOf): void {
  const newest = newerReadAfter(sessionStorage.getItem(READ_AFTER_KEY), header(READ_AFTER_HEADER));
  if (newest) sessionStorage.setItem(READ_AFTER_KEY, newest);
}

/**
 * A fresh token of this session (the server renews a token part-way through its idle window) takes
 * the stored one's place; none is stored when the tab holds none (signed out meanwhile).
 */
function keepRenewedToken(header: HeaderOf): void {
  const renewed = header(RENEWED_TOKEN_HEADER);
  if (renewed && localStorage.getItem(AUTH_TOKEN_KEY)) localStorage.setItem(AUTH_TOKEN_KEY, renewed);
}

/** Forgets the read-after token (signing out: the next session starts without the last one's). */
export function forgetReadAfter(): void {
  sessionStorage.removeItem(READ_AFTER_KEY);
}

/** A 503 saying the server did not reach the token sent: forget it, unless a newer one came since. */
function forgetUnreachedReadAfter(failure: ApiError, sent: string | null): void {
  const unreached = failure.status === 503 && errorMessageOf(failure, '') === READ_AFTER_MESSAGES.notReached;
  if (unreached && sessionStorage.getItem(READ_AFTER_KEY) === sent) forgetReadAfter();
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

/** The longest a call waits before sending again a request answered `503` with `Retry-After`. */
export const MOST_RETRY_AFTER_SECONDS = 5;

/**
 * How long to wait before sending a request again: a `503` with `Retry-After` in seconds (a
 * process starting, one a newer release superseded, a read-after token not reached yet) asks for it,
 * capped at MOST_RETRY_AFTER_SECONDS; null for any other answer.
 */
function retryDelayMs(response: Response): number | null {
  const retryAfter = response.status === 503 ? response.headers.get('Retry-After') : null;
  if (retryAfter === null || !/^\d+$/.test(retryAfter.trim())) return null;
  return Math.min(Number(retryAfter), MOST_RETRY_AFTER_SECONDS) * 1000;
}

/**
 * Fetches, and once more after the wait a `503` with `Retry-After` asks for: nothing was done for
 * such a request, and during an upgrade the next one lands on the new release (decision 052).
 */
async function fetchRetryingOnce(path: string, init: RequestInit): Promise<Response> {
  const response = await fetch(path, init);
  const delay = retryDelayMs(response);
  if (delay === null) return response;
  await new Promise((resolve) => setTimeout(resolve, delay));
  return fetch(path, init);
}

/** A 2xx answer: its status and its JSON body. */
export type ApiAnswer = { status: number; body: unknown };

/**
 * Calls the API with credentials, the stored bearer token and the newest read-after token; sends
 * `body` as JSON (a FormData as multipart/form-data). Keeps a newer read-after token and a renewed
 * bearer token the response carries. Resolves to the status and the parsed JSON body (null when
 * empty); rejects with ApiError on a non-2xx status, dropping the stored token on 401 (and telling
 * the page when the request carried it: SESSION_ENDED_EVENT), and the
 * read-after token sent when the server could not reach it in time (so a token no server reaches,
 * e.g. after a restore, blocks one request, not all). A `503` with `Retry-After` is sent once more
 * after that many seconds (at most 5) before it counts as failed.
 */
export async function apiCall(method: HttpMethod, path: string, body?: unknown): Promise<ApiAnswer> {
  const readAfter = sessionStorage.getItem(READ_AFTER_KEY);
  const headers = requestHeaders(body, readAfter);
  const response = await fetchRetryingOnce(path, {
    method,
    credentials: 'include',
    headers,
    body: body === undefined ? undefined : isFormData(body) ? body : JSON.stringify(body),
  });
  keepAnswerTokens((name) => response.headers.get(name));
  if (!response.ok) throw failureKept(new ApiError(response.status, await response.text(), response.statusText), headers);
  return { status: response.status, body: await parseBody(response) };
}

/** Keeps a newer read-after token and a renewed bearer token an answer of the API carries. */
export function keepAnswerTokens(header: HeaderOf): void {
  keepNewestReadAfter(header);
  keepRenewedToken(header);
}

/**
 * A failed call's consequences in the tab (see `apiCall`): the stored token dropped on 401
 * (SESSION_ENDED_EVENT when the request `sent` carried it), a read-after token the server could
 * not reach forgotten. Returns the failure, for the caller to throw.
 */
export function failureKept(failure: ApiError, sent: Readonly<Record<string, string>>): ApiError {
  if (failure.status === 401) {
    localStorage.removeItem(AUTH_TOKEN_KEY);
    if (sent.Authorization) window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
  }
  forgetUnreachedReadAfter(failure, sent[READ_AFTER_HEADER] ?? null);
  return failure;
}

/** `apiCall`'s body (see there). */
export async function apiRequest<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  return (await apiCall(method, path, body)).body as T;
}

/** The default SWR fetcher: GET the key's path and parse JSON. */
export function apiGet<T>(path: string): Promise<T> {
  return apiRequest<T>('GET', path);
}

const STATUS_PREFIX = /^\d{3}: /;

/**
 * The message to show for a failed call: the server's `error` field when the body is
 * `{ "error": ... }`, else the body text, else `fallback`.
 */
export function errorMessageOf(error: unknown, fallback: string): string {
  if (!(error instanceof Error) || !error.message) return fallback;
  if (!STATUS_PREFIX.test(error.message)) return error.message;
  const bodyText = error.message.replace(STATUS_PREFIX, '');
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (parsed && typeof parsed === 'object' && 'error' in parsed && typeof parsed.error === 'string') {
      return parsed.error;
    }
  } catch {
    // Not JSON: the body text itself is the message.
  }
  return bodyText || fallback;
}
