import { ADMIN_MESSAGES as M, EXPORT_SHEETS, type ImportCounts, type ImportFormat, type ImportRowError } from '@tht/contracts';
import { HttpError } from '../platform/http';
import type { EvidenceArchive } from './import-archive';
import { RowCounter, type SourceSheet } from './import-tables';
import { planDepartments } from './plan/departments-sheet';
import { entryRowsOf } from './plan/entries-sheet';
import { planFiscalYears } from './plan/fiscal-years-sheet';
import { planFormFields } from './plan/form-fields-sheet';
import type { InstanceSnapshot, KnownUser } from './plan/instance-snapshot';
import { PlanBuilder, type SmallSheetsPlan } from './plan/plan-builder';
import { PlannedEntries } from './plan/planned-entries';
import { readSmallSheets, withContinuations, type Sheet, type SheetKind } from './plan/sheet-columns';
import { planTargets } from './plan/targets-sheet';
import { planUsers } from './plan/users-sheet';

/** Everything a file will write, in the order it is written, and what its check found. */
export interface ImportPlan extends SmallSheetsPlan {
  format: ImportFormat;
  rows: number;
  errors: ImportRowError[];
  duplicates: number;
  unchanged: ImportCounts;
  needsTargetUser: boolean;
  /** Counted by the check; read from the file again when written. */
  entries: PlannedEntries;
  /** The files a zip attaches to its entries once they are written; null for a spreadsheet. */
  evidence: EvidenceArchive | null;
}

export function plannedCounts(plan: ImportPlan): ImportCounts {
  return {
    departments: plan.departments.length,
    users: plan.users.length,
    formFields: plan.formFields.length,
    fiscalYears: plan.fiscalYears.length,
    targets: plan.targets.length,
    entries: plan.entries.count,
    evidence: plan.evidence?.count ?? 0,
  };
}

export interface PlanOptions {
  format: ImportFormat;
  sheets: readonly SourceSheet[];
  instance: InstanceSnapshot;
  /** The person of a grid CSV, when picked. */
  targetUser?: KnownUser | undefined;
}

/**
 * The planners of the small sheets, in the order they run: a sheet's rows may refer to what the
 * sheets before it add (a user to a department, a target to a user; entries come last).
 */
const SMALL_SHEET_PLANNERS: readonly [SheetKind, (builder: PlanBuilder, sheet: Sheet) => void][] = [
  ['departments', planDepartments],
  ['formFields', planFormFields],
  ['users', planUsers],
  ['fiscalYears', planFiscalYears],
  ['targets', planTargets],
];

/**
 * Checks every row of a file against the instance and plans what it writes (before anything is
 * written), reading the file once. Duplicates of stored entries are not known yet: see
 * `PlannedEntries.skipDuplicates`.
 */
export async function planImport({ format, sheets: worksheets, instance, targetUser }: PlanOptions): Promise<ImportPlan> {
  const sheets = format === 'export-xlsx' ? withContinuations(worksheets) : worksheets;
  const builder = new PlanBuilder(instance);
  const counter = new RowCounter();
  const small = format === 'export-xlsx' ? await readSmallSheets(sheets, counter) : new Map<SheetKind, Sheet>();
  for (const [kind, plan] of SMALL_SHEET_PLANNERS) {
    const sheet = small.get(kind);
    if (sheet) plan(builder, sheet);
  }

  const entryRows = entryRowsOf(builder.known, format, sheets, targetUser);
  const entries = new PlannedEntries(entryRows);
  if (entryRows)
    await entries.check(counter.counted(entryRows.sheet.rows()), (row, message) => builder.fail(entryRows.sheet, row, message));
  if (format === 'export-xlsx' && small.size === 0 && !entries.found)
    throw new HttpError(400, M.importUnknownSheets(Object.values(EXPORT_SHEETS)));

  const dataRows = [...small.values()].reduce((count, sheet) => count + sheet.rows.length, entries.rows);
  if (dataRows === 0) throw new HttpError(400, M.importEmptyFile);
  return {
    format,
    rows: dataRows,
    errors: sortedErrors(builder.errors, worksheets),
    duplicates: 0,
    unchanged: builder.unchanged,
    needsTargetUser: format === 'grid-csv' && !targetUser,
    ...builder.plan,
    entries,
    evidence: null,
  };
}

/** Errors in the order of the file: by sheet as the workbook lists them, then by row. */
function sortedErrors(errors: ImportRowError[], sheets: readonly SourceSheet[]): ImportRowError[] {
  const sheetOrder = new Map(sheets.map((sheet, index) => [sheet.name, index]));
  return errors.sort((a, b) => (sheetOrder.get(a.sheet) ?? 0) - (sheetOrder.get(b.sheet) ?? 0) || a.row - b.row);
}
