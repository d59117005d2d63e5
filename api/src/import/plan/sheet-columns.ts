import { ADMIN_MESSAGES as M, EXPORT_SHEETS, restoreNeutralised } from '@tht/contracts';
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

export const blankToNull = (text: string) => (text.trim() === '' ? null : text);

/** Which sheet of an export workbook `sheet` is, by its name in any letter case. */
export function sheetKindOf(sheet: SourceSheet): SheetKind | undefined {
  return (Object.keys(EXPORT_SHEETS) as SheetKind[]).find(
    (kind) => EXPORT_SHEETS[kind].toLowerCase() === sheet.name.trim().toLowerCase(),
  );
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
