import { z } from 'zod';
import { TRAINING_TYPES } from '../entries/schemas';

/** Whether a connected system's training counts as internal or external (the entries' two types). */
export const xapiTrainingTypeSchema = z.enum(TRAINING_TYPES);
export type XapiTrainingType = z.infer<typeof xapiTrainingTypeSchema>;

export const XAPI_CLIENT_NAME_MAX = 100;

/** A connected system as an administrator creates it. */
export const xapiClientInputSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(XAPI_CLIENT_NAME_MAX, `Name must be at most ${XAPI_CLIENT_NAME_MAX} characters`),
  trainingType: xapiTrainingTypeSchema,
});
export type XapiClientInput = z.infer<typeof xapiClientInputSchema>;

/** The one answer that holds the secret: it is stored only as a digest and never shown again. */
export const xapiClientCreatedSchema = z.strictObject({ id: z.uuid(), key: z.string(), secret: z.string() });
export type XapiClientCreated = z.infer<typeof xapiClientCreatedSchema>;

/** A connected system as listed (never its secret). */
export const xapiClientSchema = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  key: z.string(),
  trainingType: xapiTrainingTypeSchema,
  enabled: z.boolean(),
  createdAt: z.string(),
  /** Training rules: the verb IRIs that make a statement training (default: ADL completed, passed, attended). */
  verbs: z.array(z.string()),
  /** Hours of a training statement without `result.duration`; null: such a statement is no entry. */
  defaultHours: z.number().nullable(),
});
export type XapiClient = z.infer<typeof xapiClientSchema>;

export const xapiClientIdSchema = z.uuid('Not a connected system id');

export const xapiClientEnabledSchema = z.strictObject({ enabled: z.boolean() });

/** The Connected systems tab's and the API's words. */
export const XAPI_MESSAGES = {
  clientNotFound: 'Connected system not found',
  clientExists: 'This connected system exists already',
  secretShownOnce: 'Copy the secret now: it is shown only once.',
  /** The LRS's address, to give a course or platform with the key and secret. */
  endpointPath: '/xapi/',
} as const;
