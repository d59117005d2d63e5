import {
  ACCOUNT_MESSAGES,
  CONFLICT_MESSAGE,
  errorResponseSchema,
  pathParameterNames,
  READ_AFTER_HEADER,
  RENEWED_TOKEN_HEADER,
  SECOND_FACTOR_MESSAGES,
} from '@tht/contracts';
import { z } from 'zod';
import { AUTH_COOKIE } from '../auth/tokens';
import { MALFORMED_ADDRESS_MESSAGE } from '../platform/http';
import type { Access, ApiOperation, FeatureApi, HttpMethod } from './operations';

export type JsonSchema = Record<string, unknown>;

export interface ParameterObject {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

export interface MediaTypeObject {
  schema: JsonSchema;
  example?: unknown;
}

export interface ResponseObject {
  description: string;
  content?: Record<string, MediaTypeObject>;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
}

export interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: ParameterObject[];
  requestBody?: { required: true; content: Record<string, MediaTypeObject> };
  responses: Record<string, ResponseObject>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<HttpMethod, OperationObject>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, Record<string, string>>;
  };
}

export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
}

const OPENAPI_VERSION = '3.1.1';
const JSON_TYPE = 'application/json';
const SCHEMA_REF_PREFIX = '#/components/schemas/';
const ERROR_SCHEMA_NAME = 'ErrorResponse';
const BEARER = 'bearerAuth';
const COOKIE = 'cookieAuth';

const SECURITY_SCHEMES = {
  [BEARER]: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'The `authToken` of the login answer. It expires after SESSION_IDLE_MINUTES, never past SESSION_MAX_HOURS after sign-in; ' +
      `a signed-in answer may carry a fresh token of the same session in the \`${RENEWED_TOKEN_HEADER}\` header (and cookie): use it from then on.`,
  },
  [COOKIE]: {
    type: 'apiKey',
    in: 'cookie',
    name: AUTH_COOKIE,
    description: `Set by login and register (httpOnly); \`__Host-${AUTH_COOKIE}\`, Secure, when PUBLIC_URL is https`,
  },
};

const SECURITY_OF_ACCESS: Record<Access, Record<string, string[]>[]> = {
  public: [],
  'token-optional': [{}, { [BEARER]: [] }, { [COOKIE]: [] }],
  'signed-in': [{ [BEARER]: [] }, { [COOKIE]: [] }],
  'signed-in-pending-password-ok': [{ [BEARER]: [] }, { [COOKIE]: [] }],
  'signed-in-pending-second-factor-ok': [{ [BEARER]: [] }, { [COOKIE]: [] }],
  admin: [{ [BEARER]: [] }, { [COOKIE]: [] }],
};

const ACCESS_NOTE: Record<Access, string> = {
  public: 'No sign-in needed.',
  'token-optional': 'Uses the sign-in when one is sent; works without.',
  'signed-in': 'Signed-in users whose password is not pending a change.',
  'signed-in-pending-password-ok': 'Signed-in users, also while a temporary password must still be replaced.',
  'signed-in-pending-second-factor-ok': 'Signed-in users, also an administrator who must still set up a second factor.',
  admin: 'Admins only.',
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Not signed in',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body too large',
  429: 'Too many attempts',
  500: 'Unexpected failure (logged on the server)',
};

const pascalCase = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);
const schemaRef = (name: string): JsonSchema => ({ $ref: `${SCHEMA_REF_PREFIX}${name}` });

/** Does a schema refuse a missing value? (A throwing preprocess counts as refusing.) */
function refusesMissing(schema: z.core.$ZodType): boolean {
  try {
    return !z.safeParse(schema, undefined).success;
  } catch {
    return true;
  }
}

/**
 * In input mode zod calls a property required unless its schema is optional by type, so a
 * property with a preprocess or default-filling step reads as required although a missing value
 * is accepted. The document says what the route does: required means refused when missing.
 */
function requiredAsParsed(ctx: { zodSchema: z.core.$ZodType; jsonSchema: z.core.JSONSchema.BaseSchema }): void {
  if (ctx.zodSchema._zod.def.type !== 'object') return;
  const shape = (ctx.zodSchema as z.core.$ZodObject)._zod.def.shape;
  const required = Object.keys(shape).filter((key) => refusesMissing(shape[key]!));
  if (required.length > 0) ctx.jsonSchema.required = required;
  else delete ctx.jsonSchema.required;
}

type Io = 'input' | 'output';

