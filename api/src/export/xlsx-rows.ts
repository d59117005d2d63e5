import type ExcelJS from 'exceljs';
import type { Cell } from './export-sheets';

/*
 * The rows of a streamed worksheet, written as the very XML exceljs's streaming writer writes for
 * them (exceljs 4.4, no styles, no shared strings: its row and cell xforms), without the Row and
 * Cell objects and the XML builder it makes for every row, which were most of an export's time
 * (xlsx-rows.test.ts compares the two byte for byte).
 */

/** What of exceljs's WorksheetWriter the rows are written through: its first row opens the sheet's data as `_writeRow` does. */
interface WorksheetInternals {
  startedData: boolean;
  /** Its zip entry is the first of `pipes` once the zip has begun the worksheet. */
  stream: { write(xml: string): void; pipes: NodeJS.WritableStream[] };
  _writeColumns(): void;
  _writeOpenSheetData(): void;
}

// exceljs's pattern: the five characters XML escapes and the control characters XML 1.0 cannot hold.
/* eslint-disable no-control-regex */
const XML_SPECIAL = /[<>&'"\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/;
const XML_SPECIAL_ALL = /[<>&'"\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/g;
const ENTITIES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&apos;', '<': '&lt;', '>': '&gt;' };

/** exceljs's `xmlEncode`: the five entities, other control characters left out. */
function xmlEncode(text: string): string {
  return XML_SPECIAL.test(text) ? text.replace(XML_SPECIAL_ALL, (special) => ENTITIES[special] ?? '') : text;
}

const columnLetters: string[] = [];

/** A column's letters: 1 is A, 27 is AA. */
function columnName(column: number): string {
  let name = columnLetters[column];
  if (name === undefined) {
    name = '';
    for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
    columnLetters[column] = name;
  }
  return name;
}

function cellXml(reference: string, cell: Exclude<Cell, null>): string {
  if (typeof cell === 'number') return `<c r="${reference}"><v>${xmlEncode(String(cell))}</v></c>`;
  if (typeof cell === 'boolean') return `<c r="${reference}" t="b"><v>${cell ? '1' : '0'}</v></c>`;
  return `<c r="${reference}" t="str"><v>${xmlEncode(cell)}</v></c>`;
}

/** Row `number`'s XML; empty when every cell is null (exceljs writes no row then). */
export function rowXml(number: number, cells: readonly Cell[]): string {
  let xml = '';
  for (let index = 0; index < cells.length; index++) {
    const cell = cells[index]!;
    if (cell !== null) xml += cellXml(`${columnName(index + 1)}${number}`, cell);
  }
  if (xml === '') return '';
  return `<row r="${number}" spans="1:${cells.length}" x14ac:dyDescent="0.25">${xml}</row>`;
}

/** Writes rows' XML into a worksheet of exceljs's streaming writer, in order, after any it wrote itself. */
export function writeRowsXml(worksheet: ExcelJS.Worksheet, xml: string): void {
  const internals = worksheet as unknown as WorksheetInternals;
  if (!internals.startedData) {
    internals._writeColumns();
    internals._writeOpenSheetData();
    internals.startedData = true;
  }
  internals.stream.write(xml);
}

/**
 * The zip entry (its compressor) that takes in what is written to a worksheet, null until the zip
 * has begun it. exceljs writes on without waiting for it: a writer that does not wait here piles
 * up, in memory, the rows read faster than they compress (1.5 GB for 2,000,000 entries).
 */
export function zipEntryOf(worksheet: ExcelJS.Worksheet): NodeJS.WritableStream | null {
  return (worksheet as unknown as WorksheetInternals).stream.pipes[0] ?? null;
}
