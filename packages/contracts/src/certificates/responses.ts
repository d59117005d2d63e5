import { z } from 'zod';

/** A report's certificate in the Manager View (what and when). */
export const certificateSummarySchema = z.strictObject({
  entryId: z.number().meta({ description: 'The entry that counts: the latest of its training name' }),
  trainingName: z.string(),
  validUntil: z.string().meta({ description: 'YYYY-MM-DD, the last day the certificate is valid' }),
  daysLeft: z.number().meta({ description: 'Days from today to validUntil; negative once expired' }),
});

/** A certificate on a list: who, what and when. */
export const expiringCertificateSchema = certificateSummarySchema.extend({
  userId: z.number(),
  name: z.string().meta({ description: "The person's first and last name" }),
  department: z.string().meta({ description: "The person's department" }),
});

/** GET /api/hr/certificates-expiring, GET /api/certificates/mine: soonest `validUntil` first. */
export const expiringCertificatesSchema = z.array(expiringCertificateSchema);

export type CertificateSummary = z.infer<typeof certificateSummarySchema>;
export type ExpiringCertificate = z.infer<typeof expiringCertificateSchema>;
