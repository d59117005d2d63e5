import { z } from 'zod';
import { safeString } from '../safe-text';
import { MAX_ID } from '../accounts/rules';
import { toNumberIfNumericText } from '../numeric-text';
import { queryParametersSchema } from '../query-parameters';

/** Year ranges of the admin's fiscal-year form and HR's target forms. */
export const FISCAL_YEAR_RANGE = { min: 2020, max: 2050 } as const;
export const TARGET_YEAR_RANGE = { min: 2020, max: 2030 } as const;
export const YEARLY_TARGET_MAX_HOURS = 100_000;
export const USER_TARGET_MAX_HOURS = 10_000;
export const TARGET_TEXT_MAX_LENGTH = 500;

/** Default reasons of a bulk assignment and of a single-user edit. */
export const BULK_TARGET_REASON = 'Company-wide assignment';
export const SINGLE_TARGET_REASON = 'HR adjustment';

export const TARGET_MESSAGES = {
  fiscalYearYear: `Year must be a whole number from ${FISCAL_YEAR_RANGE.min} to ${FISCAL_YEAR_RANGE.max}`,
  fiscalYearTargetHours: 'Please enter a valid target hours amount',
  targetYear: `Year must be a whole number from ${TARGET_YEAR_RANGE.min} to ${TARGET_YEAR_RANGE.max}`,
  yearlyTargetHours: `Target hours must be a whole number from 1 to ${YEARLY_TARGET_MAX_HOURS}`,
  userTargetHours: `Target hours must be a whole number from 1 to ${USER_TARGET_MAX_HOURS}`,
  year: 'Year must be a whole number',
  userId: 'User id must be a whole number of at least 1',
  description: `Description must be text of at most ${TARGET_TEXT_MAX_LENGTH} characters`,
  reason: `Reason must be text of at most ${TARGET_TEXT_MAX_LENGTH} characters`,
  noUsers: 'No users found',
  targetManagerRequired: 'HR or admin access required',
  yearlyTargetExists: (year: number) => `A yearly target for ${year} already exists`,
  yearlyTargetNotFound: (year: number) => `No training target set for ${year}`,
  userTargetExists: (year: number) => `This user already has a target for ${year}`,
  userTargetNotFound: (year: number) => `This user has no target for ${year}`,
  // Toasts of the HR and admin screens.
  createTargetFailed: 'Failed to create target',
  updateTargetFailed: (message?: string) => `Failed to update target: ${message || 'Unknown error'}`,
  setUserTargetFailed: 'Failed to set user target',
  updateUserTargetFailed: 'Failed to update user target',
  saveUserTargetFailed: 'Failed to save user target',
  setCompanyTargetsFailed: 'Failed to set company-wide targets',
  createFiscalYearFailed: 'Failed to create fiscal year',
  fetchFiscalYearsFailed: 'Failed to fetch fiscal years',
  targetCreated: 'Target created successfully!',
  settingTargetForAll: 'Now setting this target for all employees...',
  targetUpdated: 'Target updated successfully!',
  userTargetSet: 'User target set successfully!',
  userTargetUpdated: 'User target updated successfully!',
  companyTargetsSet: (hours: number, employees: number) => `Set ${hours} hour targets for all ${employees} employees`,
} as const;

const M = TARGET_MESSAGES;

const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(toNumberIfNumericText, z.number({ error: message }).int(message).min(min, message).max(max, message));

/** Optional free text: blank or null means none (stored as null). */
const optionalText = (message: string) =>
  z.preprocess(
    (value) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value),
    safeString({ error: message }).trim().max(TARGET_TEXT_MAX_LENGTH, message).nullable(),
  );

/** A year in a path or query: any whole number (an unknown year simply has no target). */
export const targetYearParamSchema = wholeNumber(M.year, 1, 9999);
export const targetUserIdSchema = wholeNumber(M.userId, 1, MAX_ID);

