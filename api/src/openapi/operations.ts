import type { z } from 'zod';
import type { AppConfig } from '../config';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call an operation, as its route enforces it: nobody signed in needed, a token used when
 * present (sign-out), any signed-in user (403 while a temporary password is pending), a signed-in
 * user even with a pending password change, or admins only.
 */
export type Access = 'public' | 'token-optional' | 'signed-in' | 'signed-in-pending-password-ok' | 'admin';

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
  params?: Record<string, z.ZodType>;
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
export type ApiSettings = Pick<AppConfig, 'orgEmailDomain'>;

/** Each feature exports one of these from `<feature>-openapi.ts`; `features.ts` lists them. */
export type DescribeFeatureApi = (settings: ApiSettings) => FeatureApi;
