import { ADMIN_MESSAGES as M, IMPORT_MAX_ROWS } from '@tht/contracts';
import Papa from 'papaparse';
import { HttpError } from '../platform/http';
import type { UploadedFile } from './import-upload';
import { openWorkbook } from './xlsx-reader';

/** A row of a file as text cells, with its number as a spreadsheet shows it (1 = the first row). */
export interface SourceRow {
  number: number;
  cells: string[];
}

/** One sheet of a workbook, or a CSV file (sheet `CSV`); blank rows left out. */
export interface ImportTable {
  sheet: string;
  rows: SourceRow[];
}

export const CSV_SHEET = 'CSV';

const broken = (format: string, reason: string) => new HttpError(400, M.importBrokenFile(format, reason));

function isBlankRow(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

/** Adds a row, refusing files beyond IMPORT_MAX_ROWS (counted over every sheet). */
class RowCounter {
  private count = 0;
  add(table: ImportTable, row: SourceRow): void {
    if (isBlankRow(row.cells)) return;
    this.count += 1;
    if (this.count > IMPORT_MAX_ROWS) throw new HttpError(413, M.importTooManyRows(IMPORT_MAX_ROWS));
    table.rows.push(row);
  }
}

/** A CSV as UTF-8 text (a byte-order mark is dropped), any delimiter a spreadsheet writes. */
export function readCsv(bytes: Buffer): ImportTable {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw broken('CSV', 'it is not UTF-8 text (save it as "CSV UTF-8")');
  }
  if (text.includes('\u0000')) throw broken('CSV', 'it holds binary data, not text');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  const quoteError = parsed.errors.find((error) => error.type === 'Quotes');
  if (quoteError) throw broken('CSV', `${quoteError.message} (row ${(quoteError.row ?? 0) + 1})`);
  const table: ImportTable = { sheet: CSV_SHEET, rows: [] };
  const counter = new RowCounter();
  parsed.data.forEach((cells, index) => counter.add(table, { number: index + 1, cells }));
  return table;
}

/** Every sheet of an .xlsx workbook, in tab order, read a row at a time. */
export async function readWorkbook(bytes: Buffer): Promise<ImportTable[]> {
  if (bytes.subarray(0, 4).toString('binary') !== 'PK\u0003\u0004') throw broken('XLSX', 'it is not an Excel workbook');
  const counter = new RowCounter();
  const tables: ImportTable[] = [];
  try {
    for (const sheet of await openWorkbook(bytes)) {
      const table: ImportTable = { sheet: sheet.name, rows: [] };
      tables.push(table);
      for await (const row of sheet.rows) counter.add(table, row);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw broken('XLSX', error instanceof Error ? error.message : String(error));
  }
  if (tables.length === 0) throw broken('XLSX', 'it has no worksheets');
  return tables;
}

/** The file's tables: one for a CSV, one per sheet for a workbook. */
export async function readTables(file: UploadedFile): Promise<ImportTable[]> {
  return file.kind === 'csv' ? [readCsv(file.bytes)] : readWorkbook(file.bytes);
}
