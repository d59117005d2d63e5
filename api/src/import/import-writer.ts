import { randomBytes } from 'node:crypto';
import { ADMIN_MESSAGES as M, type ImportCounts } from '@tht/contracts';
import { openAccount } from '../users';
import { hashPassword } from '../auth/passwords';
import { createDepartment } from '../departments';
import { attachImportedFile } from '../evidence';
import { appendNewEntries, type NewEntryCommand } from '../entries';
import { addFormField, addOption } from '../form-fields';
import { waitForReadModels, type Actor } from '../platform/commands';
import { forEachConcurrently } from '../platform/concurrency';
import type { AppContext } from '../platform/context';
import { HttpError, isRefusal, refusalStatus } from '../platform/http';
import { createUserTarget, createYearlyTarget } from '../targets';
import type { EvidenceArchive } from './import-archive';
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

/** The ids the written entries got, by their id in the export, for the entries a zip has files of. */
type WrittenEntries = Map<number, number>;

/** Appends a batch of entries (their owners' ids known by now); returns the position of its last event. */
async function appendEntryBatch(
  ctx: AppContext,
  plan: ImportPlan,
  batch: readonly PlannedEntry[],
  actor: Actor,
  progress: WriteProgress,
  ids: ReadonlyMap<OwnerRef, number>,
  written: WrittenEntries,
): Promise<string | null> {
  const commands: { ref: PlannedEntry; command: NewEntryCommand }[] = [];
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
    const { ref } = commands[position]!;
    if ('error' in outcome) progress.failed(ref, outcome.error);
    else if (ref.sourceId !== null && plan.evidence?.hasFilesOf(ref.sourceId)) written.set(ref.sourceId, outcome.entryId);
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
  written: WrittenEntries,
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
    appending = appendEntryBatch(ctx, plan, batch, actor, progress, ids, written);
    // Awaited once the next batch is read; a failure meanwhile is not an unhandled rejection.
    appending.catch(() => {});
    batch = [];
  }
  await appended();
  if (batch.length > 0) lastPosition = (await appendEntryBatch(ctx, plan, batch, actor, progress, ids, written)) ?? lastPosition;
  if (lastPosition !== null) await waitForReadModels(ctx, lastPosition);
}

/** Where a zip's file is named in the import's errors: the sheet 'Evidence', the file's place in the zip. */
const EVIDENCE_SHEET = 'Evidence';

/**
 * A zip's files, each attached to the entry written from the export's entry it belonged to, one at
 * a time, through the evidence feature's own attach (its type judged from the content, images
 * cleaned, the limits and the entry's rules applied); a file it refuses, or whose entry was not
 * written, is a failed record and the rest goes on.
 */
async function writeEvidence(
  ctx: AppContext,
  evidence: EvidenceArchive,
  actor: Actor,
  progress: WriteProgress,
  written: WrittenEntries,
): Promise<void> {
  let row = 0;
  for (const [sourceId, files] of evidence.entries()) {
    const entryId = written.get(sourceId);
    for (const file of files) {
      row += 1;
      const ref = { sheet: EVIDENCE_SHEET, row };
      if (entryId === undefined) progress.failed(ref, M.evidenceEntryNotImported(file.path));
      else
        await recordWrite(progress, ref, 'evidence', () =>
          attachImportedFile(ctx, { entryId, name: file.name, content: evidence.content(file) }, actor).catch((error: unknown) => {
            throw isRefusal(error) ? new HttpError(refusalStatus(error), M.evidenceNotAttached(file.path, error.message)) : error;
          }),
        );
    }
  }
}

/**
 * Writes a checked plan through each feature's own commands, in dependency order: departments,
 * form fields with their options, accounts (managers first), fiscal years, people's targets,
 * then the entries in batches (read from the file again), then a zip's files. Each step reports its progress.
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
  const written: WrittenEntries = new Map();
  await writeEntries(ctx, plan, actor, progress, ids, written);
  if (plan.evidence) await writeEvidence(ctx, plan.evidence, actor, progress, written);
}
