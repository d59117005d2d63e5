import { z } from 'zod';
import { asOfParameterSchema } from '../audit/as-of';
import { entriesQuerySchema } from '../entries/schemas';
import { queryParametersSchema } from '../query-parameters';
import { HR_MESSAGES as M } from './messages';

/** Query of the /api/hr routes: `year` (1901-2099), the current year when absent. */
export const hrYearQuerySchema = queryParametersSchema({ year: entriesQuerySchema.shape.year });

/**
 * Query of the HR figures (GET /api/hr/stats, /top-courses, /topics, /trends): `year` as above, and
 * `asOf` for the figures as they stood then (see `asOfParameterSchema`).
 */
export const hrFiguresQuerySchema = queryParametersSchema({ year: entriesQuerySchema.shape.year, asOf: asOfParameterSchema });

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * Query of GET /api/export: `format` (csv by default), `year` (every year when absent),
 * `innovative=true` (only innovative entries: the innovative summary's export), `asOf` (the
 * data as recorded then, like the dashboards' figures as of a date) and `evidence=true` (a zip with
 * the entries' evidence files, decision 040).
 */
export const exportQuerySchema = queryParametersSchema({
  format: z.preprocess(
    (value) => (value === undefined || value === '' ? 'csv' : value),
    z.enum(EXPORT_FORMATS, { error: M.exportFormat }),
  ),
  year: entriesQuerySchema.shape.year,
  innovative: z.preprocess(
    (value) => (value === undefined || value === '' ? 'false' : value),
    z.enum(['true', 'false'], { error: M.exportInnovativeFlag }).transform((flag) => flag === 'true'),
  ),
  asOf: asOfParameterSchema,
  /** With the evidence files: a zip of the export file and a folder per person (not with `asOf`: files are kept as they are now). */
  evidence: z.preprocess(
    (value) => (value === undefined || value === '' ? 'false' : value),
    z.enum(['true', 'false'], { error: M.exportEvidenceFlag }).transform((flag) => flag === 'true'),
  ),
});

export type HrYearQuery = z.output<typeof hrYearQuerySchema>;
export type ExportQuery = z.output<typeof exportQuerySchema>;
