import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { IMPORT_FILE_FIELD, type ImportJob, type ImportReport } from '@tht/contracts';
import { apiRequest, isEntryDataKey, keysStartingWith, useApiWrite } from '@tht/ui';

/** How often a running import's progress is asked for (the only polling in the product: a progress bar needs it). */
export const IMPORT_PROGRESS_POLL_MS = 500;

export type ImportRequest = { file: File; targetUserId?: number };

function importPath(dryRun: boolean, targetUserId: number | undefined): string {
  const query = new URLSearchParams({ dryRun: String(dryRun) });
  if (targetUserId !== undefined) query.set('targetUserId', String(targetUserId));
  return `/api/import?${query}`;
}

function upload<Answer>(dryRun: boolean, { file, targetUserId }: ImportRequest): Promise<Answer> {
  const body = new FormData();
  body.append(IMPORT_FILE_FIELD, file);
  return apiRequest<Answer>('POST', importPath(dryRun, targetUserId), body);
}

const checkFile = (request: ImportRequest) => upload<ImportReport>(true, request);
const startImport = (request: ImportRequest) => upload<ImportJob>(false, request);
const changesNothing = () => false;

/** POST /api/import?dryRun=true: every row checked, nothing written. */
export const useImportCheck = () => useApiWrite(checkFile, changesNothing);

/** POST /api/import: starts writing the file's valid records (202 with the import's progress). */
export const useStartImport = () => useApiWrite(startImport, changesNothing);

/** GET /api/import/{id}: an import's progress, asked again while it runs. */
export function useImportJob(id: string | null) {
  const { data, error } = useSWR<ImportJob, Error>(id ? `/api/import/${id}` : null, {
    refreshInterval: (job) => (job?.status === 'running' ? IMPORT_PROGRESS_POLL_MS : 0),
  });
  return { job: data, error };
}

// An import may bring people, departments, form fields, fiscal years and targets as well as entries.
const isOrganisationKey = keysStartingWith(
  '/api/admin',
  '/api/user',
  '/api/managers',
  '/api/departments',
  '/api/form-fields',
  '/api/fiscal-years',
  '/api/yearly-targets',
);

/** Refetches every cached read an import can change (entries and stats included, SPEC section 4). */
export function useRefreshAfterImport() {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await mutate((key) => isEntryDataKey(key) || isOrganisationKey(key));
  }, [mutate]);
}
