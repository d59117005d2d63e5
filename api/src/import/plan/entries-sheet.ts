import {
  adminBulkEntrySchema,
  checkCustomFieldValues,
  checkGridRow,
  CUSTOM_FIELD_COLUMN_PREFIX,
  ENTRY_MESSAGES,
  GRID_COLUMNS,
  isValidUntilAfterDate,
  normaliseGridDate,
  type CustomFieldDefinition,
  type GridRow,
  type ImportFormat,
} from '@tht/contracts';
import { CSV_SHEET, type SourceRow, type SourceSheet } from '../import-tables';
import { isGridHeader } from './import-format';
import type { KnownUser } from './instance-snapshot';
import type { KnownRecords, Owner, OwnerInfo } from './known-records';
import { messagesOf } from './plan-builder';
import type { CheckedEntry, EntryCheck, EntryRows } from './planned-entries';
import { blankToNull, Columns, placeOf, SHEET_COLUMNS, sheetKindOf } from './sheet-columns';

/** Placeholder names for checking a grid CSV before its person is picked. */
const UNPICKED_OWNER: OwnerInfo = { firstName: '-', lastName: '-', managerName: '', department: '', role: 'employee' };

/**
 * Where the entries of a file are (the Entries sheet of a workbook, or the CSV), and how their rows
 * are checked against `known` (the instance's records and the ones the file's other sheets add).
 */
export function entryRowsOf(
  known: KnownRecords,
  format: ImportFormat,
  sheets: readonly SourceSheet[],
  targetUser: KnownUser | undefined,
): EntryRows | null {
  if (format === 'grid-csv') {
    const owner = targetUser ? { ref: targetUser.id, info: targetUser } : { ref: 0, info: UNPICKED_OWNER };
    const check = gridEntryCheck(known, owner);
    return { sheet: sheets[0]!, checkFrom: (first) => ({ check, firstIsEntry: !isGridHeader(first) }) };
  }
  const sheet = format === 'export-csv' ? sheets[0] : sheets.find((candidate) => sheetKindOf(candidate) === 'entries');
  if (!sheet) return null;
  return {
    sheet,
    checkFrom: (header) => ({
      check: exportedEntryCheck(known, new Columns(sheet.name, header, SHEET_COLUMNS.entries)),
      firstIsEntry: false,
    }),
  };
}

/** The check of a row of the Entries sheet, or of the export's CSV, under its `columns`. */
function exportedEntryCheck(known: KnownRecords, columns: Columns): EntryCheck {
  const customColumns = columns.columnsStartingWith(CUSTOM_FIELD_COLUMN_PREFIX);
  return (row) => {
    const owner = known.ownerOf(columns, row);
    if (typeof owner === 'string') return { error: owner };
    const date = normaliseGridDate(columns.cell(row, 'date'));
    if (!date.ok) return { error: date.error };
    const custom = Object.fromEntries(
      customColumns.map((name) => [name, columns.cell(row, `${CUSTOM_FIELD_COLUMN_PREFIX}${name}`)]),
    );
    return plannedEntry(known, columns, row, owner, exportedFields(columns, row, date.date), custom, exportedId(columns, row));
  };
}

/** The entry's id in the export (the `id` column), when the row has a whole number there. */
function exportedId(columns: Columns, row: SourceRow): number | null {
  const id = columns.has('id') ? Number(columns.cell(row, 'id').trim()) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** An exported entry row's cells as an entry's fields; the optional columns the file leaves out are undefined. */
function exportedFields(columns: Columns, row: SourceRow, date: string): Record<string, unknown> {
  const text = (column: string) => (columns.has(column) ? columns.cell(row, column) : undefined);
  return {
    firstName: text('firstName'),
    lastName: text('lastName'),
    trainingName: columns.cell(row, 'trainingName'),
    date,
    hours: columns.cell(row, 'hours').trim(),
    trainingType: blankToNull(columns.cell(row, 'trainingType').trim().toLowerCase()) ?? undefined,
    courseGivenBy: text('courseGivenBy'),
    rating: columns.cell(row, 'rating').trim(),
    beInnovative: columns.cell(row, 'beInnovative').trim(),
    managerName: text('managerName'),
    department: text('department'),
    notes: text('notes'),
    validUntil: validUntilCell(text('validUntil')),
  };
}

/** An optional Valid until cell (a column older files lack) in any date form the date column takes, as YYYY-MM-DD. */
function validUntilCell(cell: string | undefined): string | undefined {
  if (cell === undefined || cell.trim() === '') return undefined;
  const date = normaliseGridDate(cell);
  return date.ok ? date.date : cell;
}

/** The check of a row of a CSV in the bulk grid's column order, for one person, under the admin grid's rules. */
function gridEntryCheck(known: KnownRecords, owner: Owner): EntryCheck {
  return (row) => {
    const grid = Object.fromEntries(GRID_COLUMNS.map((column, index) => [column, row.cells[index] ?? ''])) as GridRow;
    const checked = checkGridRow(grid, row.number, 'admin', owner.info);
    return checked.errors.length > 0
      ? { error: checked.errors.join('; ') }
      : plannedEntry(known, { name: CSV_SHEET }, row, owner, checked.entry, {}, null);
  };
}

/** An entry row as the entry it becomes, with the owner's names, manager and department where it leaves them empty. */
function plannedEntry(
  known: KnownRecords,
  sheet: { name: string },
  row: SourceRow,
  owner: Owner,
  fields: Record<string, unknown>,
  custom: Record<string, string>,
  sourceId: number | null,
): CheckedEntry {
  const parsed = adminBulkEntrySchema.safeParse(withOwnerDefaults(fields, owner.info));
  if (!parsed.success) return { error: messagesOf(parsed.error) };
  if (!isValidUntilAfterDate(parsed.data)) return { error: ENTRY_MESSAGES.validUntilAfterDate };
  const checked = checkCustomFieldValues(known.formFields, customValues(known.formFields, custom), { enforceRequired: false });
  if (checked.errors.length > 0) return { error: checked.errors.map((error) => error.message).join('; ') };
  return {
    entry: { ...placeOf(sheet, row), sourceId, owner: owner.ref, input: parsed.data, customFields: checked.values },
  };
}

function withOwnerDefaults(fields: Record<string, unknown>, defaults: OwnerInfo): Record<string, unknown> {
  const input = { ...fields };
  for (const field of ['firstName', 'lastName', 'managerName', 'department'] as const) {
    const value = input[field];
    if (typeof value !== 'string' || value.trim() === '') input[field] = defaults[field];
  }
  return input;
}

/** Custom cells as the field types take them: a checkbox's 'true'/'false' as a yes/no. */
function customValues(fields: readonly CustomFieldDefinition[], cells: Record<string, string>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const cell = cells[field.name];
    if (cell === undefined) continue;
    const text = cell.trim().toLowerCase();
    values[field.name] = field.type === 'checkbox' && (text === 'true' || text === 'false') ? text === 'true' : cell;
  }
  return values;
}
