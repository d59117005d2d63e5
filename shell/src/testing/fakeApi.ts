import { EVERY_ROUTE, routeMatching, type OperationId } from '@tht/contracts';
import { vi } from 'vitest';

export type FakeRequest = { method: string; path: string; body: unknown; operationId: OperationId | undefined };
type Reply = { status?: number; body?: unknown };
type Handler = (request: FakeRequest) => Reply;

/**
 * Replaces fetch with a fake server for component tests: `routes` maps an operation id of the route
 * table to a handler; other requests get 404. Every request is recorded.
 */
export function installFakeApi(routes: Partial<Record<OperationId, Handler>>) {
  const requests: FakeRequest[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = new URL(input, 'http://localhost').pathname;
    const operationId = routeMatching(EVERY_ROUTE, method, path)?.operationId;
    const request = { method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined, operationId };
    requests.push(request);
    const handler = operationId && routes[operationId];
    const reply = handler ? handler(request) : { status: 404, body: { error: 'Not found' } };
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return {
    requests,
    callsOf: (operationId: OperationId) => requests.filter((r) => r.operationId === operationId),
  };
}

export const signedOut = (): Reply => ({ status: 401, body: { error: 'Please sign in to continue' } });