/** GET /api/user-targets?year= (optional: without it, every year). */
export const userTargetsQuerySchema = queryParametersSchema({
  year: z.preprocess((value) => (value === '' ? undefined : value), targetYearParamSchema.optional()),
});

/** The default description of a new fiscal year. */
export const defaultFiscalYearDescription = (year: number) => `Organisation-wide training target for ${year}`;

/** POST /api/fiscal-years (admin form): a blank description becomes the default text for the year. */
export const fiscalYearCreateSchema = z
  .object({
    year: wholeNumber(M.fiscalYearYear, FISCAL_YEAR_RANGE.min, FISCAL_YEAR_RANGE.max),
    targetHours: z.preprocess(
      toNumberIfNumericText,
      z
        .number({ error: M.fiscalYearTargetHours })
        .gt(0, M.fiscalYearTargetHours)
        .max(YEARLY_TARGET_MAX_HOURS, M.fiscalYearTargetHours),
    ),
    description: optionalText(M.description),
  })
  .transform((input) => ({ ...input, description: input.description ?? defaultFiscalYearDescription(input.year) }));

const yearlyTargetHours = wholeNumber(M.yearlyTargetHours, 1, YEARLY_TARGET_MAX_HOURS);

/** POST /api/yearly-targets (HR form). */
export const yearlyTargetCreateSchema = z.object({
  year: wholeNumber(M.targetYear, TARGET_YEAR_RANGE.min, TARGET_YEAR_RANGE.max),
  targetHours: yearlyTargetHours,
  description: optionalText(M.description),
});

/** PUT /api/yearly-targets/{year}: a missing description keeps the current one; a sent `year` is ignored. */
export const yearlyTargetUpdateSchema = z.object({
  targetHours: yearlyTargetHours,
  description: optionalText(M.description).optional(),
});

const userTargetHours = wholeNumber(M.userTargetHours, 1, USER_TARGET_MAX_HOURS);

/** POST /api/user-targets. A sent `setBy` is ignored: the server records the signed-in user. */
export const userTargetCreateSchema = z.object({
  userId: targetUserIdSchema,
  year: wholeNumber(M.targetYear, TARGET_YEAR_RANGE.min, TARGET_YEAR_RANGE.max),
  targetHours: userTargetHours,
  reason: optionalText(M.reason),
  setBy: z.unknown().optional(),
});

/** PUT /api/user-targets/{userId}/{year}: a missing reason keeps the current one. */
export const userTargetUpdateSchema = z.object({
  targetHours: userTargetHours,
  reason: optionalText(M.reason).optional(),
});

/**
 * POST /api/user-targets/bulk (HR's 'Set employee targets' dialog, and setting a new company
 * target for everyone): one target for every listed user, or for every account without
 * `userIds`. Without `targetHours` the server takes the bulk default (`defaultBulkTargetHours`).
 */
export const bulkTargetSchema = z.object({
  userIds: z.array(targetUserIdSchema, { error: M.noUsers }).min(1, M.noUsers).optional(),
  year: wholeNumber(M.targetYear, TARGET_YEAR_RANGE.min, TARGET_YEAR_RANGE.max),
  targetHours: userTargetHours.optional(),
  reason: optionalText(M.reason).transform((reason) => reason ?? BULK_TARGET_REASON),
});

export type FiscalYearCreateInput = z.input<typeof fiscalYearCreateSchema>;
export type YearlyTargetCreateInput = z.input<typeof yearlyTargetCreateSchema>;
export type YearlyTargetUpdateInput = z.input<typeof yearlyTargetUpdateSchema>;
export type UserTargetCreateInput = z.input<typeof userTargetCreateSchema>;
export type UserTargetUpdateInput = z.input<typeof userTargetUpdateSchema>;
export type BulkTargetInput = z.input<typeof bulkTargetSchema>;
/** POST /api/user-targets/bulk as a client sends it: without a reason the server records BULK_TARGET_REASON. */
export type BulkTargetRequest = Omit<z.output<typeof bulkTargetSchema>, 'reason'> & { reason?: string };
