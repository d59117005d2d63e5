import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { ADMIN_MESSAGES as M, IMPORT_LIMITS, IMPORT_MAX_ROWS } from '@tht/contracts';
import Papa from 'papaparse';
import { HttpError } from '../platform/http';
import { EventLoopTurns } from '@tht/eventstore';
import type { UploadedFile } from './import-upload';
import { ChunkDecoder } from './text-chunks';
import { openWorkbook } from './xlsx-reader';
import { ZipLimitError } from './zip-archive';

/** A row of a file as text cells, with its number as a spreadsheet shows it (1 = the first row). */
export interface SourceRow {
  number: number;
  cells: string[];
  /** The worksheet the row is on when its sheet goes on in continuation sheets (`Entries (2)`); absent: the sheet's own. */
  sheet?: string;
}

/** Rows as they are read: a CSV's as it is parsed, a workbook's as its sheet is inflated. */
export type SourceRows = AsyncIterable<SourceRow>;

/**
 * One sheet of a workbook, or a CSV file (sheet `CSV`). Its rows (blank ones left out) are read
 * from the uploaded bytes a chunk at a time, afresh on every call of `rows()`: an import reads its
 * entries once to check them and once more to write them, and never holds them all.
 */
export interface SourceSheet {
  name: string;
  rows(): SourceRows;
}

export const CSV_SHEET = 'CSV';

/** A CSV is decoded and parsed this many bytes at a time. */
export const CSV_CHUNK_BYTES = 64 * 1024;

const broken = (format: string, reason: string) => new HttpError(400, M.importBrokenFile(format, reason));

/** What went wrong inside a workbook (or another zip), as the client is told: too large to unpack (413), else a broken file. */
export function workbookRefusal(error: unknown, format = 'XLSX'): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof ZipLimitError) return new HttpError(413, M.importUnpacksTooLarge(error.message));
  return broken(format, error instanceof Error ? error.message : String(error));
}

const MAX_ROW_CHARACTERS = IMPORT_LIMITS.csvRowKilobytes * 1024;

function isBlankRow(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

/** Counts the rows a check reads, refusing files beyond IMPORT_MAX_ROWS (counted over every sheet). */
export class RowCounter {
  private count = 0;

  async *counted(rows: SourceRows): AsyncGenerator<SourceRow> {
    for await (const row of rows) {
      this.count += 1;
      if (this.count > IMPORT_MAX_ROWS) throw new HttpError(413, M.importTooManyRows(IMPORT_MAX_ROWS));
      yield row;
    }
  }
}

/** The first row of a sheet (reading no further), if it has one. */
export async function firstRow(sheet: SourceSheet): Promise<SourceRow | undefined> {
  for await (const row of sheet.rows()) return row;
  return undefined;
}

/** A parser for the whole CSV, with the delimiter and line break Papa Parse finds in its first chunk. */
function csvParser(firstChunk: string): Papa.Parser {
  const { delimiter, linebreak } = Papa.parse<string[]>(firstChunk, { preview: 1 }).meta;
  return new Papa.Parser({ delimiter, newline: linebreak as Papa.ParseConfig['newline'] });
}

/** The text of a chunk of a CSV (see text-chunks.ts), refused when it is no UTF-8 text. */
function decodeCsv(decoder: ChunkDecoder, chunk: Uint8Array | null): string {
  let text: string;
  try {
    text = chunk === null ? decoder.end() : decoder.decode(chunk);
  } catch {
    throw broken('CSV', 'it is not UTF-8 text (save it as "CSV UTF-8")');
  }
  if (text.includes('\u0000')) throw broken('CSV', 'it holds binary data, not text');
  return text;
}

/**
 * A CSV's rows, UTF-8 text (a byte-order mark is dropped), any delimiter a spreadsheet writes,
 * read from its file (or a zip), decoded and parsed a chunk (CSV_CHUNK_BYTES from a file) at a time (a row cut by a chunk's end is
 * parsed with the next, up to IMPORT_LIMITS.csvRowKilobytes), the event loop running other work
 * between rows (`EventLoopTurns`).
 */
async function* csvRows(chunks: () => AsyncIterable<Buffer>): AsyncGenerator<SourceRow> {
  const decoder = new ChunkDecoder({ fatal: true });
  let parser: Papa.Parser | null = null;
  let pending = '';
  let started = false;
  let number = 0;
  const turns = new EventLoopTurns();
  function* parsePending(last: boolean): Generator<SourceRow> {
    if (!started && pending !== '') {
      pending = pending.replace(/^\uFEFF/, '');
      started = true;
    }
    parser ??= csvParser(pending);
    const parsed = parser.parse(pending, 0, !last) as Papa.ParseResult<string[]>;
    const quoteError = parsed.errors.find((error) => error.type === 'Quotes');
    if (quoteError) throw broken('CSV', `${quoteError.message} (row ${number + (quoteError.row ?? 0) + 1})`);
    for (const cells of parsed.data) {
      number += 1;
      if (!isBlankRow(cells)) yield { number, cells };
    }
    pending = last ? '' : pending.slice(parsed.meta.cursor);
    if (pending.length > MAX_ROW_CHARACTERS) throw broken('CSV', M.rowTooLong(IMPORT_LIMITS.csvRowKilobytes));
  }
  for await (const chunk of chunks()) {
    pending += decodeCsv(decoder, chunk);
    for (const row of parsePending(false)) {
      yield row;
      await turns.take();
    }
  }
  pending += decodeCsv(decoder, null);
  yield* parsePending(true);
}

/** The rows of a workbook's sheet; anything wrong inside the workbook is a broken file. */
async function* workbookRows(rows: () => AsyncIterable<SourceRow>): AsyncGenerator<SourceRow> {
  try {
    for await (const row of rows()) if (!isBlankRow(row.cells)) yield row;
  } catch (error) {
    throw workbookRefusal(error);
  }
}

/** Every sheet of an .xlsx workbook, in tab order. */
export async function workbookSheets(bytes: Buffer): Promise<SourceSheet[]> {
  if (bytes.subarray(0, 4).toString('binary') !== 'PK\u0003\u0004') throw broken('XLSX', 'it is not an Excel workbook');
  let sheets: SourceSheet[];
  try {
    sheets = (await openWorkbook(bytes)).map((sheet) => ({ name: sheet.name, rows: () => workbookRows(() => sheet.rows()) }));
  } catch (error) {
    throw workbookRefusal(error);
  }
  if (sheets.length === 0) throw broken('XLSX', 'it has no worksheets');
  return sheets;
}

/**
 * The file's sheets: one for a CSV, one per sheet for a workbook. A workbook's bytes are read into
 * memory (its parts are found by their offsets); each sheet is inflated a chunk at a time.
 */
export async function openSheets(file: Pick<UploadedFile, 'kind' | 'path'>): Promise<SourceSheet[]> {
  if (file.kind === 'xlsx') return workbookSheets(await readFile(file.path));
  return [csvSheet(() => createReadStream(file.path, { highWaterMark: CSV_CHUNK_BYTES }))];
}

/** A CSV read from `chunks` (afresh on every call), as its one sheet. */
export const csvSheet = (chunks: () => AsyncIterable<Buffer>): SourceSheet => ({ name: CSV_SHEET, rows: () => csvRows(chunks) });
