import type { ExportFormat } from '../hr/schemas';

/**
 * The format of GET /api/export, which the admin import reads back: one row per entry, with
 * stable column headers (the entry's API field names), custom form fields as `custom:<name>`
 * columns, and every text cell (or piece of it after a separator) a spreadsheet would run as a
 * formula neutralised.
 */

/** Columns of the CSV and of the workbook's Entries sheet, in order (before the custom fields). */
export const ENTRY_EXPORT_COLUMNS = [
  'id',
  'userId',
  'employeeEmail',
  'firstName',
  'lastName',
  'trainingName',
  'date',
  'hours',
  'trainingType',
  'courseGivenBy',
  'rating',
  'beInnovative',
  'managerName',
  'department',
  'notes',
  'validUntil',
  'createdAt',
  'updatedAt',
] as const;

/** A custom form field's column: `custom:` and the field's name (e.g. `custom:costCentre`). */
export const CUSTOM_FIELD_COLUMN_PREFIX = 'custom:';
export const customFieldColumn = (fieldName: string) => `${CUSTOM_FIELD_COLUMN_PREFIX}${fieldName}`;

/** The workbook's other sheets (`?format=xlsx`). */
export const USER_EXPORT_COLUMNS = [
  'id',
  'email',
  'firstName',
  'lastName',
  'role',
  'department',
  'managerId',
  'managerName',
  'createdAt',
] as const;
export const TARGET_EXPORT_COLUMNS = [
  'userId',
  'employeeEmail',
  'year',
  'targetHours',
  'reason',
  'setBy',
  'createdAt',
  'updatedAt',
] as const;
export const FISCAL_YEAR_EXPORT_COLUMNS = ['year', 'targetHours', 'description', 'createdAt', 'updatedAt'] as const;

export const DEPARTMENT_EXPORT_COLUMNS = ['id', 'name', 'createdAt'] as const;
/** `options`: a select field's option labels in their order, as a JSON list (`["Beginner","Advanced"]`). */
export const FORM_FIELD_EXPORT_COLUMNS = ['id', 'name', 'label', 'type', 'required', 'order', 'options'] as const;

export const EXPORT_SHEETS = {
  entries: 'Entries',
  users: 'Users',
  targets: 'Targets',
  fiscalYears: 'Fiscal years',
  departments: 'Departments',
  formFields: 'Form fields',
} as const;

/** Rows of an Excel worksheet, the header included: past it, an export sheet goes on in continuation sheets. */
export const XLSX_ROWS_PER_SHEET = 1_048_576;

/** The `part`-th worksheet (2, 3, ...) of an export sheet too long for one: `Entries (2)`, each under the header again. */
export const continuationSheetName = (name: string, part: number) => `${name} (${part})`;

/** The `options` cell of a form field: its option labels as a JSON list. */
export const formatOptionLabels = (labels: readonly string[]) => JSON.stringify(labels);

/** The labels of an `options` cell; null when the cell is not a JSON list of texts. */
export function parseOptionLabels(cell: string): string[] | null {
  if (cell.trim() === '') return [];
  try {
    const labels: unknown = JSON.parse(cell);
    return Array.isArray(labels) && labels.every((label) => typeof label === 'string') ? labels : null;
  } catch {
    return null;
  }
}

/**
 * Where a spreadsheet may see a cell begin (OWASP "CSV injection"): at the start of the text, and
 * after each separator a spreadsheet may split a CSV line at, `,`, `;` (Excel's list separator in
 * much of Europe) or a tab, so `x;=1+2` holds the cell `=1+2` there.
 */
const PIECE_START = /(?<=^|[,;\t])/.source;
/** What a spreadsheet runs as a formula when a cell starts with it: `=`, `+`, `-`, `@`, a tab or a carriage return. */
const FORMULA_CHARACTER = /[=+\-@\t\r]/.source;
/** A piece that starts as a formula would, after any apostrophes: one more apostrophe goes in front. */
const NEUTRALISABLE = new RegExp(`${PIECE_START}(?='*${FORMULA_CHARACTER})`, 'g');
/** The apostrophe `neutraliseFormula` put before such a piece. */
const NEUTRALISED = new RegExp(`${PIECE_START}'(?='*${FORMULA_CHARACTER})`, 'g');

