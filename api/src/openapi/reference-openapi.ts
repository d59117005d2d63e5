import type { DescribeFeatureApi } from './operations';

/** The routes of `openapi-routes.ts`: this description and its reference page. */
export const describeReferenceApi: DescribeFeatureApi = () => ({
  tag: { name: 'API reference', description: 'This description, generated from the contracts' },
  operations: [
    {
      method: 'get',
      path: '/api/openapi.json',
      operationId: 'getOpenApiDocument',
      summary: 'This OpenAPI 3.1 document',
      access: 'public',
      responses: { 200: { description: 'The document', contentType: 'application/json' } },
    },
    {
      method: 'get',
      path: '/api/docs',
      operationId: 'getApiReferencePage',
      summary: 'The browsable reference page of this document',
      access: 'public',
      responses: { 200: { description: 'An HTML page (Swagger UI, served from this server)', contentType: 'text/html' } },
    },
  ],
});
