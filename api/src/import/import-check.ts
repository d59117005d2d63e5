import { IMPORT_ERRORS_SHOWN, type ImportQuery, type ImportReport } from '@tht/contracts';
import { bulkTargetUser, storedDuplicateKeys } from '../admin';
import type { AppContext } from '../platform/context';
import { planImport, plannedCounts, type ImportPlan } from './import-plan';
import { knownUserOf, loadInstanceSnapshot } from './import-snapshot';
import { firstRow, openSheets } from './import-tables';
import { privilegedAccountsOf, rolesConfirmationOf } from './import-privileged-accounts';
import { EvidenceArchive } from './import-archive';
import { discardUpload, type UploadedFile } from './import-upload';
import { detectFormat } from './plan/import-format';
import type { KnownUser } from './plan/instance-snapshot';

async function gridTargetUser(ctx: AppContext, userId: number | undefined): Promise<KnownUser | undefined> {
  if (userId === undefined) return undefined;
  return knownUserOf(await bulkTargetUser(ctx, userId));
}

export function reportOf(plan: ImportPlan, fileName: string): ImportReport {
  const privilegedAccounts = privilegedAccountsOf(plan.users);
  return {
    format: plan.format,
    fileName,
    rows: plan.rows,
    failed: plan.errors.length,
    errors: plan.errors.slice(0, IMPORT_ERRORS_SHOWN),
    duplicates: plan.duplicates,
    toCreate: plannedCounts(plan),
    unchanged: plan.unchanged,
    needsTargetUser: plan.needsTargetUser,
    privilegedAccounts,
    rolesConfirmation: rolesConfirmationOf(privilegedAccounts),
  };
}

/**
 * Reads and checks every row of an uploaded file (a zip: of the export file in it) against the
 * instance, and plans what it writes (a zip's files too: `releaseImport` once done): nothing is written here (the dry run's answer, and the import's starting point; its
 * entries are read from the file again as they are written).
 */
export async function checkImport(
  ctx: AppContext,
  file: UploadedFile,
  query: ImportQuery,
): Promise<{ plan: ImportPlan; report: ImportReport }> {
  const evidence = file.kind === 'zip' ? EvidenceArchive.open(file.path) : null;
  try {
    const kind = evidence ? evidence.exportFile.kind : (file.kind as 'csv' | 'xlsx');
    const sheets = evidence ? await evidence.sheets() : await openSheets({ kind, path: file.path });
    const format = detectFormat(kind, kind === 'csv' ? await firstRow(sheets[0]!) : undefined);
    const targetUser = format === 'grid-csv' ? await gridTargetUser(ctx, query.targetUserId) : undefined;
    const plan = await planImport({ format, sheets, instance: await loadInstanceSnapshot(ctx), targetUser });
    plan.evidence = evidence;
    if (!plan.needsTargetUser) {
      const { ownerIds, dates } = plan.entries.duplicateLookup();
      plan.duplicates = await plan.entries.skipDuplicates(await storedDuplicateKeys(ctx.pool, ownerIds, dates));
    }
    return { plan, report: reportOf(plan, file.fileName) };
  } catch (error) {
    evidence?.close();
    throw error;
  }
}

/** Lets go of what an import read its file from, once it no longer reads it: the zip's file, then the upload itself. */
export async function releaseImport(plan: ImportPlan | null, file: UploadedFile): Promise<void> {
  plan?.evidence?.close();
  await discardUpload(file);
}
