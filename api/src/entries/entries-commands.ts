import {
  ACCOUNT_MESSAGES,
  checkCustomFieldValues,
  ENTRY_MESSAGES as M,
  entryInputSchema,
  entryStream,
  fieldErrorsOf,
  formatHours,
  idSchema,
  type BulkEntriesResult,
  type BulkEntryError,
  type CustomFieldDefinition,
  type CustomFieldValue,
  type EntryDetails,
  type EntryEventData,
  type EntryEventType,
  type EntryView,
  type ValidEntry,
} from '@tht/contracts';
import type { z } from 'zod';
import type { AuthUser } from '../auth/auth-user';
import { canChangeDataOf, canViewDataOf } from '../auth/policy';
import { loadCustomFieldDefinitions } from '../form-fields/form-fields-queries';
import { appendAndWait, metadataFor, waitForReadModels, type Actor, type CommandEvent } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { HttpError, parseWith } from '../platform/http';
import { findUserById } from '../users/users-queries';
import { findEntry } from './entries-queries';
import { loadEntry, type EntryState } from './entry-stream';

export function entryEvent<Type extends EntryEventType>(
  type: Type,
  data: EntryEventData[Type],
): CommandEvent<Type, EntryEventData[Type]> {
  return { type, data };
}

function detailsOf(entry: ValidEntry, customFields: Record<string, CustomFieldValue>): EntryDetails {
  return {
    trainingName: entry.trainingName,
    date: entry.date,
    firstName: entry.firstName,
    lastName: entry.lastName,
    managerName: entry.managerName,
    department: entry.department,
    hours: formatHours(entry.hours),
    notes: entry.notes,
    rating: entry.rating,
    beInnovative: entry.beInnovative,
    trainingType: entry.trainingType,
    courseGivenBy: entry.courseGivenBy,
    customFields,
  };
}

function sameDetails(a: EntryDetails, b: EntryDetails): boolean {
  const { customFields: customA, ...restA } = a;
  const { customFields: customB, ...restB } = b;
  const keys = Object.keys(restA) as (keyof typeof restA)[];
  const customKeys = Object.keys(customA);
  return (
    keys.every((key) => restA[key] === restB[key]) &&
    customKeys.length === Object.keys(customB).length &&
    customKeys.every((key) => customA[key] === customB[key])
  );
}

const userIdInPayload = idSchema(M.invalidUserIdQuery);

/**
 * Whose entry a payload logs: the signed-in user unless `userId` names someone else, which only
 * those allowed to change that person's data may do (SPEC section 6; see the policy module).
 */
async function ownerOfNewEntry(ctx: AppContext, user: AuthUser, requestedUserId: unknown): Promise<number> {
  if (requestedUserId === undefined || requestedUserId === null) return user.id;
  const parsed = userIdInPayload.safeParse(requestedUserId);
  if (!parsed.success) throw new HttpError(400, M.invalidUserIdQuery);
  const userId = parsed.data;
  if (userId === user.id) return userId;
  if (!canChangeDataOf(user, userId)) throw new HttpError(403, M.logOwnEntriesOnly);
  if (!(await findUserById(ctx.db, userId))) throw new HttpError(404, ACCOUNT_MESSAGES.userNotFound);
  return userId;
}

function customValuesOrThrow(
  fields: readonly CustomFieldDefinition[],
  submitted: Record<string, unknown>,
  enforceRequired: boolean,
): Record<string, CustomFieldValue> {
  const { values, errors } = checkCustomFieldValues(fields, submitted, { enforceRequired });
  if (errors.length > 0) throw new HttpError(400, errors[0]!.message);
  return values;
}

async function viewOf(ctx: AppContext, entryId: number): Promise<EntryView> {
  const entry = await findEntry(ctx.pool, entryId);
  if (!entry) throw new HttpError(404, M.entryNotFound);
  return entry;
}

/** POST /api/entries: custom fields marked required must be filled, as the Add Entry form shows them. */
export async function logEntry(ctx: AppContext, user: AuthUser, body: unknown, actor: Actor): Promise<EntryView> {
  const input = parseWith(entryInputSchema, body);
  const userId = await ownerOfNewEntry(ctx, user, input.userId);
  const customFields = customValuesOrThrow(await loadCustomFieldDefinitions(ctx.db), input.customFields ?? {}, true);
  const entryId = await ctx.ids.next('entry');
  const details = detailsOf(input, customFields);
  await appendAndWait(ctx, entryStream(entryId), [entryEvent('EntryLogged', { entryId, userId, ...details })], 'no_stream', actor);
  return viewOf(ctx, entryId);
}

/**
 * An entry the user may change, or the reason why not: 404 when it does not exist or the user may
 * not even see it (its existence does not leak), 403 when they may see but not change it.
 */
async function loadChangeableEntry(ctx: AppContext, user: AuthUser, entryId: number): Promise<EntryState> {
  const state = await loadEntry(ctx, entryId);
  if (!state || state.deleted) throw new HttpError(404, M.entryNotFound);
  if (canChangeDataOf(user, state.userId)) return state;
  if (await canViewDataOf(ctx.db, user, state.userId)) throw new HttpError(403, M.changeOwnEntriesOnly);
  throw new HttpError(404, M.entryNotFound);
}

