export interface JsonResponse<Body = any> {
  status: number;
  headers: Headers;
  body: Body;
}

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (with a JSON content type unless `headers` say otherwise), e.g. to send broken JSON. */
  rawBody?: string;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  headers?: Record<string, string>;
}

/**
 * A request against a test app: `request(app, 'POST', '/api/entries', { body, token })`.
 * The response body is parsed when it is JSON, else returned as text.
 */
export async function request<Body = any>(
  app: { baseUrl: string },
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<JsonResponse<Body>> {
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const headers: Record<string, string> = { ...options.headers };
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${app.baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('application/json') && text !== '';
  return { status: response.status, headers: response.headers, body: (isJson ? JSON.parse(text) : text) as Body };
}
