import {
  ADMIN_MESSAGES as M,
  IMPORT_MAX_MEGABYTES,
  IMPORT_MAX_ROWS,
  importJobSchema,
  importReportSchema,
  importRoutes,
} from '@tht/contracts';
import { describeRoutes, type DescribeFeatureApi } from '../openapi/operations';

/** The prose of the import's routes (`importRoutes` in @tht/contracts). */
export const describeImportApi: DescribeFeatureApi = (settings) =>
  describeRoutes(
    importRoutes,
    {
      tag: {
        name: 'Import',
        description: "Getting data in: an export of this or another instance, or a CSV in the bulk grid's columns",
      },
      schemas: { ImportReport: importReportSchema, ImportJob: importJobSchema },
      operations: {
        importFile: {
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
          responses: {
            200: 'The dry run: what the file would write, and its bad rows',
            202: 'The import started; `Location` is its progress',
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
            413: [
              M.importTooLarge(IMPORT_MAX_MEGABYTES),
              M.importTooManyRows(IMPORT_MAX_ROWS),
              M.importUnpacksTooLarge('{reason}'),
            ],
            415: [M.importNotMultipart, M.importUnsupportedType],
          },
          headers: { 202: { Location: "The address of the import's progress (`/api/import/{id}`)" } },
        },
        getImportProgress: {
          summary: "An import's progress",
          description:
            'Records written so far of the total, what was created, and the bad rows; kept for an hour after the import ends.',
          responses: { 200: 'The import' },
          errors: { 404: [M.importJobNotFound] },
        },
      },
    },
    settings,
  );
