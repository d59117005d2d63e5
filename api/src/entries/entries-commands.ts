import {
  checkCustomFieldValues,
  ENTRY_MESSAGES as M,
  entryInputSchema,
  entryStream,
  fieldErrorsOf,
  idSchema,
  type BulkEntriesResult,
  type BulkEntryError,
  type CustomFieldDefinition,
  type CustomFieldValue,
  type EntryView,
  type ValidAdminEntry,
} from '@tht/contracts';
import { ConcurrencyError } from '@tht/eventstore';
import type { z } from 'zod';
import type { AuthUser } from '../auth/auth-user';
import { canChangeDataOf, mayViewDataOf } from '../auth/policy';
import { customFieldDefinitions } from '../form-fields';
import { appendNewStreams } from '../platform/bulk-append';
import { metadataFor, waitForReadModels, type Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { DomainError } from '../platform/decider';
import { handleCommand } from '../platform/handle-command';
import { parseWith } from '../platform/http';
import { findUserById } from '../users';
import { findEntry, findEntryOwner } from './entries-queries';
import { entryViewOfStream, rowShowsDecision, type DecidedEntry } from './entry-answer';
import { entryManagerIdOf, entryManagerIds } from './entries-managers';
import { entryDecider, type EntryCommand, type EntryState, type EntryStreamEvent, type LogEntryCommand } from './entry-decider';

const userIdInPayload = idSchema(M.invalidUserIdQuery);

/**
 * Whose entry a payload logs: the signed-in user unless `userId` names someone else, which only
 * those allowed to change that person's data may do (see the policy module).
 */
function ownerOfNewEntry(user: AuthUser, requestedUserId: unknown): number {
  if (requestedUserId === undefined || requestedUserId === null) return user.id;
  const parsed = userIdInPayload.safeParse(requestedUserId);
  if (!parsed.success) throw new DomainError('invalid', M.invalidUserIdQuery);
  if (parsed.data !== user.id && !canChangeDataOf(user, parsed.data)) throw new DomainError('forbidden', M.logOwnEntriesOnly);
  return parsed.data;
}

async function ownerExists(ctx: AppContext, user: AuthUser, userId: number): Promise<boolean> {
  return userId === user.id || (await findUserById(ctx.db, userId)) !== undefined;
}

function customValuesOrThrow(
  fields: readonly CustomFieldDefinition[],
  submitted: Record<string, unknown>,
  enforceRequired: boolean,
): Record<string, CustomFieldValue> {
  const { values, errors } = checkCustomFieldValues(fields, submitted, { enforceRequired });
  if (errors.length > 0) throw new DomainError('invalid', errors[0]!.message);
  return values;
}

/** The owner's account name as the entries read model shows it (the entry's own names once the account is gone). */
async function ownerNameOf(ctx: AppContext, user: AuthUser, entry: DecidedEntry): Promise<string> {
  if (entry.userId === user.id) return `${user.firstName} ${user.lastName}`;
  const owner = await findUserById(ctx.db, entry.userId);
  return owner ? `${owner.first_name} ${owner.last_name}` : `${entry.details.firstName} ${entry.details.lastName}`;
}

/**
 * What a command on an entry answers: the read model's row once it shows the decision; when the read
 * models lag beyond the command's wait, the entry as its stream tells it, so a saved entry is never
 * answered as missing or as it was (decision 057).
 */
async function answerOf(ctx: AppContext, user: AuthUser, entry: EntryState): Promise<EntryView> {
  if (!entry || entry.deleted) throw new DomainError('not-found', M.entryNotFound);
  const row = await findEntry(ctx.pool, entry.entryId);
  if (row && rowShowsDecision(row, entry)) return row;
  const employeeName = row?.employeeName ?? (await ownerNameOf(ctx, user, entry));
  return entryViewOfStream(entry, { employeeName, evidenceCount: row?.evidenceCount ?? 0 });
}

/** POST /api/entries: custom fields marked required must be filled, as the Add Entry form shows them. */
export async function logEntry(ctx: AppContext, user: AuthUser, body: unknown, actor: Actor): Promise<EntryView> {
  const input = parseWith(entryInputSchema, body);
  const userId = ownerOfNewEntry(user, input.userId);
  const customFields = customValuesOrThrow(await customFieldDefinitions(ctx), input.customFields ?? {}, true);
  const entryId = await ctx.ids.next('entry');
  const command = {
    type: 'LogEntry',
    entryId,
    userId,
    ownerExists: await ownerExists(ctx, user, userId),
    input,
    customFields,
    managerId: await entryManagerIdOf(ctx.db, { userId, managerName: input.managerName }),
  } as const;
  const { state } = await handleCommand(ctx, entryDecider, { stream: entryStream(entryId), command, actor, newStream: true });
  return answerOf(ctx, user, state);
}

/**
 * Who may change an entry: 404 when the user may not even see it (its existence does not leak),
 * 403 when they may see but not change it. A missing or deleted entry is the decision's 404.
 */
async function authoriseChange(ctx: AppContext, user: AuthUser, state: EntryState): Promise<void> {
  if (!state || state.deleted || canChangeDataOf(user, state.userId)) return;
  if (await mayViewDataOf(ctx, user, state.userId)) throw new DomainError('forbidden', M.changeOwnEntriesOnly);
  throw new DomainError('not-found', M.entryNotFound);
}

function changeEntry(ctx: AppContext, user: AuthUser, entryId: number, command: EntryCommand, actor: Actor) {
  return handleCommand(ctx, entryDecider, {
    stream: entryStream(entryId),
    command,
    actor,
    authorise: (state) => authoriseChange(ctx, user, state),
  });
}

/**
 * PUT /api/entries/{id}: replaces the entry's details. Custom values are kept when the payload
 * has none (the edit dialog does not show them); required custom fields are not enforced here.
 */
export async function editEntry(ctx: AppContext, user: AuthUser, entryId: number, body: unknown, actor: Actor): Promise<EntryView> {
  const input = parseWith(entryInputSchema, body);
  const customFields =
    input.customFields === undefined
      ? undefined
      : customValuesOrThrow(await customFieldDefinitions(ctx), input.customFields, false);
  // The owner never changes; an entry not found is the decision's 404.
  const ownerId = await findEntryOwner(ctx.db, entryId);
  const managerId =
    ownerId === undefined ? null : await entryManagerIdOf(ctx.db, { userId: ownerId, managerName: input.managerName });
  const { state } = await changeEntry(ctx, user, entryId, { type: 'EditEntry', input, customFields, managerId }, actor);
  return answerOf(ctx, user, state);
}

/** Forgets what a feature keeps of an entry outside the event log (its files' bytes) once the entry is deleted. */
export type ForgetEntry = (entryId: number) => Promise<void>;

declare module '../platform/context' {
  interface AppContext {
    /** Each feature's way to forget a deleted entry outside the log, run in order after the deletion (wired in runtime.ts). */
    forgetEntry: readonly ForgetEntry[];
  }
}

/** DELETE /api/entries/{id}: the entry goes, and with it what is kept of it outside the log (its files). */
export async function deleteEntry(ctx: AppContext, user: AuthUser, entryId: number, actor: Actor): Promise<void> {
  await changeEntry(ctx, user, entryId, { type: 'DeleteEntry' }, actor);
  for (const forget of ctx.forgetEntry) await forget(entryId);
}

/** A reported entry (decision 045): its id allocated and its statement recorded by the caller, its owner found. */
export type ReportedEntry = Omit<LogEntryCommand, 'type' | 'managerId' | 'ownerExists' | 'customFields'> & {
  source: NonNullable<LogEntryCommand['source']>;
};

/**
 * Starts entry `entryId` as a connected system reports it: decided by the entry decider and appended
 * as a new stream (`no_stream`), without waiting for the read models (no one waits on the answer).
 * False when the stream exists already: the statement was turned into this entry before.
 */
export async function startReportedEntry(ctx: AppContext, entry: ReportedEntry, actor: Actor): Promise<boolean> {
  const managerId = await entryManagerIdOf(ctx.db, { userId: entry.userId, managerName: entry.input.managerName });
  const command = { ...entry, type: 'LogEntry', ownerExists: true, customFields: {}, managerId } as const;
  const occurredAt = ctx.now().toISOString();
  const events = entryDecider.decide(command, entryDecider.initialState());
  try {
    await ctx.store.append(
      entryStream(entry.entryId),
      events.map((event) => ({ type: event.type, data: event.data, metadata: metadataFor(actor, event, occurredAt) })),
      'no_stream',
    );
    return true;
  } catch (error) {
    if (error instanceof ConcurrencyError) return false;
    throw error;
  }
}

/** Deletes an entry as a connected system's voiding statement asks (no person's rights apply); false when it is gone already. */
export async function deleteReportedEntry(ctx: AppContext, entryId: number, actor: Actor): Promise<boolean> {
  try {
    await handleCommand(ctx, entryDecider, { stream: entryStream(entryId), command: { type: 'DeleteEntry' }, actor });
  } catch (error) {
    if (error instanceof DomainError && error.reason === 'not-found') return false;
    throw error;
  }
  for (const forget of ctx.forgetEntry) await forget(entryId);
  return true;
}

export interface BulkLogOptions {
  /** Row schema: `entryInputSchema` for the employee's grid, `adminEntryInputSchema` for admin imports. */
  schema?: z.ZodType<ValidAdminEntry, unknown>;
  /** Log every row for this user (admin import, already authorised) instead of the rows' own `userId`. */
  ownerId?: number;
}

/**
 * Logs many entries at once: every valid row becomes its own `entry-<id>` stream starting with
 * `EntryLogged`, appended concurrently under the request's correlation id; the answer waits once
 * for the read models to include the last of them. Invalid rows are reported by index
 * and change nothing. Required custom fields are not enforced (the grid has no
 * columns for them); values that are given are checked.
 */
export async function logEntriesInBulk(
  ctx: AppContext,
  user: AuthUser,
  rows: readonly unknown[],
  actor: Actor,
  { schema = entryInputSchema, ownerId }: BulkLogOptions = {},
): Promise<BulkEntriesResult> {
  const fields = await customFieldDefinitions(ctx);
  const errors: BulkEntryError[] = [];
  const candidates: { index: number; command: NewEntryCommand }[] = [];
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
      const userId = ownerId ?? ownerOfNewEntry(user, parsed.data.userId);
      const exists = ownerId !== undefined || (await ownerExists(ctx, user, userId));
      candidates.push({
        index,
        command: { type: 'LogEntry', userId, ownerExists: exists, input: parsed.data, customFields: custom.values },
      });
    } catch (error) {
      errors.push({ index, message: refusalMessage(error) });
    }
  }

  const outcomes = await logNewEntries(
    ctx,
    candidates.map((candidate) => candidate.command),
    actor,
  );
  const createdIds: number[] = [];
  for (const [position, outcome] of outcomes.entries()) {
    if ('entryId' in outcome) createdIds.push(outcome.entryId);
    else errors.push({ index: candidates[position]!.index, message: outcome.error });
  }
  errors.sort((a, b) => a.index - b.index);
  return { created: createdIds.length, failed: errors.length, errors, createdIds };
}

