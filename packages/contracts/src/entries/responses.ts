import type { z } from 'zod';
import type { EntryDetails } from './events';

/** An entry as the API returns it. `hours` is the stored text (use `hoursOf` for arithmetic). */
export interface EntryView extends EntryDetails {
  id: number;
  userId: number;
  /** The owner's first and last name, for lists that mix people. */
  employeeName: string;
  /** ISO timestamps. */
  createdAt: string;
  updatedAt: string;
}

/** GET /api/stats: hours and count of the selected entries, and the hours dated in the current month. */
export interface EntryStats {
  totalHours: number;
  completedTraining: number;
  thisMonth: number;
}

/** GET /api/available-years: years with entries plus the current year, latest first. */
export type AvailableYears = number[];

export interface FieldError {
  path: string;
  message: string;
}

/** A rejected row of a bulk request (SPEC section 3): a message, or the row's field errors. */
export type BulkEntryError = { index: number; message: string } | { index: number; errors: FieldError[] };

export interface BulkEntriesResult {
  created: number;
  failed: number;
  errors: BulkEntryError[];
  /** Ids of the created entries, in the order of the accepted rows. */
  createdIds: number[];
}

export function fieldErrorsOf(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/**
 * The lines of the 'No entries created - validation failed' toast (SPEC section 8): up to
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
