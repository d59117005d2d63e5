import { z } from 'zod';

/** Where a reported entry came from: the connected system and the xAPI statement that made it. */
export const entrySourceSchema = z
  .strictObject({
    kind: z.literal('xapi'),
    clientId: z.string(),
    system: z.string().meta({ description: "The connected system's name: the entry shows 'from <system>'" }),
    statementId: z.string(),
  })
  .nullable()
  .meta({ description: 'The connected system that reported the entry; null for a hand-logged entry' });

/** An entry as the API returns it. `hours` is the stored text (use `hoursOf` for arithmetic). */
export const entryViewSchema = z.strictObject({
  id: z.number(),
  userId: z.number(),
  employeeName: z.string().meta({ description: "The owner's first and last name, for lists that mix people" }),
  trainingName: z.string(),
  date: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  managerName: z.string(),
  department: z.string(),
  hours: z.string().meta({ description: 'Hours as stored: the shortest decimal text, e.g. "1.5"' }),
  notes: z.string(),
  rating: z.number().meta({ description: '0 (not rated) to 5' }),
  beInnovative: z.boolean(),
  trainingType: z.string(),
  courseGivenBy: z.string(),
  customFields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  validUntil: z
    .string()
    .nullable()
    .meta({ description: 'Until when the certificate the training gave is valid (YYYY-MM-DD); null when it does not expire' }),
  createdAt: z.string().meta({ description: 'ISO timestamp' }),
  updatedAt: z.string().meta({ description: 'ISO timestamp' }),
  evidenceCount: z.number().meta({ description: 'How many files are attached (the paper-clip)' }),
  source: entrySourceSchema,
});

/** GET /api/stats: hours and count of the selected entries, and the hours dated in the current month. */
export const entryStatsSchema = z.strictObject({
  totalHours: z.number(),
  completedTraining: z.number(),
  thisMonth: z.number(),
});

/** GET /api/available-years: years with entries plus the current year, latest first. */
export const availableYearsSchema = z.array(z.number());

export const fieldErrorSchema = z.strictObject({ path: z.string(), message: z.string() });

/** A rejected row of a bulk request: a message, or the row's field errors. */
export const bulkEntryErrorSchema = z.union([
  z.strictObject({ index: z.number(), message: z.string() }),
  z.strictObject({ index: z.number(), errors: z.array(fieldErrorSchema) }),
]);

export const bulkEntriesResultSchema = z.strictObject({
  created: z.number(),
  failed: z.number(),
  errors: z.array(bulkEntryErrorSchema),
  createdIds: z.array(z.number()).meta({ description: 'Ids of the created entries, in the order of the accepted rows' }),
});

export type EntryView = z.infer<typeof entryViewSchema>;
export type EntrySource = z.infer<typeof entrySourceSchema>;
export type EntryStats = z.infer<typeof entryStatsSchema>;
export type AvailableYears = z.infer<typeof availableYearsSchema>;
export type FieldError = z.infer<typeof fieldErrorSchema>;
export type BulkEntryError = z.infer<typeof bulkEntryErrorSchema>;
export type BulkEntriesResult = z.infer<typeof bulkEntriesResultSchema>;

export function fieldErrorsOf(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/**
 * The lines of the 'No entries created - validation failed' toast: up to
 * `shown` rows as 'Entry N: field - message' (N counts from 1), then
 * '(and N more entries with errors)'.
 */
export function describeBulkErrors(errors: readonly BulkEntryError[], shown = 3): string[] {
  const lines = errors.slice(0, shown).map((error) => {
    const entry = `Entry ${error.index + 1}`;
    if ('message' in error) return `${entry}: ${error.message}`;
    return error.errors.map((fieldError) => `${entry}: ${fieldError.path} - ${fieldError.message}`).join('; ');
  });
  const more = errors.length - shown;
  return more > 0 ? [...lines, `(and ${more} more entries with errors)`] : lines;
}
