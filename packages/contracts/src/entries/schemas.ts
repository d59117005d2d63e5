import { z } from 'zod';
import { findUnsafeText, SAFE_TEXT_MESSAGES, safeString } from '../safe-text';
import { MAX_ID } from '../accounts/rules';
import { isValidEntryDate } from './dates';
import { ENTRY_MESSAGES as M } from './messages';
import { toNumberIfNumericText } from '../numeric-text';
import { queryParametersSchema } from '../query-parameters';

export const TRAINING_TYPES = ['internal', 'external'] as const;
export type TrainingType = (typeof TRAINING_TYPES)[number];
/** The admin bulk grid also accepts these kinds of training. */
export const ADMIN_TRAINING_TYPES = [
  ...TRAINING_TYPES,
  'self-study',
  'conference',
  'webinar',
  'workshop',
  'certification',
] as const;
export type AdminTrainingType = (typeof ADMIN_TRAINING_TYPES)[number];

export const HOURS_STEP = 0.25;
/** Upper bound of one entry: the largest per-user yearly target. */
export const MAX_ENTRY_HOURS = 10_000;
export const SHORT_TEXT_MAX_LENGTH = 255;
export const NOTES_MAX_LENGTH = 5_000;
/** Storage allows 0-5 (0 = not rated); screens offer 1-5 stars and may leave it empty. */
export const STORED_RATING_MIN = 0;
export const SCREEN_RATING_MIN = 1;
export const RATING_MAX = 5;
export const HIGH_RATING_MIN = 4;

const NUMERIC_TEXT = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Hours as the client sends them (a number or numeric text) to a number: >= 0, steps of 0.25. */
export const hoursSchema = z.unknown().transform((value, ctx): number => {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (isBlank(value)) return fail(M.hoursRequired);
  const text = typeof value === 'string' ? value.trim() : null;
  if (text !== null && text.startsWith('-') && NUMERIC_TEXT.test(text.slice(1))) return fail(M.hoursNegative);
  const hours = typeof value === 'number' ? value : text !== null && NUMERIC_TEXT.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(hours)) return fail(M.hoursNotANumber);
  if (hours < 0) return fail(M.hoursNegative);
  if (hours > MAX_ENTRY_HOURS) return fail(M.hoursTooLarge(MAX_ENTRY_HOURS));
  if (!Number.isInteger(hours / HOURS_STEP)) return fail(M.hoursStep);
  return hours;
});

/** Hours are stored as text: the shortest decimal form, e.g. "1.5", "2", "0.25". */
export function formatHours(hours: number): string {
  return String(hours);
}

/** Hours of a stored or displayed entry as a number (the client may hold a number or text). */
export function hoursOf(entry: { hours: number | string }): number {
  const hours = typeof entry.hours === 'number' ? entry.hours : Number.parseFloat(entry.hours);
  return Number.isFinite(hours) ? hours : 0;
}

const requiredText = (message: string, field: string, max = SHORT_TEXT_MAX_LENGTH) =>
  safeString({ error: message }).trim().min(1, message).max(max, M.textTooLong(field, max));

/** Optional text: absent or null becomes ''. */
const optionalText = (field: string, max = SHORT_TEXT_MAX_LENGTH) =>
  z.preprocess(
    (value) => value ?? '',
    safeString({ error: `${field} must be text` })
      .trim()
      .max(max, M.textTooLong(field, max)),
  );

export const entryDateSchema = safeString({ error: M.dateRequired })
  .trim()
  .min(1, M.dateRequired)
  .refine(isValidEntryDate, M.invalidDate);

/**
 * "Valid until" of a certificate the training gave: a date written YYYY-MM-DD, or null (absent,
 * null or empty) when it does not expire. It must be after the training date (`isValidUntilAfterDate`).
 */
export const validUntilSchema = z.preprocess(
  (value) => (isBlank(value) ? null : value),
  safeString({ error: M.invalidValidUntil }).trim().refine(isValidEntryDate, M.invalidValidUntil).nullable(),
);

/** The rule "Valid until must be after the training date" (ISO dates compare as text); no date is no rule. */
export function isValidUntilAfterDate(entry: { date: string; validUntil?: string | null | undefined }): boolean {
  return !entry.validUntil || entry.validUntil > entry.date;
}

/** The rule on a form's values, reported on the Valid until field. */
const validUntilAfterDate = (entry: { date: string; validUntil: string | null }, ctx: z.RefinementCtx) => {
  if (!isValidUntilAfterDate(entry)) ctx.addIssue({ code: 'custom', path: ['validUntil'], message: M.validUntilAfterDate });
};

export const trainingTypeSchema = z.enum(TRAINING_TYPES, { error: M.trainingType });
export const adminTrainingTypeSchema = z.enum(ADMIN_TRAINING_TYPES, {
  error: M.oneOf('Training type', ADMIN_TRAINING_TYPES),
});

/** Storage rating: a whole number 0-5; absent or null means 0 (not rated). */
export const storedRatingSchema = z.preprocess(
  (value) => (isBlank(value) ? STORED_RATING_MIN : toNumberIfNumericText(value)),
  z.number({ error: M.storedRating }).int(M.storedRating).min(STORED_RATING_MIN, M.storedRating).max(RATING_MAX, M.storedRating),
);

