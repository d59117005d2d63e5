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

/** The fake's answer to a request. */
type Answering = (method: string, input: string, body: unknown) => Promise<Response>;

/**
 * XMLHttpRequest for uploads with progress (`uploadRoute`), answered as the faked fetch answers:
 * the whole body reported sent, then the answer.
 */
function fakeXhrClass(answer: Answering) {
  return class FakeXhr extends EventTarget {
    readonly upload = new EventTarget();
    withCredentials = false;
    status = 0;
    statusText = '';
    responseText = '';
    private method = 'GET';
    private url = '';
    private headers = new Headers();

    open(method: string, url: string): void {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(): void {}

    getResponseHeader(name: string): string | null {
      return this.headers.get(name);
    }

    send(body: unknown): void {
      void answer(this.method, this.url, body).then(async (response) => {
        const progress = Object.assign(new Event('progress'), { lengthComputable: true, loaded: 1, total: 1 });
        this.upload.dispatchEvent(progress);
        this.status = response.status;
        this.headers = response.headers;
        this.responseText = await response.text();
        this.dispatchEvent(new Event('load'));
      });
    }
  };
}

/**
 * Replaces fetch (and, for uploads with progress, XMLHttpRequest) with a small in-memory API:
 * `routes` maps an operation id of the route table to its answer. Calls of routes without an
 * answer (or outside the table) answer 404. Every call is recorded with its parsed JSON body.
 * Shared by the front ends' component tests (`@tht/ui/testing`).
 */
export function fakeApi(routes: FakeRoutes) {
  const calls: ApiCall[] = [];
  const answer: Answering = async (method, input, body) => {
    const url = new URL(input, 'http://localhost');
    const matched = routeMatching(EVERY_ROUTE, method, url.pathname);
    const call: ApiCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof body === 'string' ? JSON.parse(body) : (body ?? undefined),
      operationId: matched?.operationId,
    };
    calls.push(call);
    const route = matched && routes[matched.operationId];
    if (!matched || route === undefined) return new Response(JSON.stringify({ error: 'Not found' }), { status: 404 });
    const result: unknown = await (typeof route === 'function' ? (route as RouteHandler)(call) : route);
    const { status, body: answered } = isReply(result) ? result : { status: successStatusOf(matched), body: result };
    return new Response(status === 204 ? null : JSON.stringify(answered), { status });
  };
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => answer(init.method ?? 'GET', input, init.body));
  vi.stubGlobal('XMLHttpRequest', fakeXhrClass(answer));
  return {
    calls,
    callsOf: (operationId: OperationId) => calls.filter((call) => call.operationId === operationId),
  };
}
