import { ADMIN_MESSAGES as M, GRID_COLUMN_LABELS, GRID_COLUMNS, normaliseGridDate, type ImportFormat } from '@tht/contracts';
import { HttpError } from '../../platform/http';
import type { SourceRow } from '../import-tables';

/** A column only the export's CSV has (the bulk grid's rows are one person's). */
const EXPORT_CSV_MARKER = 'employeeEmail';

/** Whether a grid CSV's first row is its header (the grid's labels or field names). */
export function isGridHeader(row: SourceRow): boolean {
  const names = new Set(GRID_COLUMNS.flatMap((column) => [column.toLowerCase(), GRID_COLUMN_LABELS[column].toLowerCase()]));
  return row.cells.slice(0, 3).every((cell) => names.has(cell.trim().toLowerCase()));
}

/** The format of a file from its kind and first row: an export workbook, the export's CSV, or the bulk grid's columns. */
export function detectFormat(kind: 'csv' | 'xlsx', first: SourceRow | undefined): ImportFormat {
  if (kind === 'xlsx') return 'export-xlsx';
  if (!first) throw new HttpError(400, M.importEmptyFile);
  if (first.cells.some((cell) => cell.trim() === EXPORT_CSV_MARKER)) return 'export-csv';
  if (isGridHeader(first) || normaliseGridDate(first.cells[1] ?? '').ok) return 'grid-csv';
  throw new HttpError(400, M.importUnknownColumns);
}