/** Screen rating: 1-5 stars or nothing (0 and empty mean "not rated"). */
export const screenRatingSchema = z.preprocess(
  (value) => (isBlank(value) || value === 0 ? undefined : toNumberIfNumericText(value)),
  z
    .number({ error: M.screenRating })
    .int(M.screenRating)
    .min(SCREEN_RATING_MIN, M.screenRating)
    .max(RATING_MAX, M.screenRating)
    .optional(),
);

export const beInnovativeSchema = z.preprocess((value) => value ?? false, z.boolean({ error: M.beInnovative }));

export type CustomFieldValue = string | number | boolean;
/** Values of admin-configured fields by field name; checked against the fields by `checkCustomFieldValues`. */
export const customFieldValuesSchema = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]), { error: M.customFieldsShape })
  .refine((values) => findUnsafeText(values) === undefined, SAFE_TEXT_MESSAGES.unsafeText());

const entryFields = {
  firstName: requiredText(M.firstNameRequired, 'First name'),
  lastName: requiredText(M.lastNameRequired, 'Last name'),
  trainingName: requiredText(M.trainingNameRequired, 'Training name'),
  date: entryDateSchema,
  hours: hoursSchema,
  managerName: optionalText('Manager name'),
  department: optionalText('Department'),
  trainingType: trainingTypeSchema.default('internal'),
  courseGivenBy: optionalText('Course given by'),
  rating: storedRatingSchema,
  beInnovative: beInnovativeSchema,
  notes: optionalText('Notes', NOTES_MAX_LENGTH),
  customFields: customFieldValuesSchema.optional(),
  validUntil: validUntilSchema,
};

/**
 * An entry as the API stores it (POST /api/entries, each row of POST /api/entries/bulk, the
 * editable fields of PUT /api/entries/{id}). `userId` and `createdAt` may accompany the fields
 * (as the API's clients send them); they identify, never change, the entry's owner and creation time.
 */
export const entryInputSchema = z.object({
  ...entryFields,
  userId: z.unknown().optional(),
  createdAt: z.unknown().optional(),
});

/** Entries imported by an admin may also be self-study, conference, webinar, workshop or certification. */
export const adminEntryInputSchema = entryInputSchema.extend({
  trainingType: adminTrainingTypeSchema.default('internal'),
});

/** The Add Development Entry form: manager and department are required there, rating is 1-5 or empty. */
export const addEntryFormSchema = entryInputSchema
  .extend({
    managerName: requiredText(M.managerRequired, 'Manager name'),
    department: requiredText(M.departmentRequired, 'Department'),
    rating: screenRatingSchema,
  })
  .superRefine(validUntilAfterDate);

/**
 * The edit-entry dialog: first name, last name, manager name, training name, date and hours
 * required; department, type, course given by, notes, rating and valid until optional.
 */
export const editEntryFormSchema = entryInputSchema
  .extend({
    managerName: requiredText(M.managerRequired, 'Manager name'),
    rating: screenRatingSchema,
  })
  .superRefine(validUntilAfterDate);

export const MAX_BULK_ENTRIES = 1_000;

/** POST /api/entries/bulk. Rows are checked one by one so that every row gets its own errors. */
export const bulkEntriesRequestSchema = z.object({
  entries: z
    .array(z.unknown(), { error: M.bulkEntriesRequired })
    .min(1, M.bulkEntriesRequired)
    .max(MAX_BULK_ENTRIES, M.bulkTooManyEntries(MAX_BULK_ENTRIES)),
  /** Accepted for compatibility; the server validates every row whatever it says. */
  validateData: z.boolean().optional(),
});

const optionalQueryInteger = (message: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : value),
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).optional(),
  );

/** An id in a path or query: a whole number from 1 to MAX_ID. */
export const idSchema = (message: string) => z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_ID, message);

/** The `{id}` of /api/entries/{id}. */
export const entryIdSchema = idSchema(M.invalidEntryId);

/** Query of GET /api/entries and GET /api/stats. */
export const entriesQuerySchema = queryParametersSchema({
  userId: optionalQueryInteger(M.invalidUserIdQuery, 1, MAX_ID),
  year: optionalQueryInteger(M.invalidYear, 1901, 2099),
});

export type EntryInput = z.input<typeof entryInputSchema>;
export type ValidEntry = z.output<typeof entryInputSchema>;
export type AdminEntryInput = z.input<typeof adminEntryInputSchema>;
export type ValidAdminEntry = z.output<typeof adminEntryInputSchema>;
export type AddEntryFormValues = z.input<typeof addEntryFormSchema>;
export type EditEntryFormValues = z.input<typeof editEntryFormSchema>;
/** An entry as the Add Development Entry form checked it: the body of POST /api/entries. */
export type NewEntry = z.output<typeof addEntryFormSchema>;
/** An entry as the edit dialog checked it: the body of PUT /api/entries/{id}. */
export type EditedEntry = z.output<typeof editEntryFormSchema>;
export type BulkEntriesRequest = z.input<typeof bulkEntriesRequestSchema>;
export type EntriesQuery = z.output<typeof entriesQuerySchema>;

export function displayTrainingType(type: string): string {
  return type.charAt(0).toUpperCase() + type.slice(1);
}
