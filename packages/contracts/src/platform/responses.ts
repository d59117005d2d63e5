import { z } from 'zod';

/** Every refusal and failure of the API: `{ error }` with SPEC's message, and the status says which kind. */
export const errorResponseSchema = z.strictObject({ error: z.string() });

/** GET /api/health: 'ok' only when the database answers and the read models are caught up (else 503 with the reason). */
export const healthResponseSchema = z.union([
  z.strictObject({ status: z.literal('ok') }),
  z.strictObject({ status: z.literal('unavailable'), error: z.string() }),
]);

/** GET /api/config: the settings a signed-out screen needs. */
export const orgConfigSchema = z.strictObject({ orgEmailDomain: z.string() });

/** GET /api/remotes: each micro-frontend's Module Federation name and the address of its manifest. */
export const remoteRegistrySchema = z.record(z.string(), z.string());
