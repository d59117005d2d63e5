import { ADMIN_MESSAGES as M, continuationSheetName, EXPORT_SHEETS, restoreNeutralised } from '@tht/contracts';
import { HttpError } from '../../platform/http';
import type { RowCounter, SourceRow, SourceRows, SourceSheet } from '../import-tables';
import { flatCopy } from '../text-chunks';

/** The columns each sheet of an export workbook must have. */
export const SHEET_COLUMNS = {
  entries: ['employeeEmail', 'trainingName', 'date', 'hours'],
  users: ['id', 'email', 'firstName', 'lastName'],
  targets: ['employeeEmail', 'year', 'targetHours'],
  fiscalYears: ['year', 'targetHours'],
  departments: ['name'],
  formFields: ['name', 'label', 'type'],
} as const satisfies Record<keyof typeof EXPORT_SHEETS, readonly string[]>;

export type SheetKind = keyof typeof SHEET_COLUMNS;

/** A sheet's columns by the names in its header row: cells by column name, neutralised formulas restored. */
export class Columns {
  private readonly columns: Map<string, number>;

  constructor(
    readonly name: string,
    header: SourceRow,
    required: readonly string[],
  ) {
    this.columns = new Map(header.cells.map((cell, index) => [flatCopy(cell.trim()), index]));
    const missing = required.filter((column) => !this.columns.has(column));
    if (missing.length > 0) throw new HttpError(400, M.importMissingColumns(name, missing));
  }

  has(column: string): boolean {
    return this.columns.has(column);
  }

  /** The columns whose names start with `prefix`, without it. */
  columnsStartingWith(prefix: string): string[] {
    return [...this.columns.keys()].filter((column) => column.startsWith(prefix)).map((column) => column.slice(prefix.length));
  }

  cell(row: SourceRow, column: string): string {
    const index = this.columns.get(column);
    return index === undefined ? '' : restoreNeutralised(row.cells[index] ?? '');
  }
}

/** A small sheet (every sheet but the entries) read whole: its rows under its header. */
export class Sheet extends Columns {
  constructor(
    name: string,
    header: SourceRow,
    readonly rows: readonly SourceRow[],
    required: readonly string[],
  ) {
    super(name, header, required);
  }
}

/** Where a row of `sheet` is, as a report names it: its worksheet (a continuation sheet, say) and row number. */
export const placeOf = (sheet: { name: string }, row: SourceRow) => ({ sheet: row.sheet ?? sheet.name, row: row.number });

export const blankToNull = (text: string) => (text.trim() === '' ? null : text);

/** Which sheet of an export workbook `sheet` is, by its name in any letter case. */
export function sheetKindOf(sheet: SourceSheet): SheetKind | undefined {
  return (Object.keys(EXPORT_SHEETS) as SheetKind[]).find(
    (kind) => EXPORT_SHEETS[kind].toLowerCase() === sheet.name.trim().toLowerCase(),
  );
}

const sheetKey = (name: string) => name.trim().toLowerCase();

/**
 * A workbook's sheets, each with the continuation sheets the export writes past Excel's rows
 * (`Entries (2)`, `Entries (3)`, ... each under the header again) read on as its own rows.
 */
export function withContinuations(sheets: readonly SourceSheet[]): SourceSheet[] {
  const byName = new Map(sheets.map((sheet) => [sheetKey(sheet.name), sheet]));
  const partsOf = new Map(sheets.map((sheet) => [sheet, continuationsOf(sheet, byName)]));
  const continuations = new Set([...partsOf.values()].flat());
  return sheets
    .filter((sheet) => !continuations.has(sheet))
    .map((sheet) => {
      const parts = partsOf.get(sheet)!;
      return parts.length === 0 ? sheet : { name: sheet.name, rows: () => rowsOfParts(sheet, parts) };
    });
}

/** `sheet`'s continuation sheets in order, `(2)` first, up to the first one missing. */
function continuationsOf(sheet: SourceSheet, byName: ReadonlyMap<string, SourceSheet>): SourceSheet[] {
  const parts: SourceSheet[] = [];
  const next = () => byName.get(sheetKey(continuationSheetName(sheet.name, parts.length + 2)));
  for (let part = next(); part; part = next()) parts.push(part);
  return parts;
}

const headerNames = (row: SourceRow) => row.cells.map((cell) => cell.trim());

/**
 * A sheet's rows, then its continuation sheets' rows under their worksheet's name, their cells in
 * the order of the sheet's header (each continuation's own header is read for its columns).
 */
async function* rowsOfParts(sheet: SourceSheet, parts: readonly SourceSheet[]): SourceRows {
  let header: string[] | undefined;
  for await (const row of sheet.rows()) {
    header ??= headerNames(row);
    yield row;
  }
  for (const part of parts) {
    let columns: (number | undefined)[] | undefined;
    for await (const row of part.rows()) {
      if (columns) {
        yield {
          number: row.number,
          sheet: part.name,
          cells: columns.map((index) => (index === undefined ? '' : (row.cells[index] ?? ''))),
        };
      } else if (header) {
        const indexes = new Map(headerNames(row).map((name, index) => [name, index]));
        columns = header.map((name) => indexes.get(name));
      } else {
        // The sheet itself is empty: the first continuation's header is the header.
        header = headerNames(row);
        columns = header.map((_, index) => index);
        yield { ...row, sheet: part.name };
      }
    }
  }
}

/** A small sheet's rows, kept for the whole import: cells copied out of the file's text. */
async function readWhole(rows: SourceRows): Promise<SourceRow[]> {
  const read: SourceRow[] = [];
  for await (const { number, cells } of rows) read.push({ number, cells: cells.map(flatCopy) });
  return read;
}

/** The small sheets of an export workbook read whole, by kind; empty ones left out. */
export async function readSmallSheets(sheets: readonly SourceSheet[], counter: RowCounter): Promise<Map<SheetKind, Sheet>> {
  const read = new Map<SheetKind, Sheet>();
  for (const sheet of sheets) {
    const kind = sheetKindOf(sheet);
    if (!kind || kind === 'entries') continue;
    const [header, ...rows] = await readWhole(counter.counted(sheet.rows()));
    if (header) read.set(kind, new Sheet(sheet.name, header, rows, SHEET_COLUMNS[kind]));
  }
  return read;
}
