import { vi } from 'vitest';

/** A recorded call: its JSON body parsed, a multipart body as the FormData sent. */
export type ApiCall = { method: string; path: string; query: URLSearchParams; body: unknown };

const REPLY = Symbol('reply');
type Reply = { [REPLY]: true; status: number; body: unknown };

/** A response with a status other than 200. */
export function reply(status: number, body: unknown): Reply {
  return { [REPLY]: true, status, body };
}

type RouteHandler = (call: ApiCall) => unknown;
/** A JSON body, a `reply(status, body)`, or a `RouteHandler` returning either (or a promise of either). */
type Route = unknown;

function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && REPLY in value;
}

/**
 * Replaces fetch with a small in-memory API: `routes` maps 'METHOD /path' (no query) to a JSON
 * body, a `reply(status, body)`, or a function of the call returning either. Unknown routes
 * answer 404. Every call is recorded with its parsed JSON body.
 * Shared by the front ends' component tests (`@tht/ui/testing`).
 */
export function fakeApi(routes: Record<string, Route>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined),
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    if (route === undefined) return new Response(JSON.stringify({ error: 'Not found' }), { status: 404 });
    const result: unknown = await (typeof route === 'function' ? (route as RouteHandler)(call) : route);
    const { status, body } = isReply(result) ? result : { status: 200, body: result };
    return new Response(JSON.stringify(body), { status });
  });
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}
