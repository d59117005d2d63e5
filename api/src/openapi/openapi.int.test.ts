import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { request } from '../testing/request';
import { registeredApiRoutes } from '../testing/registered-routes';
import { startTestApp, type TestApp } from '../testing/test-app';
import { pathParameterNames } from '@tht/contracts';
import type { OpenApiDocument, OperationObject } from './build-document';

let app: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  app = await startTestApp();
  const response = await request<OpenApiDocument>(app, 'GET', '/api/openapi.json');
  expect(response.status).toBe(200);
  document = response.body;
});

afterAll(() => app?.close());

function documentedOperations(): { key: string; path: string; operation: OperationObject }[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, path, operation })),
  );
}

/** Every `$ref` anywhere in `value`. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === '$ref' && typeof inner === 'string' ? [inner] : refsIn(inner)));
}

function resolvePointer(ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined),
      document,
    );
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document, served without sign-in', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
  });

  it('describes every API route the app registers, and no route it does not', () => {
    const registered = registeredApiRoutes(createApp(app.ctx));
    const documented = documentedOperations().map(({ key }) => key);
    expect(registered.length).toBeGreaterThan(40);
    expect(
      registered.filter((route) => !documented.includes(route)),
      'registered but not described',
    ).toEqual([]);
    expect(
      documented.filter((route) => !registered.includes(route)),
      'described but not registered',
    ).toEqual([]);
  });

  it('includes every call of the product’s API that the app has', () => {
    const documented = documentedOperations().map(({ key }) => key);
    for (const call of [
      'GET /api/user',
      'POST /api/login',
      'POST /api/register',
      'POST /api/set-password',
      'POST /api/reset-password',
      'POST /api/reset-password-confirm',
      'POST /api/logout',
      'POST /api/logout-everywhere',
      'GET /api/check-email/{email}',
      'PUT /api/users/{id}',
      'POST /api/admin/set-temp-password',
      'DELETE /api/departments/{id}',
      'POST /api/entries/bulk',
      'GET /api/stats',
      'PUT /api/user-targets/{userId}/{year}',
      'PUT /api/form-fields/{id}/order',
      'DELETE /api/form-field-options/{id}',
    ]) {
      expect(documented).toContain(call);
    }
  });

  it('resolves every $ref inside the document', () => {
    const refs = [...new Set(refsIn(document))];
    expect(refs.length).toBeGreaterThan(20);
    expect(
      refs.filter((ref) => resolvePointer(ref) === undefined),
      'unresolved',
    ).toEqual([]);
  });

  it('declares each path parameter once, required, and no parameter the path lacks', () => {
    for (const { key, path, operation } of documentedOperations()) {
      const parameters = operation.parameters ?? [];
      const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
      expect(pathParameters.map((parameter) => parameter.name).sort(), key).toEqual(pathParameterNames(path).sort());
      expect(
        pathParameters.every((parameter) => parameter.required),
        key,
      ).toBe(true);
      const keys = parameters.map((parameter) => `${parameter.in}:${parameter.name}`);
      expect(new Set(keys).size, key).toBe(keys.length);
    }
  });

  it('gives every operation a unique id, a tag it declares, a success answer, and {error} for every refusal', () => {
    const tags = document.tags.map((tag) => tag.name);
    const ids = documentedOperations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { key, operation } of documentedOperations()) {
      expect(
        operation.tags.every((tag) => tags.includes(tag)),
        key,
      ).toBe(true);
      const statuses = Object.keys(operation.responses);
      expect(
        statuses.some((status) => /^[23]\d\d$/.test(status)), // a redirect is a browser navigation's success
        key,
      ).toBe(true);
      for (const status of statuses.filter((status) => /^4\d\d$/.test(status) || status === 'default')) {
        expect(operation.responses[status]!.content?.['application/json']?.schema, `${key} ${status}`).toEqual({
          $ref: '#/components/schemas/ErrorResponse',
        });
      }
    }
    expect(document.components.schemas.ErrorResponse).toMatchObject({
      type: 'object',
      properties: { error: { type: 'string' } },
      required: ['error'],
    });
  });

  it('names only declared security schemes: bearer JWT and the authToken cookie', () => {
    expect(document.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      cookieAuth: { type: 'apiKey', in: 'cookie', name: 'authToken' },
    });
    for (const { key, operation } of documentedOperations()) {
      for (const requirement of operation.security) {
        expect(
          Object.keys(requirement).every((scheme) => scheme in document.components.securitySchemes),
          key,
        ).toBe(true);
      }
    }
    const operation = (method: 'get' | 'post', path: string) => document.paths[path]![method]!;
    expect(operation('get', '/api/entries').security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
    expect(operation('post', '/api/login').security).toEqual([]);
    expect(operation('get', '/api/entries').responses['401']).toBeDefined();
    expect(operation('post', '/api/login').responses['429']!.headers).toHaveProperty('Retry-After');
    expect(operation('post', '/api/entries').responses['201']!.headers).toHaveProperty('x-read-after');
    expect(operation('get', '/api/entries').responses['200']!.headers).toBeUndefined();
  });

  it('documents request bodies, query parameters and optional fields as the routes parse them', () => {
    const schemas = document.components.schemas;
    const logEntry = document.paths['/api/entries']!.post!;
    expect(logEntry.requestBody!.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/LogEntryRequest' });
    // Fields with defaults may be left out; the required ones are exactly those refused when missing.
    expect(schemas.LogEntryRequest!.required).toEqual(['firstName', 'lastName', 'trainingName', 'date', 'hours']);
    expect(document.paths['/api/entries']!.get!.parameters).toEqual([
      expect.objectContaining({
        name: 'userId',
        in: 'query',
        required: false,
        schema: expect.objectContaining({ type: 'integer' }),
      }),
      expect.objectContaining({ name: 'year', in: 'query', required: false }),
    ]);
    expect(schemas.LoginResponse).toMatchObject({ properties: { user: { $ref: '#/components/schemas/User' } } });
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page with Swagger UI from this server, pointed at the document', async () => {
    const page = await request(app, 'GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const assets = [...(page.body as string).matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(3);
    expect(
      assets.filter((asset) => !asset.startsWith('/api/docs/')),
      'assets from elsewhere',
    ).toEqual([]);
    for (const asset of assets) {
      const response = await fetch(`${app.baseUrl}${asset}`);
      expect(response.status, asset).toBe(200);
      expect((await response.text()).length, asset).toBeGreaterThan(100);
    }
    const start = await request(app, 'GET', '/api/docs/start.js');
    expect(start.body).toContain("url: '/api/openapi.json'");
  });

  it('serves none of the package files the page does not use', async () => {
    expect((await request(app, 'GET', '/api/docs/swagger-initializer.js')).status).toBe(404);
    expect((await request(app, 'GET', '/api/docs/index.html')).status).toBe(404);
  });
});
