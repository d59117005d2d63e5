import { randomBytes } from 'node:crypto';
import { ADMIN_MESSAGES as M, type ImportCounts } from '@tht/contracts';
import { openAccount } from '../users';
import { hashPassword } from '../auth/passwords';
import { createDepartment } from '../departments';
import { appendNewEntries, type NewEntryCommand } from '../entries';
import { addFormField, addOption } from '../form-fields';
import { waitForReadModels, type Actor } from '../platform/commands';
import { forEachConcurrently } from '../platform/concurrency';
import type { AppContext } from '../platform/context';
import { isRefusal, refusalStatus } from '../platform/http';
import { createUserTarget, createYearlyTarget } from '../targets';
import type { ImportPlan } from './import-plan';
import type { OwnerRef, PlannedEntry, PlannedUser, RowRef } from './plan/planned-records';

/** Entries are appended this many at a time (one id allocation and transaction each); progress moves per batch. */
export const ENTRY_BATCH_SIZE = 1_000;
/** Accounts and targets are written this many at a time. */
const RECORD_CONCURRENCY = 8;

/** What the writer tells while it works. */
export interface WriteProgress {
  written(kind: keyof ImportCounts, count: number): void;
  /** A record the instance refused while writing (e.g. a name claimed meanwhile): skipped, the rest goes on. */
  failed(ref: RowRef, message: string): void;
}

/** Runs one record's write; a refusal (4xx) fails only that record, anything else stops the import. */
async function recordWrite(
  progress: WriteProgress,
  ref: RowRef,
  kind: keyof ImportCounts,
  write: () => Promise<unknown>,
): Promise<boolean> {
  try {
    await write();
    progress.written(kind, 1);
    return true;
  } catch (error) {
    if (!isRefusal(error) || refusalStatus(error) >= 500) throw error;
    progress.failed(ref, error.message);
    return false;
  }
}

/**
 * The accounts, each after their manager, several at a time. No password travels: every account
 * gets the hash of one random secret nobody knows and must set a password through a reset link
 * (or a temporary password from an admin) before signing in.
 */
async function writeUsers(
  ctx: AppContext,
  plan: ImportPlan,
  actor: Actor,
  progress: WriteProgress,
  ids: Map<OwnerRef, number>,
): Promise<void> {
  const passwordHash = await hashPassword(randomBytes(32).toString('hex'));
  const managerReady = (user: PlannedUser) => user.manager === null || user.manager.ref > 0 || ids.has(user.manager.ref);
  let pending = plan.users;
  while (pending.length > 0) {
    const ready = pending.filter(managerReady);
    // A user whose manager could not be written waits forever: written without the manager link instead.
    const wave = ready.length > 0 ? ready : pending;
    const started = new Set(wave);
    pending = pending.filter((user) => !started.has(user));
    await forEachConcurrently(wave, RECORD_CONCURRENCY, async (user) => {
      const managerId = user.manager === null ? null : user.manager.ref > 0 ? user.manager.ref : ids.get(user.manager.ref);
      const userId = await ctx.ids.next('user');
      const account = {
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
        emailTaken: false, // checked by the plan; the e-mail's reservation stream decides a race
        department: { found: true as const, name: user.department },
        manager:
          managerId === undefined || managerId === null
            ? null
            : { id: managerId, found: true as const, name: user.manager!.name, above: [] },
      };
      const command = {
        type: 'OpenAccount',
        userId,
        account,
        origin: { registered: false, firstLoginRequired: true },
        passwordHash,
      } as const;
      if (await recordWrite(progress, user, 'users', () => openAccount(ctx, command, actor))) ids.set(user.provisionalId, userId);
    });
  }
}

