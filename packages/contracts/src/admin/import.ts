import { z } from 'zod';
import { roleSchema, type Role } from '../accounts/roles';
import { idSchema } from '../entries/schemas';
import { queryParametersSchema } from '../query-parameters';
import { ADMIN_MESSAGES as M } from './messages';

/**
 * POST /api/import (multipart/form-data, one file in the field `file`). Accepted files:
 *
 *   - `export-csv`: the CSV of GET /api/export (a header row with its column names; the person is
 *     the row's `employeeEmail`; `id`, `userId`, `createdAt` and `updatedAt` are not imported);
 *   - `export-xlsx`: the workbook of GET /api/export?format=xlsx (sheets Entries, Users, Targets,
 *     Fiscal years, and Departments and Form fields when present): a whole instance;
 *   - `grid-csv`: rows in the bulk grid's column order (training name, date, hours, manager,
 *     department, type, given by, rating, innovative, notes), with or without a header row, checked
 *     by the admin grid's rules; the person is `targetUserId`.
 *
 * A zip (the export with evidence, GET /api/export?evidence=true) is read as the export file at its
 * top (its format one of the above), and each file of its people's folders is attached again to the
 * entry the export's `id` column names, once that entry is imported (decision 040).
 *
 * `?dryRun=true` checks every row and writes nothing (200, an `ImportReport`). Without it the same
 * check runs, then the valid records are written in batches in the background: 202 with an
 * `ImportJob` whose progress `GET /api/import/{id}` tells. Bad rows and duplicates are skipped.
 * A file that creates accounts with a role above employee is imported only with `confirmRoles`,
 * the `rolesConfirmation` of its check's report (400 otherwise): an administrator is never made
 * by a file nobody looked at.
 */
export const IMPORT_FILE_FIELD = 'file';
/**
 * A spreadsheet (a CSV or a workbook) of at most this many MB and rows (over every sheet): room for
 * the whole export of an organisation of 10,000 people's 2,000,000 entries (its CSV about 400 MB,
 * its workbook about 230 MB), so that Export All Data always imports back (decision 056).
 */
export const IMPORT_MAX_MEGABYTES = 512;
export const IMPORT_MAX_BYTES = IMPORT_MAX_MEGABYTES * 1024 * 1024;
export const IMPORT_MAX_ROWS = 3_000_000;
/**
 * What an import reads of a file at most, so that no file holds the server long: a sheet as large
 * as Excel's own, full of the export's rows (a full Entries sheet of XLSX_ROWS_PER_SHEET rows
 * unpacks to about 900 MB of sheet XML), and room for IMPORT_MAX_ROWS rows of the export in all.
 * Sizes in MB (of 1,048,576 bytes or characters).
 */
export const IMPORT_LIMITS = {
  /** Columns of a sheet (A to XFD). */
  columns: 16_384,
  rowsPerSheet: 1_048_576,
  /** Cells of a sheet, counting the empty ones before a cell in its row: a full sheet of 48 columns. */
  cellsPerSheet: 50_000_000,
  sharedStrings: 2_000_000,
  sharedStringsMegabytes: 100,
  /** A row's XML (XLSX), a shared string's. */
  rowKilobytes: 2_048,
  /** A CSV row's text (much more than 16 columns of the longest notes: a CSV row is parsed whole, again as it grows). */
  csvRowKilobytes: 256,
  /** A workbook part unpacked: a sheet, the shared strings. */
  partMegabytes: 2_048,
  /** A part read whole: the workbook's list of sheets, its relationships, its styles. */
  wholePartMegabytes: 16,
  /** Every part unpacked, together. */
  workbookMegabytes: 4_096,
  /** Unpacked over packed size, for parts of more than 1 MB. */
  compressionRatio: 100,
  /** Files in a workbook's zip archive. */
  zipParts: 10_000,
} as const;
/** A report lists at most this many row errors (`failed` counts them all). */
export const IMPORT_ERRORS_SHOWN = 1_000;
export const IMPORT_FILE_TYPES = ['.csv', '.xlsx', '.zip'] as const;
/** For the file picker's `accept`. */
export const IMPORT_ACCEPT =
  '.csv,.xlsx,.zip,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/zip';

/** An export with evidence may be larger than a spreadsheet: it is kept on disk and read a file at a time. */
export const IMPORT_ARCHIVE_MAX_MEGABYTES = 4_096;
export const IMPORT_ARCHIVE_MAX_BYTES = IMPORT_ARCHIVE_MAX_MEGABYTES * 1024 * 1024;
/** What the zip of an export with evidence may hold (sizes in MB): the export file and the files of every entry. */
export const IMPORT_ARCHIVE_LIMITS = {
  /** Any one file: the export file at most as large as an import's file. */
  partMegabytes: IMPORT_MAX_MEGABYTES,
  workbookMegabytes: IMPORT_ARCHIVE_MAX_MEGABYTES,
  compressionRatio: IMPORT_LIMITS.compressionRatio,
  /** The export file, each person's entries and their files. */
  zipParts: 1_000_000,
} as const;

