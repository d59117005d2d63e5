import { z } from 'zod';
import { idSchema } from '../entries/schemas';
import { blankAsUndefined, queryParametersSchema } from '../query-parameters';
import { CERTIFICATE_MESSAGES as M } from './messages';
import { CERTIFICATE_WINDOW_DAYS, MAX_CERTIFICATE_WINDOW_DAYS } from './rules';

/** `days`: the window ahead, 1 to 366, 60 when absent. */
const daysSchema = z.preprocess(
  (value) => blankAsUndefined(value) ?? CERTIFICATE_WINDOW_DAYS,
  z.coerce
    .number({ error: M.invalidDays(MAX_CERTIFICATE_WINDOW_DAYS) })
    .int(M.invalidDays(MAX_CERTIFICATE_WINDOW_DAYS))
    .min(1, M.invalidDays(MAX_CERTIFICATE_WINDOW_DAYS))
    .max(MAX_CERTIFICATE_WINDOW_DAYS, M.invalidDays(MAX_CERTIFICATE_WINDOW_DAYS)),
);

export const CERTIFICATE_LIST_FORMATS = ['json', 'csv'] as const;
export type CertificateListFormat = (typeof CERTIFICATE_LIST_FORMATS)[number];

/** Query of GET /api/certificates/mine. */
export const myCertificatesQuerySchema = queryParametersSchema({ days: daysSchema });

/** Query of GET /api/hr/certificates-expiring: the window, one department (by id), JSON or a CSV file. */
export const hrCertificatesQuerySchema = queryParametersSchema({
  days: daysSchema,
  departmentId: z.preprocess(blankAsUndefined, idSchema(M.invalidDepartmentId).optional()),
  format: z.preprocess(
    (value) => blankAsUndefined(value) ?? 'json',
    z.enum(CERTIFICATE_LIST_FORMATS, { error: M.certificatesFormat }),
  ),
});

export type HrCertificatesQuery = z.output<typeof hrCertificatesQuerySchema>;
