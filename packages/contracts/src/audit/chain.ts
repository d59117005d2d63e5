import { z } from 'zod';
import { queryParametersSchema } from '../query-parameters';
import { AUDIT_MESSAGES as M } from './messages';

/** `GET /api/audit/head`: the last sealed event of the hash chain, for an auditor to note. */
export const auditHeadSchema = z.object({
  /** How many events are sealed (the head's place in the chain, 1-based); 0 while none is. */
  sequence: z.number().int(),
  position: z.string().nullable(),
  hash: z.string().nullable(),
  /** Events appended in the last moments and not sealed yet. */
  unsealed: z.number().int(),
});
export type AuditHead = z.infer<typeof auditHeadSchema>;

const sequenceNumber = z.coerce.number({ error: M.badSequence }).int({ error: M.badSequence }).min(1, { error: M.badSequence });

/** `GET /api/audit/events?from=&to=`: chain sequences, inclusive; the whole sealed log by default. */
export const auditEventsQuerySchema = queryParametersSchema({
  from: sequenceNumber.optional(),
  to: sequenceNumber.optional(),
}).refine(({ from, to }) => from === undefined || to === undefined || from <= to, { error: M.badSequence });

/** One line of the NDJSON export. */
export const exportedEventSchema = z.object({
  sequence: z.number().int(),
  position: z.string(),
  eventId: z.string(),
  streamName: z.string(),
  streamVersion: z.number().int(),
  type: z.string(),
  data: z.unknown(),
  metadata: z.object({
    actorId: z.string().nullable(),
    correlationId: z.string(),
    occurredAt: z.string(),
    schemaVersion: z.number().int(),
  }),
  previousHash: z.string(),
  hash: z.string(),
});
