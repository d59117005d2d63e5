import { bodySchemaOf, type Access, type ApiRoute, type HttpMethod, type RouteGroup, type RouteSettings } from '@tht/contracts';
import type { z } from 'zod';

export type { Access, HttpMethod };

export interface DocumentedResponse {
  description: string;
  /** The body's zod schema (JSON); absent for a body that is not JSON (`contentType`). */
  schema?: z.ZodType;
  /** Default `application/json`; several for a body offered in more than one format (a file download). */
  contentType?: string | readonly string[];
}

/** One method on one path, declared once next to its route by the feature that owns it. */
export interface ApiOperation {
  method: HttpMethod;
  /** OpenAPI form with the `/api` prefix: `/api/entries/{id}`. */
  path: string;
  /** Unique in the document; also names the generated request and response schemas. */
  operationId: string;
  summary: string;
  description?: string;
  access: Access;
  /** One schema per `{name}` of the path, as the route parses it. */
  params?: Readonly<Record<string, z.ZodType>>;
  /** The query as the route parses it; each property becomes a query parameter. */
  query?: z.ZodObject;
  /** The JSON body as the route parses it (or, with `bodyContentType`, the fields of a form upload). */
  body?: z.ZodType;
  /** The body's media type when it is not JSON, e.g. `multipart/form-data` for a file upload. */
  bodyContentType?: string;
  /** Answers by status (success, and failures with a body of their own); `{error}` refusals go in `errors`. */
  responses: Partial<Record<number, DocumentedResponse>>;
  /**
   * Refusals the handler itself sends, by status, with their messages (the product's fixed texts). Bad input
   * (400), sign-in (401, 403), a too-large body (413) and concurrent changes (409) are added from
   * the operation's shape and access.
   */
  errors?: Partial<Record<number, readonly string[]>>;
  /** Response headers by status, e.g. `Retry-After` on a 429. */
  headers?: Partial<Record<number, Record<string, string>>>;
}

/** A feature's part of the API description: a tag, its named shapes and its operations. */
export interface FeatureApi {
  tag: { name: string; description: string };
  /** Shapes shown by name under `components.schemas` and referenced wherever an operation uses them. */
  schemas?: Record<string, z.ZodType>;
  operations: ApiOperation[];
}

/** What a feature's description may depend on: the settings its schemas are built from. */
export type ApiSettings = RouteSettings;

/** Each feature exports one of these from `<feature>-openapi.ts`; `features.ts` lists them. */
export type DescribeFeatureApi = (settings: ApiSettings) => FeatureApi;

/** The prose of one route of the table: what the reference page says beside its shapes. */
export interface OperationDoc<Route extends ApiRoute = ApiRoute> {
  summary: string;
  description?: string;
  /** What each answer of the route means, by the statuses the route declares. */
  responses: { [Status in keyof Route['responses']]: string };
  errors?: ApiOperation['errors'];
  headers?: ApiOperation['headers'];
}

/** A feature's tag and named shapes, and the prose of each route of its group (every one, no other). */
export interface RouteGroupDocs<Group extends RouteGroup> {
  tag: FeatureApi['tag'];
  schemas?: FeatureApi['schemas'];
  operations: { [Id in keyof Group]: OperationDoc<Group[Id]> };
}

function operationOf(operationId: string, route: ApiRoute, doc: OperationDoc, settings: ApiSettings): ApiOperation {
  const responses = Object.fromEntries(
    Object.entries(route.responses).map(([status, answer]) => [
      status,
      { ...answer, description: (doc.responses as Record<string, string>)[status] ?? '' },
    ]),
  );
  return {
    method: route.method,
    path: route.path,
    operationId,
    summary: doc.summary,
    description: doc.description,
    access: route.access,
    params: route.params,
    query: route.query,
    body: bodySchemaOf(route, settings),
    bodyContentType: route.bodyContentType,
    responses,
    errors: doc.errors,
    headers: doc.headers,
  };
}

/** A feature's part of the API description: its routes of the table with their prose. */
export function describeRoutes<Group extends RouteGroup>(
  group: Group,
  docs: RouteGroupDocs<Group>,
  settings: ApiSettings,
): FeatureApi {
  const operations = docs.operations as Record<string, OperationDoc>;
  return {
    tag: docs.tag,
    schemas: docs.schemas,
    operations: Object.entries(group).map(([operationId, route]) =>
      operationOf(operationId, route, operations[operationId]!, settings),
    ),
  };
}
