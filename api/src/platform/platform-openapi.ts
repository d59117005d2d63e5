import { METRICS_TOKEN_REQUIRED, platformRoutes } from '@tht/contracts';
import { describeRoutes, type DescribeFeatureApi } from '../openapi/operations';
import { MAX_LAG_EVENTS, MAX_LAG_SECONDS } from './health';

const READINESS_ANSWERS = {
  200: 'The database answers and the read models trail the log by no more than the bound',
  503: 'The database does not answer, the projections do not run, the read models trail the log by more than the bound, or a newer release took them over (`status` `superseded`: stop this process)',
};

const READINESS_DESCRIPTION = `For load balancers and readiness probes. Answers at once with how far the read models trail the event log (\`lagEvents\`, counted up to ${MAX_LAG_EVENTS + 1}, and \`lagSeconds\`, the age of the oldest event not yet projected); ready while that is at most ${MAX_LAG_EVENTS} events and ${MAX_LAG_SECONDS} s. Never cached.`;

/** The prose of the product's own routes (`platformRoutes`): health, front-end wiring and public settings. */
export const describePlatformApi: DescribeFeatureApi = (settings) =>
  describeRoutes(
    platformRoutes,
    {
      tag: { name: 'Platform', description: 'Health and the settings the front ends start from' },
      operations: {
        getHealth: {
          summary: 'Whether the product can serve (readiness)',
          description: READINESS_DESCRIPTION,
          responses: READINESS_ANSWERS,
        },
        getHealthReady: {
          summary: 'Whether the product can serve (readiness; the same as /api/health)',
          description: READINESS_DESCRIPTION,
          responses: READINESS_ANSWERS,
        },
        getHealthLive: {
          summary: 'Whether the process answers (liveness)',
          description: 'Asks nothing of the database: a process that answers here needs no restart. Never cached.',
          responses: { 200: 'The process answers' },
        },
        getMetrics: {
          summary: 'Prometheus metrics (request durations, projection lag, sign-in failures and refusals)',
          description:
            'Served only when `METRICS_TOKEN` is set (else 404), and only to `Authorization: Bearer <METRICS_TOKEN>` (not a user sign-in). Never cached.',
          responses: { 200: 'The Prometheus text format' },
          errors: { 401: [METRICS_TOKEN_REQUIRED] },
        },
        getRemoteRegistry: {
          summary: "Where the shell finds each micro-frontend's manifest",
          responses: { 200: 'Module Federation name to manifest address' },
        },
        getOrgConfig: {
          summary: 'Settings the signed-out screens need',
          responses: {
            200: "The organisation's e-mail domain, whether password sign-in is on, and the single sign-on button",
          },
        },
      },
    },
    settings,
  );
