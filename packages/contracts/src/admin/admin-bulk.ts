import { z } from 'zod';
import { innovativeCellValue, restrictedColumnOptions } from '../entries/bulk-grid';
import { ENTRY_MESSAGES } from '../entries/messages';
import { bulkEntriesResultSchema } from '../entries/responses';
import { adminEntryInputSchema, bulkEntriesRequestSchema, idSchema } from '../entries/schemas';
import { ADMIN_MESSAGES as M } from './messages';

/**
 * One row of POST /api/admin/entries/bulk: an entry under the admin grid's wider validation
 * rules: the types self-study, conference, webinar, workshop and certification besides
 * internal and external; Be Innovative also as 1/0 (and yes/no/true/false, as text or number);
 * a rating 1-5 as a number or a single digit (0 or empty: not rated). The person comes from
 * `targetUserId`; a row's own `userId` is ignored.
 */
export const adminBulkEntrySchema = adminEntryInputSchema.extend({
  beInnovative: z.preprocess(
    (value) =>
      typeof value === 'string' || typeof value === 'number' ? (innovativeCellValue(String(value), 'admin') ?? value) : value,
    z.preprocess(
      (value) => value ?? false,
      z.boolean({ error: ENTRY_MESSAGES.oneOf('Be Innovative', restrictedColumnOptions('beInnovative', 'admin')) }),
    ),
  ),
});

/** POST /api/admin/entries/bulk: the admin's bulk import for one employee (never an admin). */
export const adminBulkEntriesRequestSchema = bulkEntriesRequestSchema.extend({
  targetUserId: z.preprocess((value) => (value === '' ? undefined : value), idSchema(M.noEmployeeSelected)),
});

/** Like the employee's bulk result, plus the rows skipped as duplicates (not counted as failed). */
export const adminBulkEntriesResultSchema = bulkEntriesResultSchema.extend({
  duplicates: z.number(),
  duplicateIndexes: z
    .array(z.number())
    .meta({ description: 'Indexes of the rows skipped as duplicates (of a stored entry or of an earlier row)' }),
});

/**
 * Two entries are duplicates when they are the same person's, on the same date, with the same
 * training name ignoring letter case and surrounding spaces. The key is equal exactly then.
 */
export function trainingNameKey(trainingName: string): string {
  return trainingName.trim().toLowerCase();
}

export function entryDuplicateKey(entry: { userId: number; trainingName: string; date: string }): string {
  return `${entry.userId}\u0000${entry.date}\u0000${trainingNameKey(entry.trainingName)}`;
}

/**
 * Splits rows into the ones to keep and the duplicates: a row is a duplicate when `stored` already
 * holds its key or an earlier row of the batch has it (the first of equal rows is kept).
 */
export function splitDuplicates<Row>(
  rows: readonly Row[],
  keyOf: (row: Row) => string,
  stored: ReadonlySet<string>,
): { kept: Row[]; duplicates: Row[] } {
  const seen = new Set<string>();
  const kept: Row[] = [];
  const duplicates: Row[] = [];
  for (const row of rows) {
    const key = keyOf(row);
    if (stored.has(key) || seen.has(key)) duplicates.push(row);
    else {
      seen.add(key);
      kept.push(row);
    }
  }
  return { kept, duplicates };
}

export type AdminBulkEntry = z.input<typeof adminBulkEntrySchema>;
export type AdminBulkEntriesRequest = z.input<typeof adminBulkEntriesRequestSchema>;
export type AdminBulkEntriesResult = z.infer<typeof adminBulkEntriesResultSchema>;
