import type { z } from 'zod';
import type { ReadFamily } from './read-families';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call a route, as the server enforces it before the handler runs: nobody signed in needed;
 * a sign-in used when one is sent (the handler reads it); any signed-in user (403 while a temporary
 * password or an administrator's required second factor is pending); a signed-in user even with a
 * pending password change or second-factor set-up; a signed-in user even before the required
 * second-factor set-up; admins only. Finer rules (a manager's own team, HR's view) are the handler's.
 */
export type Access =
  'public' | 'token-optional' | 'signed-in' | 'signed-in-pending-password-ok' | 'signed-in-pending-second-factor-ok' | 'admin';

/** The settings a few shapes depend on: the organisation's e-mail domain checks addresses. */
export interface RouteSettings {
  orgEmailDomain: string;
}

/** A shape fixed at build time, or one made from the settings. */
export type SchemaSource = z.ZodType | ((settings: RouteSettings) => z.ZodType);

export interface RouteAnswer {
  /** The JSON body's shape; absent for a body that is not JSON (`contentType`) or for no body. */
  schema?: z.ZodType;
  /** Default `application/json`; several for a body offered in more than one format (a file download). */
  contentType?: string | readonly string[];
}

/**
 * One method on one path of the API, defined once: the server registers its handler against it, the
 * OpenAPI document is generated from it, the browser's client calls it and checks its answer by it.
 */
export interface ApiRoute {
  method: HttpMethod;
  /** OpenAPI form with the `/api` prefix: `/api/entries/{id}`. */
  path: `/api/${string}`;
  access: Access;
  /** One schema per `{name}` of the path. */
  params?: Readonly<Record<string, z.ZodType>>;
  /** The query; each property is a query parameter. */
  query?: z.ZodObject;
  /** The JSON body (or, with `bodyContentType`, the fields of a form upload). */
  body?: SchemaSource;
  /** The body's media type when it is not JSON, e.g. `multipart/form-data` for a file upload. */
  bodyContentType?: string;
  /** Answers by status: the success, and failures with a body of their own beside `{error}`. */
  responses: Readonly<Partial<Record<number, RouteAnswer>>>;
  /** The cached reads a write changes: the browser refetches them once the API accepted it. */
  refreshes?: readonly ReadFamily[];
}

/** A feature's routes, keyed by operation id (unique in the API). */
export type RouteGroup = Readonly<Record<string, ApiRoute>>;

/** Keeps each route's literal types (paths, schemas) for the typed server handlers and client calls. */
export const defineRoutes = <const Group extends RouteGroup>(group: Group): Group => group;

type SchemaOf<Source> = Source extends (settings: RouteSettings) => infer Schema ? Schema : Source;

type ParamsOf<Route extends ApiRoute> =
  Route['params'] extends Readonly<Record<string, z.ZodType>>
    ? { params: { [Name in keyof Route['params']]: z.output<Route['params'][Name]> } }
    : { params?: undefined };

/**
 * What a caller may send for a shape: its input, where a property whose input is anything (it is
 * read leniently, e.g. a number given as text) may also be left out.
 */
type Sendable<Shape> = Shape extends object
  ? { [Key in keyof Shape as unknown extends Shape[Key] ? Key : never]?: Shape[Key] } & {
      [Key in keyof Shape as unknown extends Shape[Key] ? never : Key]: Shape[Key];
    }
  : Shape;

type QueryOf<Route extends ApiRoute> = Route['query'] extends z.ZodObject
  ? Partial<Sendable<z.input<Route['query']>>> extends Sendable<z.input<Route['query']>>
    ? { query?: Sendable<z.input<Route['query']>> }
    : { query: Sendable<z.input<Route['query']>> }
  : { query?: undefined };

type BodyOf<Route extends ApiRoute> = Route['body'] extends SchemaSource
  ? Route['bodyContentType'] extends string
    ? { body: FormData }
    : { body: Sendable<z.input<SchemaOf<Route['body']>>> }
  : { body?: undefined };

/** What a caller sends, each where the route has one: the path's parameters, the query and the body. */
export type RouteInput<Route extends ApiRoute> = ParamsOf<Route> & QueryOf<Route> & BodyOf<Route>;

/** The schema of the route's success answer (200, 201 or 202), or never when it has no JSON body. */
type SuccessSchema<Responses> = Responses extends { 200: { schema: infer Schema extends z.ZodType } }
  ? Schema
  : Responses extends { 201: { schema: infer Schema extends z.ZodType } }
    ? Schema
    : Responses extends { 202: { schema: infer Schema extends z.ZodType } }
      ? Schema
      : never;

/** The parsed body of the route's success answer (unknown for a body that is not JSON). */
export type AnswerOf<Route extends ApiRoute> = [SuccessSchema<Route['responses']>] extends [never]
  ? unknown
  : z.output<SuccessSchema<Route['responses']>>;

/** The success answer's body as the server may hand it over (before JSON). */
export type ServedAnswerOf<Route extends ApiRoute> = [SuccessSchema<Route['responses']>] extends [never]
  ? unknown
  : z.input<SuccessSchema<Route['responses']>>;

/** The status of the route's success answer: the lowest 2xx it declares. */
export function successStatusOf(route: ApiRoute): number {
  const statuses = Object.keys(route.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  return Math.min(...statuses);
}

/** The success answer's schema, if its body is JSON. */
export function successSchemaOf(route: ApiRoute): z.ZodType | undefined {
  return route.responses[successStatusOf(route)]?.schema;
}

/** The body's schema with the settings applied. */
export function bodySchemaOf(route: ApiRoute, settings: RouteSettings): z.ZodType | undefined {
  return typeof route.body === 'function' ? route.body(settings) : route.body;
}

/** `{name}` placeholders of a route's path, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
}

/** The route's path with its parameters filled in, each percent-encoded. */
export function pathOf(route: ApiRoute, params: Readonly<Record<string, string | number>> = {}): string {
  return route.path.replace(/\{([^}]+)\}/g, (_placeholder, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${route.method.toUpperCase()} ${route.path}: no '${name}'`);
    return encodeURIComponent(String(value));
  });
}

/** The query string of `query`, in its keys' order, leaving out absent values; '' for none. */
export function queryStringOf(query: Readonly<Record<string, unknown>> = {}): string {
  const pairs = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value as string | number | boolean))}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** The address a call of `route` with `input` goes to: its path and its query. */
export function urlOf<Route extends ApiRoute>(route: Route, input: RouteInput<Route>): string {
  const { params, query } = input as {
    params?: Readonly<Record<string, string | number>>;
    query?: Readonly<Record<string, unknown>>;
  };
  return `${pathOf(route, params)}${queryStringOf(query)}`;
}

function segmentsMatch(pattern: readonly string[], segments: readonly string[]): boolean {
  return (
    pattern.length === segments.length &&
    pattern.every((part, index) => part.startsWith('{') || part.toLowerCase() === segments[index]!.toLowerCase())
  );
}

const parameterCount = (route: ApiRoute) => pathParameterNames(route.path).length;

/**
 * The route of `routes` a request goes to, by method and path (without its query); a literal
 * segment wins over a parameter (`/api/users/search` before `/api/users/{id}`); undefined for none.
 */
export function routeMatching<Route extends ApiRoute>(routes: readonly Route[], method: string, path: string): Route | undefined {
  const segments = path.replace(/(.)\/$/, '$1').split('/');
  return routes
    .filter((route) => route.method === method.toLowerCase() && segmentsMatch(route.path.split('/'), segments))
    .sort((a, b) => parameterCount(a) - parameterCount(b))[0];
}

/** `GET /api/entries/{id}`: a route as the OpenAPI document and the tests name it. */
export const routeName = (route: ApiRoute): string => `${route.method.toUpperCase()} ${route.path}`;
