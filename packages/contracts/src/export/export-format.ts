/**
 * The format of GET /api/export, which the admin import reads back: one row per entry, with
 * stable column headers (the entry's API field names), custom form fields as `custom:<name>`
 * columns, and every text cell a spreadsheet would run as a formula neutralised.
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

/** What a spreadsheet runs as a formula when a cell starts with it (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell as exported: one that a spreadsheet would run as a formula (starting with `=`, `+`,
 * `-`, `@`, a tab or a carriage return) gets a leading apostrophe, so it shows as the text it is.
 * The import strips that apostrophe again.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The text a neutralised cell stood for: the import drops the apostrophe `neutraliseFormula` added. */
export function restoreNeutralised(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/**
 * The download's file name: the organisation's domain, the date of the export and, when limited,
 * the year and 'innovative', and the (UTC) day of the moment it shows the data as of
 * (`training-hours-example.com-2026-11-23-2026-as-of-2026-06-30.csv`).
 */
export function exportFileName(
  orgDomain: string,
  today: Date,
  format: 'csv' | 'xlsx',
  { year, innovative = false, asOf }: { year?: number | undefined; innovative?: boolean; asOf?: Date | undefined } = {},
): string {
  const date = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  const parts = ['training-hours', orgDomain.replace(/[^A-Za-z0-9.-]/g, '_'), date];
  if (year !== undefined) parts.push(String(year));
  if (innovative) parts.push('innovative');
  if (asOf) parts.push('as-of', asOf.toISOString().slice(0, 10));
  return `${parts.join('-')}.${format}`;
}

/**
 * The address of an export (GET /api/export) with its query: what the dashboards' export buttons
 * open (`/api/export?format=xlsx&year=2026&asOf=2026-06-30`).
 */
export function exportPath({
  format,
  year,
  innovative = false,
  asOf,
}: {
  format?: 'csv' | 'xlsx';
  year?: number;
  innovative?: boolean;
  asOf?: string | null;
}): string {
  const query = new URLSearchParams();
  if (format) query.set('format', format);
  if (year !== undefined) query.set('year', String(year));
  if (innovative) query.set('innovative', 'true');
  if (asOf) query.set('asOf', asOf);
  const text = query.toString();
  return text ? `/api/export?${text}` : '/api/export';
}
