import { IMPORT_FILE_FIELD, IMPORTED_READS, importRoutes, type ImportJob } from '@tht/contracts';
import { useRead, useRefreshAfter, useWrite } from '@tht/ui';

/** How often a running import's progress is asked for (the only polling in the product: a progress bar needs it). */
export const IMPORT_PROGRESS_POLL_MS = 500;

/** `confirmRoles`: the check's `rolesConfirmation`, once the admin confirmed the roles it lists. */
export type ImportRequest = { file: File; targetUserId?: number; confirmRoles?: string };

function importInput(dryRun: boolean, { file, targetUserId, confirmRoles }: ImportRequest) {
  const body = new FormData();
  body.append(IMPORT_FILE_FIELD, file);
  return { query: { dryRun: String(dryRun), targetUserId, confirmRoles }, body };
}

/** Every row checked, nothing written. */
export const useImportCheck = () => useWrite(importRoutes.importFile, (request: ImportRequest) => importInput(true, request));

/** Starts writing the file's valid records: the API answers 202 with the import's progress. */
export function useStartImport() {
  const { run, pending } = useWrite(importRoutes.importFile, (request: ImportRequest) => importInput(false, request));
  // The start's answer is the 202 one (checked against it), not the check's report.
  return { run: (request: ImportRequest) => run(request) as Promise<unknown> as Promise<ImportJob>, pending };
}

/** An import's progress, asked again while it runs. */
export function useImportJob(id: string | null) {
  const { data, error } = useRead(importRoutes.getImportProgress, id ? { params: { id } } : null, {
    refreshInterval: (job?: ImportJob) => (job?.status === 'running' ? IMPORT_PROGRESS_POLL_MS : 0),
  });
  return { job: data, error };
}

/** Refetches every cached read an import can change, once its progress says it is done. */
export const useRefreshAfterImport = () => useRefreshAfter(IMPORTED_READS);