/**
 * A text cell as exported: the text, and every piece of it after a separator, that a spreadsheet
 * would run as a formula gets an apostrophe before it, so it shows as the text it is
 * (`=SUM(A1)` as `'=SUM(A1)`, `x;=1+2` as `x;'=1+2`). A piece that already starts with
 * apostrophes and then such a character gets one more, so the import's `restoreNeutralised`
 * gives back exactly the text.
 */
export function neutraliseFormula(text: string): string {
  return text.replace(NEUTRALISABLE, "'");
}

/** The text a neutralised cell stood for: the import drops each apostrophe `neutraliseFormula` added. */
export function restoreNeutralised(text: string): string {
  return text.replace(NEUTRALISED, '');
}

/**
 * The download's file name: the organisation's domain, the date of the export and, when limited,
 * the year and 'innovative', and the (UTC) day of the moment it shows the data as of
 * (`training-hours-example.com-2026-11-23-2026-as-of-2026-06-30.csv`). With the evidence files,
 * the zip holding that file and them: `training-hours-example.com-2026-11-23-with-evidence.zip`.
 */
export function exportFileName(
  orgDomain: string,
  today: Date,
  format: 'csv' | 'xlsx',
  {
    year,
    innovative = false,
    asOf,
    evidence = false,
  }: { year?: number | undefined; innovative?: boolean; asOf?: Date | undefined; evidence?: boolean } = {},
): string {
  const date = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  const parts = ['training-hours', orgDomain.replace(/[^A-Za-z0-9.-]/g, '_'), date];
  if (year !== undefined) parts.push(String(year));
  if (innovative) parts.push('innovative');
  if (asOf) parts.push('as-of', asOf.toISOString().slice(0, 10));
  if (evidence) parts.push('with', 'evidence');
  return `${parts.join('-')}.${evidence ? 'zip' : format}`;
}

/**
 * The export with evidence (`?evidence=true`), a zip: the export file at the top (named as it is
 * downloaded alone), then a folder per person, `<userId> <first> <last>/` (names as file systems take
 * them), holding `entries.csv` (their entries, the CSV's columns) and each file attached to an entry
 * as `evidence/<entryId>/<evidenceId> <file name>`. The admin import reads it back (decision 040).
 */
export const EVIDENCE_ARCHIVE = {
  entriesFile: 'entries.csv',
  evidenceFolder: 'evidence',
} as const;

/** A name as a folder or file name in the zip: no folder separators, control or reserved characters, at most 100 characters. */
export function archiveName(name: string): string {
  const safe = name
    // eslint-disable-next-line no-control-regex -- control characters are what is replaced
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 100);
  return safe === '' ? '_' : safe;
}

/** The folder of a person's files in the zip. */
export const personFolder = (userId: number, firstName: string, lastName: string) =>
  archiveName(`${userId} ${firstName} ${lastName}`);

/** Where a file attached to an entry lies in the zip. */
export const evidencePath = (folder: string, entryId: number, evidenceId: number, name: string) =>
  `${folder}/${EVIDENCE_ARCHIVE.evidenceFolder}/${entryId}/${evidenceId} ${archiveName(name)}`;

/** The entry and the file name of a path of the zip that holds an entry's file; null for any other path. */
export function evidenceOfPath(path: string): { entryId: number; name: string } | null {
  const match = /^[^/]+\/evidence\/(\d+)\/\d+ ([^/]+)$/.exec(path);
  return match ? { entryId: Number(match[1]), name: match[2]! } : null;
}

/** The media types of the export's two formats. */
export const EXPORT_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const satisfies Record<ExportFormat, string>;

/** The media type of the export with evidence. */
export const EVIDENCE_ARCHIVE_CONTENT_TYPE = 'application/zip';
