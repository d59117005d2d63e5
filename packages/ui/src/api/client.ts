/** Local-storage key holding the bearer token returned by POST /api/login. */
export const AUTH_TOKEN_KEY = 'authToken';

/** A non-2xx response; `message` is `${status}: ${body text or status text}` (SPEC section 8). */
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

function requestHeaders(body: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = localStorage.getItem(AUTH_TOKEN_KEY);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined && !isFormData(body)) headers['Content-Type'] = 'application/json';
  return headers;
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

/**
 * Calls the API with credentials and the stored bearer token; sends `body` as JSON (a FormData
 * as multipart/form-data). Resolves to the parsed JSON body (null when empty); rejects with
 * ApiError on a non-2xx status, dropping the stored token on 401.
 */
export async function apiRequest<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: requestHeaders(body),
    body: body === undefined ? undefined : isFormData(body) ? body : JSON.stringify(body),
  });
  if (!response.ok) {
    if (response.status === 401) localStorage.removeItem(AUTH_TOKEN_KEY);
    throw new ApiError(response.status, await response.text(), response.statusText);
  }
  return (await parseBody(response)) as T;
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