/** A new entry to log in bulk, checked and authorised by the caller; the manager's account is found here. */
export type NewEntryCommand = Omit<LogEntryCommand, 'entryId' | 'managerId'>;

/** What became of one new entry of a bulk: its id, or why the entry decider refused it. */
export type NewEntryOutcome = { entryId: number } | { error: string };

/**
 * Starts many new entries: ids allocated in one go (in the commands' order), each entry decided by
 * the entry decider and started as its own `entry-<id>` stream, many per transaction, under the
 * actor's correlation id. Returns each command's outcome and the global position of the last event
 * (null when none was appended), without waiting for the read models.
 */
export async function appendNewEntries(
  ctx: AppContext,
  commands: readonly NewEntryCommand[],
  actor: Actor,
): Promise<{ outcomes: NewEntryOutcome[]; lastPosition: string | null }> {
  const ids = await ctx.ids.nextMany('entry', commands.length);
  const managerIds = await entryManagerIds(
    ctx.db,
    commands.map(({ userId, input }) => ({ userId, managerName: input.managerName })),
  );
  const outcomes: NewEntryOutcome[] = [];
  const logged: EntryStreamEvent[] = [];
  for (const [position, command] of commands.entries()) {
    try {
      const newEntry = { ...command, entryId: ids[position]!, managerId: managerIds[position]! };
      logged.push(...entryDecider.decide(newEntry, entryDecider.initialState()));
      outcomes.push({ entryId: ids[position]! });
    } catch (error) {
      outcomes.push({ error: refusalMessage(error) });
    }
  }
  const streams = logged.map((event) => ({ streamName: entryStream(event.data.entryId), events: [event] }));
  return { outcomes, lastPosition: await appendNewStreams(ctx.store, streams, actor, ctx.now().toISOString()) };
}

/** `appendNewEntries`, answering once the read models include the new entries. */
export async function logNewEntries(
  ctx: AppContext,
  commands: readonly NewEntryCommand[],
  actor: Actor,
): Promise<NewEntryOutcome[]> {
  const { outcomes, lastPosition } = await appendNewEntries(ctx, commands, actor);
  if (lastPosition !== null) await waitForReadModels(ctx, lastPosition);
  return outcomes;
}

/** The message of a row's refusal; anything else is not the row's fault. */
function refusalMessage(error: unknown): string {
  if (!(error instanceof DomainError)) throw error;
  return error.message;
}
