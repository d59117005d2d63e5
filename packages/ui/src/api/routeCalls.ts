import { routeName, successSchemaOf, urlOf, type AnswerOf, type ApiRoute, type RouteInput } from '@tht/contracts';
import useSWR, { type SWRConfiguration } from 'swr';
import type { z } from 'zod';
import { apiCall, type ApiAnswer, type HttpMethod } from './client';

/** An answer that breaks its route's schema: the browser and the API disagree (development builds and tests only). */
export class ApiContractError extends Error {
  constructor(route: ApiRoute, error: z.ZodError) {
    const where = error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ');
    super(`${routeName(route)} answered a body its route does not describe: ${where}`);
    this.name = 'ApiContractError';
  }
}

// A production build leaves the check out: webpack's mode replaces process.env.NODE_ENV.
const CHECKS_ANSWERS = process.env.NODE_ENV !== 'production';

/** The body checked against the route's answer of its status (a route may answer 200 or 202, e.g. a check or a start). */
export function checkedAnswer<Route extends ApiRoute>(route: Route, { status, body }: ApiAnswer): AnswerOf<Route> {
  const schema = CHECKS_ANSWERS ? (route.responses[status]?.schema ?? successSchemaOf(route)) : undefined;
  if (schema) {
    const checked = schema.safeParse(body);
    if (!checked.success) throw new ApiContractError(route, checked.error);
  }
  return body as AnswerOf<Route>;
}

/** Calls `route` with `input` (see apiRequest); resolves to its answer, checked against the route outside production. */
export async function callRoute<Route extends ApiRoute>(route: Route, input: RouteInput<Route>): Promise<AnswerOf<Route>> {
  const { body } = input as { body?: unknown };
  return checkedAnswer(route, await apiCall(route.method.toUpperCase() as HttpMethod, urlOf(route, input), body));
}

/** The cache key of a read: its address, so the read families (READ_FAMILIES) find it. */
export const readKey = <Route extends ApiRoute>(route: Route, input: RouteInput<Route>): string => urlOf(route, input);

/**
 * A GET route as an SWR read keyed by its address; `input` null holds the read back (not signed in,
 * nothing chosen yet).
 */
export function useRead<Route extends ApiRoute>(route: Route, input: RouteInput<Route> | null, config?: SWRConfiguration) {
  return useSWR<AnswerOf<Route>, Error>(input && readKey(route, input), () => callRoute(route, input!), config);
}
