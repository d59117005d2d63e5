import { neutraliseFormula } from '@tht/contracts';
import ExcelJS from 'exceljs';
import type { Response } from 'express';
import type pg from 'pg';
import { whenWritable } from '../platform/http';
import { rowChunks } from '../platform/row-chunks';
import type { Cell, ExportSheet } from './export-sheets';

export const CSV_TYPE = 'text/csv; charset=utf-8';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell as a CSV field (RFC 4180): text neutralised, quoted when it holds a comma, a quote or a line break. */
function csvField(cell: Cell): string {
  if (cell === null) return '';
  const text = typeof cell === 'string' ? neutraliseFormula(cell) : String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly Cell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/**
 * A sheet as CSV text in pieces: a byte-order mark (so spreadsheets read the file as UTF-8), the
 * header line, then the rows a cursor chunk at a time.
 */
export async function* csvPieces(pool: pg.Pool, sheet: ExportSheet): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(sheet.columns)}`;
  for await (const rows of rowChunks(pool, sheet.text, sheet.values)) {
    yield rows.map((row) => csvLine(sheet.toCells(row))).join('');
  }
}

const xlsxValue = (cell: Cell) => (typeof cell === 'string' ? neutraliseFormula(cell) : cell);

/**
 * The sheets as one Excel workbook, streamed to `res` with exceljs's WorkbookWriter: each row is
 * committed (written out) as it is read, each worksheet finished before the next begins, and the
 * reading waits while the client is behind, so memory stays flat however many rows there are.
 */
export async function writeWorkbook(res: Response, pool: pg.Pool, sheets: readonly ExportSheet[]): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: false, useSharedStrings: false });
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    worksheet.addRow([...sheet.columns]).commit();
    for await (const rows of rowChunks(pool, sheet.text, sheet.values)) {
      for (const row of rows) worksheet.addRow(sheet.toCells(row).map(xlsxValue)).commit();
      await whenWritable(res);
      if (res.destroyed) return;
    }
    worksheet.commit();
  }
  await workbook.commit();
}
