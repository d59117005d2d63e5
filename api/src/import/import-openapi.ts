import {
  ADMIN_MESSAGES as M,
  IMPORT_FILE_FIELD,
  IMPORT_MAX_MEGABYTES,
  IMPORT_MAX_ROWS,
  importJobIdSchema,
  importJobSchema,
  importQuerySchema,
  importReportSchema,
} from '@tht/contracts';
import { z } from 'zod';
import type { DescribeFeatureApi } from '../openapi/operations';

const uploadSchema = z.object({
  [IMPORT_FILE_FIELD]: z.file().meta({ description: `A .csv or .xlsx file of at most ${IMPORT_MAX_MEGABYTES} MB` }),
});

/** The routes of `import-routes.ts`. */
export const describeImportApi: DescribeFeatureApi = () => ({
  tag: {
    name: 'Import',
    description: "Getting data in: an export of this or another instance, or a CSV in the bulk grid's columns",
  },
  schemas: { ImportReport: importReportSchema, ImportJob: importJobSchema },
  operations: [
    {
      method: 'post',
      path: '/api/import',
      operationId: 'importFile',
      summary: 'Import a CSV or XLSX file',
      description:
        'Accepts the CSV and the workbook of `GET /api/export` (a workbook recreates departments, form fields, ' +
        "users without passwords, manager links, fiscal years, targets and entries) and a CSV in the bulk grid's column order " +
        "for the employee `targetUserId` under the admin grid's rules. Every row is checked before anything is written. " +
        '`dryRun=true` answers the check (200) and writes nothing; otherwise the valid records are written in batches in the ' +
        'background (202; follow `GET /api/import/{id}`). Bad rows and duplicate entries (same person, same date, same training ' +
        'name ignoring case and surrounding spaces) are skipped; records the instance already has are kept as they are. ' +
        'The check lists every account the file creates with a role above employee (`privilegedAccounts`); a file that has any ' +
        "is imported only with `confirmRoles` set to its check's `rolesConfirmation`.",
      access: 'admin',
      query: importQuerySchema,
      body: uploadSchema,
      bodyContentType: 'multipart/form-data',
      responses: {
        200: { description: 'The dry run: what the file would write, and its bad rows', schema: importReportSchema },
        202: { description: 'The import started; `Location` is its progress', schema: importJobSchema },
      },
      errors: {
        400: [
          M.importFileRequired,
          M.importOneFileOnly,
          M.importBrokenFile('{CSV or XLSX}', '{reason}'),
          M.importEmptyFile,
          M.importUnknownColumns,
          M.importUnknownSheets(['{sheets}']),
          M.importMissingColumns('{sheet}', ['{columns}']),
          M.importNeedsEmployee,
          M.noEmployeeSelected,
          M.adminTargetRefused,
          M.importRolesNotConfirmed,
          M.importRolesChanged,
        ],
        404: ['User not found'],
        413: [M.importTooLarge(IMPORT_MAX_MEGABYTES), M.importTooManyRows(IMPORT_MAX_ROWS), M.importUnpacksTooLarge('{reason}')],
        415: [M.importNotMultipart, M.importUnsupportedType],
      },
      headers: { 202: { Location: "The address of the import's progress (`/api/import/{id}`)" } },
    },
    {
      method: 'get',
      path: '/api/import/{id}',
      operationId: 'getImportProgress',
      summary: "An import's progress",
      description:
        'Records written so far of the total, what was created, and the bad rows; kept for an hour after the import ends.',
      access: 'admin',
      params: { id: importJobIdSchema },
      responses: { 200: { description: 'The import', schema: importJobSchema } },
      errors: { 404: [M.importJobNotFound] },
    },
  ],
});
