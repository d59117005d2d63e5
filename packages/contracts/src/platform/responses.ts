import { z } from 'zod';

/** Every refusal and failure of the API: `{ error }` with the refusal's message, and the status says which kind. */
export const errorResponseSchema = z.strictObject({ error: z.string() });

/** The refusal of a change that met another one to the same record (a 409). */
export const CONFLICT_MESSAGE = 'This record was changed by someone else at the same time. Reload and try again.';

/** How far the slowest projection trails the event log: unapplied events (counted up to a bound) and the oldest one's age. */
const projectionLag = z.strictObject({
  lagEvents: z.number().int().nonnegative(),
  lagSeconds: z.number().nonnegative(),
});

/**
 * GET /api/health and /api/health/ready: 'ok' only when the database answers and the read models
 * trail the log by no more than a bounded lag (else 503 with the reason, and the lag when known).
 */
export const healthResponseSchema = z.union([
  projectionLag.extend({ status: z.literal('ok') }),
  projectionLag.partial().extend({ status: z.literal('unavailable'), error: z.string() }),
]);

/** GET /api/health/live: the process answers (nothing else is asked). */
export const livenessResponseSchema = z.strictObject({ status: z.literal('ok') });

/**
 * GET /api/config: the settings a signed-out screen needs: the e-mail domain, whether password
 * sign-in and registration are on, and the single sign-on button's label (null: no single sign-on).
 */
export const orgConfigSchema = z.strictObject({
  orgEmailDomain: z.string(),
  passwordLogin: z.boolean(),
  sso: z.strictObject({ buttonLabel: z.string() }).nullable(),
});
export type OrgConfig = z.infer<typeof orgConfigSchema>;

/** GET /api/remotes: each micro-frontend's Module Federation name and the address of its manifest. */
export const remoteRegistrySchema = z.record(z.string(), z.string());

/** GET /api/metrics without the configured `METRICS_TOKEN` as its bearer token (401). */
export const METRICS_TOKEN_REQUIRED = 'The metrics token is required';