function conversionOptions(io: Io) {
  return {
    target: 'draft-2020-12' as const,
    io,
    // Transforms and unknowns have no JSON form; they are described as "any value".
    unrepresentable: 'any' as const,
    uri: (id: string) => `${SCHEMA_REF_PREFIX}${id}`,
    ...(io === 'input' ? { override: requiredAsParsed } : {}),
  };
}

/** A JSON schema as an OpenAPI component or inline schema: without the standalone document's `$schema`/`$id`. */
function embeddable(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

function inlineSchema(schema: z.ZodType, io: Io): JsonSchema {
  return embeddable(z.toJSONSchema(schema, conversionOptions(io)));
}

/** Named schemas of one direction (request bodies are read as input, answers as output). */
class SchemaRegistry {
  private readonly registry = z.registry<{ id: string }>();
  private readonly names = new Map<z.ZodType, string>();

  constructor(private readonly io: Io) {}

  /** Registers `schema` under `name` unless it already has a name; returns a reference to it. */
  refTo(schema: z.ZodType, name: string): JsonSchema {
    let registered = this.names.get(schema);
    if (!registered) {
      registered = name;
      this.names.set(schema, name);
      this.registry.add(schema, { id: name });
    }
    return schemaRef(registered);
  }

  registeredNames(): string[] {
    return [...this.names.values()];
  }

  toJsonSchemas(): Record<string, JsonSchema> {
    if (this.names.size === 0) return {};
    const { schemas } = z.toJSONSchema(this.registry, conversionOptions(this.io)) as { schemas: Record<string, JsonSchema> };
    return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, embeddable(schema)]));
  }
}

/** Refusals of one status: what the messages have in common, and the messages the client may see. */
export interface Refusals {
  note?: string;
  messages: string[];
}

function errorResponse(status: number, { note, messages }: Refusals): ResponseObject {
  const list = messages.map((message) => `- ${message}`).join('\n');
  const parts = [note, messages.length > 0 ? `${note ? 'or ' : ''}one of:\n${list}` : undefined].filter(Boolean);
  return {
    description: `${STATUS_TEXT[status] ?? 'Refused'}. \`error\` is ${parts.join(', ')}`,
    content: {
      [JSON_TYPE]: { schema: schemaRef(ERROR_SCHEMA_NAME), ...(messages.length > 0 ? { example: { error: messages[0] } } : {}) },
    },
  };
}

const INPUT_NOTE = 'the first problem found in the input, in the product’s validation and error texts';

/** The refusals every route of this shape sends, before the handler's own. */
function implicitRefusals(operation: ApiOperation): Record<number, Refusals> {
  const refusals: Record<number, Refusals> = {};
  const add = (status: number, message: string) => (refusals[status] ??= { messages: [] }).messages.push(message);
  if (operation.body || operation.params || operation.query) refusals[400] = { note: INPUT_NOTE, messages: [] };
  if (operation.body) add(400, 'Malformed JSON in request body');
  if (operation.params) add(400, MALFORMED_ADDRESS_MESSAGE);
  const access = operation.access;
  if (access === 'signed-in' || access === 'signed-in-pending-password-ok' || access === 'admin') {
    add(401, ACCOUNT_MESSAGES.signInRequired);
  }
  if (access === 'signed-in' || access === 'admin') {
    add(403, ACCOUNT_MESSAGES.passwordChangeRequired);
    add(403, SECOND_FACTOR_MESSAGES.setupRequired);
  }
  if (access === 'admin') add(403, ACCOUNT_MESSAGES.adminRequired);
  if (operation.method !== 'get') add(409, CONFLICT_MESSAGE);
  if (operation.body) add(413, 'Request body too large');
  return refusals;
}

/** Every `{error}` answer of an operation by status: those of its shape and access, then its own. */
export function refusalsOf(operation: ApiOperation): Record<number, Refusals> {
  const refusals = implicitRefusals(operation);
  for (const [status, messages = []] of Object.entries(operation.errors ?? {})) {
    (refusals[Number(status)] ??= { messages: [] }).messages.push(...messages);
  }
  return refusals;
}

function errorResponses(operation: ApiOperation): Record<string, ResponseObject> {
  const refusals = refusalsOf(operation);
  const responses: Record<string, ResponseObject> = {};
  for (const status of Object.keys(refusals)
    .map(Number)
    .sort((a, b) => a - b)) {
    responses[status] = errorResponse(status, refusals[status]!);
  }
  return responses;
}

const READ_AFTER_NOTE =
  'The consistency token of the events this request appended (absent when it appended none): send it back as ' +
  `\`${READ_AFTER_HEADER}\` so the next requests, on any API process, include them.`;

