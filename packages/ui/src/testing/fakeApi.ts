import { EVERY_ROUTE, routeMatching, successStatusOf, type AnswerOf, type OperationId, type RouteOf } from '@tht/contracts';
import { vi } from 'vitest';

/** A recorded call: its JSON body parsed, a multipart body as the FormData sent; its operation id when the table has its route. */
export type ApiCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  operationId: OperationId | undefined;
};

const REPLY = Symbol('reply');
type Reply = { [REPLY]: true; status: number; body: unknown };

/** A response with a status other than the route's success. */
export function reply(status: number, body: unknown): Reply {
  return { [REPLY]: true, status, body };
}

type Answer<Body> = Body | Reply;
type RouteHandler = (call: ApiCall) => unknown;

/**
 * What the fake answers per operation id: the route's answer body, a `reply(status, body)`, or a
 * function of the call returning either (or a promise of either).
 */
export type FakeRoutes = { [Id in OperationId]?: Answer<AnswerOf<RouteOf<Id>>> | ((call: ApiCall) => unknown) };

function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && REPLY in value;
}

/**
 * Replaces fetch with a small in-memory API: `routes` maps an operation id of the route table to its
 * answer. Calls of routes without an answer (or outside the table) answer 404. Every call is recorded with its parsed JSON body. Shared by the front ends' component
 * tests (`@tht/ui/testing`).
 */
export function fakeApi(routes: FakeRoutes) {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const matched = routeMatching(EVERY_ROUTE, method, url.pathname);
    const call: ApiCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined),
      operationId: matched?.operationId,
    };
    calls.push(call);
    const route = matched && routes[matched.operationId];
    if (!matched || route === undefined) return new Response(JSON.stringify({ error: 'Not found' }), { status: 404 });
    const result: unknown = await (typeof route === 'function' ? (route as RouteHandler)(call) : route);
    const { status, body } = isReply(result) ? result : { status: successStatusOf(matched), body: result };
    return new Response(JSON.stringify(body), { status });
  });
  return {
    calls,
    callsOf: (operationId: OperationId) => calls.filter((call) => call.operationId === operationId),
  };
}
