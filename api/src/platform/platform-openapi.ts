import { healthResponseSchema, orgConfigSchema, remoteRegistrySchema } from '@tht/contracts';
import type { DescribeFeatureApi } from '../openapi/operations';

/** The product's own routes of `app.ts`: health, front-end wiring and public settings. */
export const describePlatformApi: DescribeFeatureApi = () => ({
  tag: { name: 'Platform', description: 'Health and the settings the front ends start from' },
  operations: [
    {
      method: 'get',
      path: '/api/health',
      operationId: 'getHealth',
      summary: 'Whether the product can serve',
      description: 'For load balancers and process managers. Never cached.',
      access: 'public',
      responses: {
        200: { description: 'The database answers and the read models are caught up', schema: healthResponseSchema },
        503: { description: 'The database does not answer, or the read models are catching up', schema: healthResponseSchema },
      },
    },
    {
      method: 'get',
      path: '/api/remotes',
      operationId: 'getRemoteRegistry',
      summary: "Where the shell finds each micro-frontend's manifest",
      access: 'public',
      responses: { 200: { description: 'Module Federation name to manifest address', schema: remoteRegistrySchema } },
    },
    {
      method: 'get',
      path: '/api/config',
      operationId: 'getOrgConfig',
      summary: 'Settings the signed-out screens need',
      access: 'public',
      responses: { 200: { description: "The organisation's e-mail domain", schema: orgConfigSchema } },
    },
  ],
});
