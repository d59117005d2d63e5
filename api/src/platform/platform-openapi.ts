import {
  healthResponseSchema,
  livenessResponseSchema,
  METRICS_TOKEN_REQUIRED,
  orgConfigSchema,
  remoteRegistrySchema,
} from '@tht/contracts';
import type { DescribeFeatureApi } from '../openapi/operations';
import { MAX_LAG_EVENTS, MAX_LAG_SECONDS } from './health';

const READINESS_DESCRIPTION = `For load balancers and readiness probes. Answers at once with how far the read models trail the event log (\`lagEvents\`, counted up to ${MAX_LAG_EVENTS + 1}, and \`lagSeconds\`, the age of the oldest event not yet projected); ready while that is at most ${MAX_LAG_EVENTS} events and ${MAX_LAG_SECONDS} s. Never cached.`;

const READINESS_RESPONSES = {
  200: {
    description: 'The database answers and the read models trail the log by no more than the bound',
    schema: healthResponseSchema,
  },
  503: {
    description:
      'The database does not answer, the projections do not run, or the read models trail the log by more than the bound',
    schema: healthResponseSchema,
  },
};

/** The product's own routes of `app.ts`: health, front-end wiring and public settings. */
export const describePlatformApi: DescribeFeatureApi = () => ({
  tag: { name: 'Platform', description: 'Health and the settings the front ends start from' },
  operations: [
    {
      method: 'get',
      path: '/api/health',
      operationId: 'getHealth',
      summary: 'Whether the product can serve (readiness)',
      description: READINESS_DESCRIPTION,
      access: 'public',
      responses: READINESS_RESPONSES,
    },
    {
      method: 'get',
      path: '/api/health/ready',
      operationId: 'getHealthReady',
      summary: 'Whether the product can serve (readiness; the same as /api/health)',
      description: READINESS_DESCRIPTION,
      access: 'public',
      responses: READINESS_RESPONSES,
    },
    {
      method: 'get',
      path: '/api/health/live',
      operationId: 'getHealthLive',
      summary: 'Whether the process answers (liveness)',
      description: 'Asks nothing of the database: a process that answers here needs no restart. Never cached.',
      access: 'public',
      responses: { 200: { description: 'The process answers', schema: livenessResponseSchema } },
    },
    {
      method: 'get',
      path: '/api/metrics',
      operationId: 'getMetrics',
      summary: 'Prometheus metrics (request durations, projection lag, sign-in failures and refusals)',
      description:
        'Served only when `METRICS_TOKEN` is set (else 404), and only to `Authorization: Bearer <METRICS_TOKEN>` (not a user sign-in). Never cached.',
      access: 'public',
      responses: { 200: { description: 'The Prometheus text format', contentType: 'text/plain; version=0.0.4; charset=utf-8' } },
      errors: { 401: [METRICS_TOKEN_REQUIRED] },
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
      responses: {
        200: {
          description: "The organisation's e-mail domain, whether password sign-in is on, and the single sign-on button",
          schema: orgConfigSchema,
        },
      },
    },
  ],
});
