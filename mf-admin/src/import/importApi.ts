import useSWR from 'swr';
import { IMPORT_FILE_FIELD, type ImportJob, type ImportReport } from '@tht/contracts';
import { apiRequest, useRefreshAfter, useWrite } from '@tht/ui';

/** How often a running import's progress is asked for (the only polling in the product: a progress bar needs it). */
export const IMPORT_PROGRESS_POLL_MS = 500;

/** `confirmRoles`: the check's `rolesConfirmation`, once the admin confirmed the roles it lists. */
export type ImportRequest = { file: File; targetUserId?: number; confirmRoles?: string };

function importPath(dryRun: boolean, { targetUserId, confirmRoles }: Omit<ImportRequest, 'file'>): string {
  const query = new URLSearchParams({ dryRun: String(dryRun) });
  if (targetUserId !== undefined) query.set('targetUserId', String(targetUserId));
  if (confirmRoles !== undefined) query.set('confirmRoles', confirmRoles);
  return `/api/import?${query}`;
}

function upload<Answer>(dryRun: boolean, { file, ...options }: ImportRequest): Promise<Answer> {
  const body = new FormData();
  body.append(IMPORT_FILE_FIELD, file);
  return apiRequest<Answer>('POST', importPath(dryRun, options), body);
}

const checkFile = (request: ImportRequest) => upload<ImportReport>(true, request);
const startImport = (request: ImportRequest) => upload<ImportJob>(false, request);

/** POST /api/import?dryRun=true: every row checked, nothing written. */
export const useImportCheck = () => useWrite('POST /api/import?dryRun=true', checkFile);

/** POST /api/import: starts writing the file's valid records (202 with the import's progress). */
export const useStartImport = () => useWrite('POST /api/import', startImport);

/** GET /api/import/{id}: an import's progress, asked again while it runs. */
export function useImportJob(id: string | null) {
  const { data, error } = useSWR<ImportJob, Error>(id ? `/api/import/${id}` : null, {
    refreshInterval: (job) => (job?.status === 'running' ? IMPORT_PROGRESS_POLL_MS : 0),
  });
  return { job: data, error };
}

/** Refetches every cached read an import can change: people, departments, form fields, targets and entries. */
export const useRefreshAfterImport = () => useRefreshAfter('import finished');