export const IMPORT_FORMATS = ['export-csv', 'export-xlsx', 'grid-csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const importQuerySchema = queryParametersSchema({
  dryRun: z.preprocess(
    (value) => (value === undefined || value === '' ? 'false' : value),
    z.enum(['true', 'false'], { error: M.importDryRunFlag }).transform((flag) => flag === 'true'),
  ),
  /** The person of a `grid-csv` file (ignored for the export formats, whose rows name their person). */
  targetUserId: z.preprocess((value) => (value === '' ? undefined : value), idSchema(M.noEmployeeSelected).optional()),
  /** The check's `rolesConfirmation`: the admin saw and confirms the accounts it lists (needed when it lists any). */
  confirmRoles: z.preprocess((value) => (value === '' ? undefined : value), z.string().max(100).optional()),
});

/** A role above employee: an account an import creates with one is listed in its check and needs the admin's confirmation. */
export const isPrivilegedRole = (role: Role): boolean => role !== 'employee';

/** An account the import creates with a role above employee: its Users row, who, and the role. */
export const importPrivilegedAccountSchema = z.strictObject({
  sheet: z.string(),
  row: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
});

export const importJobIdSchema = z.uuid({ error: M.invalidImportId });

/**
 * A bad row: the sheet (`CSV` for a CSV file) and the row number as a spreadsheet shows it (the
 * header is row 1, so the first data row is 2; a `grid-csv` without a header starts at 1).
 */
export const importRowErrorSchema = z.strictObject({
  sheet: z.string(),
  row: z.number(),
  message: z.string(),
});

/** Records by kind: what an import creates, or what it finds already there and keeps as it is. */
export const importCountsSchema = z.strictObject({
  departments: z.number(),
  users: z.number(),
  formFields: z.number(),
  fiscalYears: z.number(),
  targets: z.number(),
  entries: z.number(),
  /** Files attached to entries (a zip's). */
  evidence: z.number(),
});

/** The check of a file: what the dry run answers, and what the import job starts from. */
export const importReportSchema = z.strictObject({
  format: z.enum(IMPORT_FORMATS),
  fileName: z.string(),
  /** Data rows read, over every sheet. */
  rows: z.number(),
  /** Rows with an error (each skipped); `errors` lists the first IMPORT_ERRORS_SHOWN of them. */
  failed: z.number(),
  errors: z.array(importRowErrorSchema),
  /** Entries skipped because the instance or an earlier row already has them (same person, training name ignoring case, date). */
  duplicates: z.number(),
  /** Records the import writes. */
  toCreate: importCountsSchema,
  /** Records of the file the instance already has (matched by e-mail, name or year), kept as they are. */
  unchanged: importCountsSchema,
  /** A `grid-csv` checked without `targetUserId`: the rows are checked, but nothing can be written until a person is picked. */
  needsTargetUser: z.boolean(),
  /**
   * Every account the import creates with a role above employee, in the file's order (an account
   * the instance has is kept as it is, so an import never changes a role).
   */
  privilegedAccounts: z.array(importPrivilegedAccountSchema),
  /** What the import of this file must send as `confirmRoles`: it stands for exactly `privilegedAccounts`; null when there are none. */
  rolesConfirmation: z.string().nullable(),
});

export const IMPORT_JOB_STATUSES = ['running', 'completed', 'failed'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

/** An import under way or done (202 of POST /api/import, GET /api/import/{id}). */
export const importJobSchema = z.strictObject({
  id: z.uuid(),
  status: z.enum(IMPORT_JOB_STATUSES),
  report: importReportSchema,
  /** Records to write (the sum of `report.toCreate`) and how many are written so far. */
  total: z.number(),
  processed: z.number(),
  created: importCountsSchema,
  /** Why a failed import stopped (records written before stay, and a new import skips them). */
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});

/** Whole per cent done, for the progress bar (100 when there is nothing to write). */
export function importProgressPercent(job: Pick<ImportJob, 'total' | 'processed'>): number {
  return job.total === 0 ? 100 : Math.min(100, Math.floor((job.processed * 100) / job.total));
}

export const emptyImportCounts = (): ImportCounts => ({
  departments: 0,
  users: 0,
  formFields: 0,
  fiscalYears: 0,
  targets: 0,
  entries: 0,
  evidence: 0,
});

export type ImportQuery = z.output<typeof importQuerySchema>;
export type ImportRowError = z.infer<typeof importRowErrorSchema>;
export type ImportPrivilegedAccount = z.infer<typeof importPrivilegedAccountSchema>;
export type ImportCounts = z.infer<typeof importCountsSchema>;
export type ImportReport = z.infer<typeof importReportSchema>;
export type ImportJob = z.infer<typeof importJobSchema>;
