import { z } from 'zod';
import { defineRoutes } from '../routes/api-route';
import { ENTRY_FIGURES, PEOPLE, type ReadFamily } from '../routes/read-families';
import {
  IMPORT_FILE_FIELD,
  IMPORT_MAX_MEGABYTES,
  importJobIdSchema,
  importJobSchema,
  importQuerySchema,
  importReportSchema,
} from './import';

/** The form of an upload: one file in the field `file`. */
export const importUploadSchema = z.object({
  [IMPORT_FILE_FIELD]: z.file().meta({ description: `A .csv or .xlsx file of at most ${IMPORT_MAX_MEGABYTES} MB` }),
});

/**
 * Every read an import can change (people, departments, form fields, targets and entries): the
 * browser refreshes them when the import's progress says it is done, since the start answers
 * before anything is written.
 */
export const IMPORTED_READS = [
  ...ENTRY_FIGURES,
  ...PEOPLE,
  'departments',
  'formFields',
  'fiscalYears',
  'yearlyTargets',
  'userTargets',
] as const satisfies readonly ReadFamily[];

/** Importing a file (see `importQuerySchema`): its check, its start and its progress. Admins only. */
export const importRoutes = defineRoutes({
  importFile: {
    method: 'post',
    path: '/api/import',
    access: 'admin',
    query: importQuerySchema,
    body: importUploadSchema,
    bodyContentType: 'multipart/form-data',
    responses: { 200: { schema: importReportSchema }, 202: { schema: importJobSchema } },
    // The check writes nothing; a start answers before it writes (IMPORTED_READS, once done).
    refreshes: [],
  },
  getImportProgress: {
    method: 'get',
    path: '/api/import/{id}',
    access: 'admin',
    params: { id: importJobIdSchema },
    responses: { 200: { schema: importJobSchema } },
  },
});
