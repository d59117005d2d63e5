/** One HTTP call of a probe, redirects not followed, as an attacker's script makes it. */
export interface Answer {
  status: number;
  text: string;
  headers: Headers;
}

export type Call = (
  method: string,
  path: string,
  options?: { token?: string; body?: unknown; headers?: Record<string, string> },
) => Promise<Answer>;

export function caller(baseUrl: string): Call {
  return async (method, path, { token, body, headers = {} } = {}) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, text: await response.text(), headers: response.headers };
  };
}

export const countOf = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
