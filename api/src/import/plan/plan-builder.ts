import { emptyImportCounts, type ImportRowError } from '@tht/contracts';
import type { z } from 'zod';
import type { SourceRow } from '../import-tables';
import { flatCopy } from '../text-chunks';
import { placeOf } from './sheet-columns';
import type { InstanceSnapshot } from './instance-snapshot';
import { KnownRecords } from './known-records';
import type { PlannedDepartment, PlannedFiscalYear, PlannedFormField, PlannedTarget, PlannedUser } from './planned-records';

/** What the small sheets (every sheet but the entries) will write, in the order it is written. */
export interface SmallSheetsPlan {
  departments: PlannedDepartment[];
  formFields: PlannedFormField[];
  /** Managers before their reports. */
  users: PlannedUser[];
  fiscalYears: PlannedFiscalYear[];
  targets: PlannedTarget[];
}

/**
 * The plan as the sheets' planners build it: what each sheet will write, the rows already in the
 * instance, the bad rows and what later rows may refer to.
 */
export class PlanBuilder {
  readonly errors: ImportRowError[] = [];
  readonly unchanged = emptyImportCounts();
  readonly plan: SmallSheetsPlan = { departments: [], formFields: [], users: [], fiscalYears: [], targets: [] };
  readonly known: KnownRecords;

  constructor(readonly instance: InstanceSnapshot) {
    this.known = new KnownRecords(instance);
  }

  /** A bad row: its message (copied, as it may quote a cell) is kept for the report. */
  fail(sheet: { name: string }, row: SourceRow, message: string): void {
    this.errors.push({ ...placeOf(sheet, row), message: flatCopy(message) });
  }
}

/** A validation's messages, each once, as one line. */
export function messagesOf(error: z.ZodError): string {
  return [...new Set(error.issues.map((issue) => issue.message))].join('; ');
}
