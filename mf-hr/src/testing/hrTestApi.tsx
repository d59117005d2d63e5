import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { EVERY_ROUTE, routeMatching, type OperationId } from '@tht/contracts';
import { UiProvider } from '@tht/ui';

export interface RecordedCall {
  method: string;
  /** Path with its query, as the screen asked for it. */
  url: string;
  body: unknown;
}

/** An answer with another status than 200. */
export class Status {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** A route's answer: a JSON body, a `Status`, or a function of the call giving one of them (or a promise of it). */
export type Answer = unknown;

/** What the API answers, by operation id of the route table: 'getHrStats?year=2025' (with its query) or 'listHrEmployees' (any query). */
export type HrRoutes = Partial<Record<OperationId | `${OperationId}?${string}`, Answer>>;

/**
 * Renders `ui` as the shell does (theme, SWR settings, toasts; a cache of its own) over an API
 * that answers from `routes` (see HrRoutes). A route may be changed while the test runs (e.g.
 * after a save); a route without an answer, or outside the table, answers 404. Every call is recorded.
 */
export function renderWithHrApi(ui: ReactElement, routes: HrRoutes) {
  const calls: RecordedCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      url: `${url.pathname}${url.search}`,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const operationId = routeMatching(EVERY_ROUTE, call.method, url.pathname)?.operationId;
    const query = url.search as '' | `?${string}`;
    const route = operationId && (routes[`${operationId}${query}`] ?? routes[operationId]);
    if (route === undefined) return new Response(JSON.stringify({ error: 'Not found' }), { status: 404 });
    const answer = await (typeof route === 'function' ? (route as (call: RecordedCall) => unknown)(call) : route);
    const { status, body } = answer instanceof Status ? answer : { status: 200, body: answer };
    return new Response(JSON.stringify(body), { status });
  });
  const rendered = render(
    <UiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>{ui}</SWRConfig>
    </UiProvider>,
  );
  return {
    ...rendered,
    calls,
    routes,
    /** The calls other than reads. */
    writes: () => calls.filter((call) => call.method !== 'GET'),
  };
}