/** `userId` and `createdAt` in an edit must name the entry as it is (SPEC section 7): they never change. */
function assertIdentityUnchanged(input: ValidEntry, state: EntryState): void {
  if (input.userId !== undefined && input.userId !== null && Number(input.userId) !== state.userId) {
    throw new HttpError(400, M.entryCannotMove);
  }
  if (input.createdAt !== undefined && input.createdAt !== null) {
    const sent = typeof input.createdAt === 'string' ? Date.parse(input.createdAt) : Number.NaN;
    if (sent !== Date.parse(state.createdAt)) throw new HttpError(400, M.createdAtCannotChange);
  }
}

/**
 * PUT /api/entries/{id}: replaces the entry's details. Custom values are kept when the payload
 * has none (the edit dialog does not show them); required custom fields are not enforced here.
 */
export async function editEntry(ctx: AppContext, user: AuthUser, entryId: number, body: unknown, actor: Actor): Promise<EntryView> {
  const state = await loadChangeableEntry(ctx, user, entryId);
  const input = parseWith(entryInputSchema, body);
  assertIdentityUnchanged(input, state);
  const customFields =
    input.customFields === undefined
      ? state.details.customFields
      : customValuesOrThrow(await loadCustomFieldDefinitions(ctx.db), input.customFields, false);
  const details = detailsOf(input, customFields);
  if (!sameDetails(details, state.details)) {
    await appendAndWait(
      ctx,
      entryStream(entryId),
      [entryEvent('EntryEdited', { entryId, userId: state.userId, ...details })],
      state.version,
      actor,
    );
  }
  return viewOf(ctx, entryId);
}

export async function deleteEntry(ctx: AppContext, user: AuthUser, entryId: number, actor: Actor): Promise<void> {
  const state = await loadChangeableEntry(ctx, user, entryId);
  await appendAndWait(ctx, entryStream(entryId), [entryEvent('EntryDeleted', { entryId, userId: state.userId })], state.version, actor);
}

/** Appends and id allocations run this many at a time: fast, while leaving pool connections for others. */
const BULK_CONCURRENCY = 8;

async function forEachConcurrently<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

async function allocateEntryIds(ctx: AppContext, count: number): Promise<number[]> {
  const ids: number[] = [];
  await forEachConcurrently(Array.from({ length: count }), BULK_CONCURRENCY, async () => {
    ids.push(await ctx.ids.next('entry'));
  });
  return ids.sort((a, b) => a - b); // ids in row order
}

export interface BulkLogOptions {
  /** Row schema: `entryInputSchema` for the employee's grid, `adminEntryInputSchema` for admin imports. */
  schema?: z.ZodType<ValidEntry, unknown>;
  /** Log every row for this user (admin import, already authorised) instead of the rows' own `userId`. */
  ownerId?: number;
}

/**
 * Logs many entries at once: every valid row becomes its own `entry-<id>` stream starting with
 * `EntryLogged`, appended concurrently under the request's correlation id; the answer waits once
 * for the read models to include the last of them. Invalid rows are reported by index (SPEC
 * section 3) and change nothing. Required custom fields are not enforced (the grid has no
 * columns for them); values that are given are checked.
 */
export async function logEntriesInBulk(
  ctx: AppContext,
  user: AuthUser,
  rows: readonly unknown[],
  actor: Actor,
  { schema = entryInputSchema, ownerId }: BulkLogOptions = {},
): Promise<BulkEntriesResult> {
  const fields = await loadCustomFieldDefinitions(ctx.db);
  const errors: BulkEntryError[] = [];
  const accepted: { userId: number; details: EntryDetails }[] = [];
  for (const [index, row] of rows.entries()) {
    const parsed = schema.safeParse(row);
    if (!parsed.success) {
      errors.push({ index, errors: fieldErrorsOf(parsed.error) });
      continue;
    }
    const custom = checkCustomFieldValues(fields, parsed.data.customFields ?? {}, { enforceRequired: false });
    if (custom.errors.length > 0) {
      errors.push({ index, errors: custom.errors });
      continue;
    }
    try {
      const userId = ownerId ?? (await ownerOfNewEntry(ctx, user, parsed.data.userId));
      accepted.push({ userId, details: detailsOf(parsed.data, custom.values) });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      errors.push({ index, message: error.message });
    }
  }

  const ids = await allocateEntryIds(ctx, accepted.length);
  const appends = accepted.map((entry, position) => ({ entryId: ids[position]!, ...entry }));
  let lastPosition: string | null = null;
  await forEachConcurrently(appends, BULK_CONCURRENCY, async ({ entryId, userId, details }) => {
    const event = entryEvent('EntryLogged', { entryId, userId, ...details });
    const result = await ctx.store.append(entryStream(entryId), [{ ...event, metadata: metadataFor(actor) }], 'no_stream');
    if (lastPosition === null || result.lastGlobalPosition > lastPosition) lastPosition = result.lastGlobalPosition;
  });
  if (lastPosition !== null) await waitForReadModels(ctx, lastPosition);
  return { created: appends.length, failed: errors.length, errors, createdIds: appends.map((append) => append.entryId) };
}
