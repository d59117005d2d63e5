import type { Writable } from 'node:stream';
import { continuationSheetName, neutraliseFormula, XLSX_ROWS_PER_SHEET } from '@tht/contracts';
import ExcelJS from 'exceljs';
import type pg from 'pg';
import { whenWritable } from '../platform/http';
import { rowChunks } from '../platform/row-chunks';
import type { Cell, ExportSheet } from './export-sheets';
import { rowXml, writeRowsXml, zipEntryOf } from './xlsx-rows';

/**
 * A cell as a CSV field (RFC 4180): text neutralised, and quoted when it holds a quote, a line
 * break or any separator a spreadsheet may split at (`,`, `;` as Excel does in much of Europe, a
 * tab), so it stays one cell wherever the file is opened.
 */
function csvField(cell: Cell): string {
  if (cell === null) return '';
  const text = typeof cell === 'string' ? neutraliseFormula(cell) : String(cell);
  return /[",;\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly Cell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/** A CSV file's first line: a byte-order mark (so spreadsheets read the file as UTF-8), then the header. */
export const csvHeader = (columns: readonly string[]) => `\uFEFF${csvLine(columns)}`;

/** A sheet as CSV text in pieces: the header line, then the rows a cursor chunk at a time. */
export async function* csvPieces(pool: pg.Pool, sheet: ExportSheet): AsyncGenerator<string> {
  yield csvHeader(sheet.columns);
  for await (const rows of rowChunks(pool, sheet.text, sheet.values)) {
    yield rows.map((row) => csvLine(sheet.toCells(row))).join('');
  }
}

/**
 * zlib's fastest level for the workbook's parts: the sheets' deflate was most of an organisation's
 * XLSX export, and level 1 takes about a third of the default's (6) time on their XML for a file
 * about a quarter larger (decision 056).
 */
const XLSX_DEFLATE_LEVEL = 1;

export const xlsxValue = (cell: Cell) => (typeof cell === 'string' ? neutraliseFormula(cell) : cell);

/**
 * The sheets as one Excel workbook, streamed to `res` with exceljs's WorkbookWriter: the rows of
 * each chunk read are written out (xlsx-rows.ts) before the next is read, each worksheet finished
 * before the next begins, and the reading waits while the client is behind, so memory stays flat
 * however many rows there are. A sheet longer than `rowsPerSheet` (its header included) goes on in
 * continuation sheets.
 */
export async function writeWorkbook(
  res: Writable,
  pool: pg.Pool,
  sheets: readonly ExportSheet[],
  rowsPerSheet = XLSX_ROWS_PER_SHEET,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: res,
    useStyles: false,
    useSharedStrings: false,
    zip: { zlib: { level: XLSX_DEFLATE_LEVEL } },
  });
  for (const sheet of sheets) {
    const worksheets = new SheetWorksheets(workbook, sheet, rowsPerSheet);
    for await (const rows of rowChunks(pool, sheet.text, sheet.values)) {
      for (const row of rows) worksheets.addRow(sheet.toCells(row).map(xlsxValue));
      await worksheets.flush(res);
      await whenWritable(res);
      if (res.destroyed) return;
    }
    worksheets.commit();
  }
  await workbook.commit();
}

/** The worksheets of one sheet: `Entries`, then `Entries (2)`, ... when the rows do not fit in one, each under the header. */
class SheetWorksheets {
  private worksheet: ExcelJS.Worksheet;
  /** Rows of the current worksheet, its header included. */
  private rows = 0;
  private parts = 0;
  /** The XML of the rows added since the last flush. */
  private pending = '';

  constructor(
    private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter,
    private readonly sheet: ExportSheet,
    private readonly rowsPerSheet: number,
  ) {
    this.worksheet = this.next();
  }

  addRow(cells: readonly Cell[]): void {
    if (this.rows === this.rowsPerSheet) {
      this.write();
      this.worksheet.commit();
      this.worksheet = this.next();
    }
    this.rows += 1;
    this.pending += rowXml(this.rows, cells);
  }

  /** Writes the rows added so far into the worksheet, then waits until the zip has taken them in (or `res` closed). */
  async flush(res: Writable): Promise<void> {
    this.write();
    const zipEntry = zipEntryOf(this.worksheet);
    if (zipEntry) await whenWritable(res, zipEntry);
  }

  private write(): void {
    if (this.pending === '') return;
    writeRowsXml(this.worksheet, this.pending);
    this.pending = '';
  }

  commit(): void {
    this.write();
    this.worksheet.commit();
  }

  private next(): ExcelJS.Worksheet {
    this.parts += 1;
    const name = this.parts === 1 ? this.sheet.name : continuationSheetName(this.sheet.name, this.parts);
    this.rows = 1;
    this.pending = rowXml(1, this.sheet.columns);
    return this.workbook.addWorksheet(name);
  }
}