/** Appends a batch of entries (their owners' ids known by now); returns the position of its last event. */
async function appendEntryBatch(
  ctx: AppContext,
  batch: readonly PlannedEntry[],
  actor: Actor,
  progress: WriteProgress,
  ids: ReadonlyMap<OwnerRef, number>,
): Promise<string | null> {
  const commands: { ref: RowRef; command: NewEntryCommand }[] = [];
  for (const entry of batch) {
    const userId = entry.owner > 0 ? entry.owner : ids.get(entry.owner);
    if (userId === undefined) progress.failed(entry, M.ownerNotImported);
    else
      commands.push({
        ref: entry,
        command: { type: 'LogEntry', userId, ownerExists: true, input: entry.input, customFields: entry.customFields },
      });
  }
  const appended = await appendNewEntries(
    ctx,
    commands.map(({ command }) => command),
    actor,
  );
  appended.outcomes.forEach((outcome, position) => {
    if ('error' in outcome) progress.failed(commands[position]!.ref, outcome.error);
  });
  progress.written('entries', appended.outcomes.filter((outcome) => 'entryId' in outcome).length);
  return appended.lastPosition;
}

/**
 * The entries, read from the file again, in batches: the next batch is read and checked while the
 * one before is appended (one at a time, in the file's order), so only two batches exist at once.
 * The read models catch up meanwhile and are waited for once at the end.
 */
async function writeEntries(
  ctx: AppContext,
  plan: ImportPlan,
  actor: Actor,
  progress: WriteProgress,
  ids: ReadonlyMap<OwnerRef, number>,
): Promise<void> {
  let lastPosition: string | null = null;
  let appending: Promise<string | null> | null = null;
  const appended = async () => {
    if (appending) lastPosition = (await appending) ?? lastPosition;
    appending = null;
  };
  let batch: PlannedEntry[] = [];
  for await (const entry of plan.entries.read()) {
    batch.push(entry);
    if (batch.length < ENTRY_BATCH_SIZE) continue;
    await appended();
    appending = appendEntryBatch(ctx, batch, actor, progress, ids);
    // Awaited once the next batch is read; a failure meanwhile is not an unhandled rejection.
    appending.catch(() => {});
    batch = [];
  }
  await appended();
  if (batch.length > 0) lastPosition = (await appendEntryBatch(ctx, batch, actor, progress, ids)) ?? lastPosition;
  if (lastPosition !== null) await waitForReadModels(ctx, lastPosition);
}

/**
 * Writes a checked plan through each feature's own commands, in dependency order: departments,
 * form fields with their options, accounts (managers first), fiscal years, people's targets,
 * then the entries in batches (read from the file again). Each step reports its progress.
 */
export async function writePlan(ctx: AppContext, plan: ImportPlan, actor: Actor, progress: WriteProgress): Promise<void> {
  for (const department of plan.departments) {
    await recordWrite(progress, department, 'departments', () => createDepartment(ctx, department.name, actor));
  }
  for (const field of plan.formFields) {
    const { name, label, type, required } = field;
    await recordWrite(progress, field, 'formFields', async () => {
      const created = await addFormField(ctx, { name, label, type, required }, actor);
      for (const label of field.optionLabels) await addOption(ctx, created.id, { label }, actor);
    });
  }
  const ids = new Map<OwnerRef, number>();
  await writeUsers(ctx, plan, actor, progress, ids);
  for (const year of plan.fiscalYears) {
    const { targetHours, description } = year;
    await recordWrite(progress, year, 'fiscalYears', () =>
      createYearlyTarget(ctx, { year: year.year, targetHours, description }, actor),
    );
  }
  await forEachConcurrently(plan.targets, RECORD_CONCURRENCY, async (target) => {
    const userId = target.owner > 0 ? target.owner : ids.get(target.owner);
    if (userId === undefined) progress.failed(target, M.ownerNotImported);
    else {
      const { year, targetHours, reason } = target;
      await recordWrite(progress, target, 'targets', () => createUserTarget(ctx, { userId, year, targetHours, reason }, actor));
    }
  });
  await writeEntries(ctx, plan, actor, progress, ids);
}