/** The headers documented for a status: the operation's own, and the read-after token of a write's success. */
function headersOf(operation: ApiOperation, status: number): Pick<ResponseObject, 'headers'> {
  const writeSucceeded = operation.method !== 'get' && status < 300;
  const headers = { ...operation.headers?.[status], ...(writeSucceeded ? { [READ_AFTER_HEADER]: READ_AFTER_NOTE } : {}) };
  if (Object.keys(headers).length === 0) return {};
  return {
    headers: Object.fromEntries(
      Object.entries(headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
    ),
  };
}

function parametersOf(operation: ApiOperation): ParameterObject[] {
  const declared = Object.keys(operation.params ?? {});
  const placeholders = pathParameterNames(operation.path);
  if (declared.length !== placeholders.length || !placeholders.every((name) => declared.includes(name))) {
    throw new Error(`${operation.operationId}: path ${operation.path} and its params (${declared.join(', ')}) disagree`);
  }
  const pathParameters = placeholders.map((name): ParameterObject => ({
    name,
    in: 'path',
    required: true,
    schema: inlineSchema(operation.params![name]!, 'input'),
  }));
  if (!operation.query) return pathParameters;
  const query = inlineSchema(operation.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  const queryParameters = Object.entries(query.properties ?? {}).map(([name, schema]): ParameterObject => ({
    name,
    in: 'query',
    required: query.required?.includes(name) ?? false,
    schema,
  }));
  return [...pathParameters, ...queryParameters];
}

function describeOperation(
  operation: ApiOperation,
  tag: string,
  requests: SchemaRegistry,
  answers: SchemaRegistry,
): OperationObject {
  const name = pascalCase(operation.operationId);
  const parameters = parametersOf(operation);
  const responses: Record<string, ResponseObject> = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!response) continue;
    if (Number(status) === 204) {
      responses[status] = { description: response.description, ...headersOf(operation, 204) };
      continue;
    }
    const contentTypes = [response.contentType ?? JSON_TYPE].flat();
    const schema = response.schema ? answers.refTo(response.schema, `${name}Response`) : { type: 'string' };
    const content = Object.fromEntries(contentTypes.map((contentType) => [contentType, { schema }]));
    responses[status] = { description: response.description, content, ...headersOf(operation, Number(status)) };
  }
  for (const [status, response] of Object.entries(errorResponses(operation))) {
    responses[status] = { ...response, ...headersOf(operation, Number(status)) };
  }
  responses.default = errorResponse(500, { messages: ['Internal server error'] });
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    description: [operation.description, `**Access:** ${ACCESS_NOTE[operation.access]}`].filter(Boolean).join('\n\n'),
    tags: [tag],
    security: SECURITY_OF_ACCESS[operation.access],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { [operation.bodyContentType ?? JSON_TYPE]: { schema: requests.refTo(operation.body, `${name}Request`) } },
          },
        }
      : {}),
    responses,
  };
}

function assertUnique(operations: readonly ApiOperation[]): void {
  const seen = new Set<string>();
  for (const { operationId, method, path } of operations) {
    for (const key of [operationId, `${method.toUpperCase()} ${path}`]) {
      if (seen.has(key)) throw new Error(`The API description declares ${key} twice`);
      seen.add(key);
    }
  }
}

/**
 * The OpenAPI 3.1 document of the features' operations. Every schema in it is generated from the
 * zod schemas the routes parse and answer with; named shapes and every request and response body
 * are components, so each appears once and is referenced.
 */
export function buildOpenApiDocument(features: readonly FeatureApi[], info: DocumentInfo): OpenApiDocument {
  assertUnique(features.flatMap((feature) => feature.operations));
  const requests = new SchemaRegistry('input');
  const answers = new SchemaRegistry('output');
  answers.refTo(errorResponseSchema, ERROR_SCHEMA_NAME);
  for (const feature of features) {
    for (const [name, schema] of Object.entries(feature.schemas ?? {})) answers.refTo(schema, name);
  }
  const paths: OpenApiDocument['paths'] = {};
  for (const feature of features) {
    for (const operation of feature.operations) {
      (paths[operation.path] ??= {})[operation.method] = describeOperation(operation, feature.tag.name, requests, answers);
    }
  }
  const clash = requests.registeredNames().find((name) => answers.registeredNames().includes(name));
  if (clash) throw new Error(`Schema name ${clash} names both a request and a response shape`);
  return {
    openapi: OPENAPI_VERSION,
    info,
    tags: features.map((feature) => feature.tag),
    paths,
    components: {
      schemas: { ...answers.toJsonSchemas(), ...requests.toJsonSchemas() },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}
