import { referenceRoutes } from '@tht/contracts';
import { describeRoutes, type DescribeFeatureApi } from './operations';

/** The prose of this description's routes and its reference page (`referenceRoutes`). */
export const describeReferenceApi: DescribeFeatureApi = (settings) =>
  describeRoutes(
    referenceRoutes,
    {
      tag: { name: 'API reference', description: 'This description, generated from the contracts' },
      operations: {
        getOpenApiDocument: { summary: 'This OpenAPI 3.1 document', responses: { 200: 'The document' } },
        getApiReferencePage: {
          summary: 'The browsable reference page of this document',
          responses: { 200: 'An HTML page (Swagger UI, served from this server)' },
        },
      },
    },
    settings,
  );
