import {
  ADMIN_MESSAGES as M,
  adminBulkEntrySchema,
  checkCustomFieldValues,
  checkGridRow,
  CUSTOM_FIELD_COLUMN_PREFIX,
  emptyImportCounts,
  entryDuplicateKey,
  EXPORT_SHEETS,
  fiscalYearCreateSchema,
  formFieldCreateSchema,
  fullName,
  GRID_COLUMN_LABELS,
  GRID_COLUMNS,
  normaliseEmail,
  normaliseGridDate,
  optionValueFromLabel,
  orgEmailSchema,
  parseOptionLabels,
  restoreNeutralised,
  roleSchema,
  userTargetCreateSchema,
  type CustomFieldDefinition,
  type CustomFieldValue,
  type FormFieldType,
  type GridRow,
  type ImportCounts,
  type ImportFormat,
  type ImportRowError,
  type Role,
  type ValidAdminEntry,
} from '@tht/contracts';
import type { z } from 'zod';
import { HttpError } from '../platform/http';
import { EventLoopTurns } from './event-loop-turns';
import { CSV_SHEET, RowCounter, type SourceRow, type SourceRows, type SourceSheet } from './import-tables';
import { flatCopy } from './text-chunks';

/** A person the instance already has. */
export interface KnownUser {
  id: number;
  role: Role;
  firstName: string;
  lastName: string;
  managerName: string;
  department: string;
}

/** What the instance holds that a file's rows are checked against. */
export interface InstanceSnapshot {
  orgEmailDomain: string;
  /** By lower-case e-mail. */
  usersByEmail: ReadonlyMap<string, KnownUser>;
  /** Department names by their lower-case form. */
  departments: ReadonlyMap<string, string>;
  formFields: readonly CustomFieldDefinition[];
  fiscalYears: ReadonlySet<number>;
  /** `userTargetKey(userId, year)` of every person's target. */
  userTargets: ReadonlySet<string>;
}

export const userTargetKey = (userId: number, year: number) => `${userId}:${year}`;

/**
 * Who a planned record belongs to: a positive id is an account the instance has, a negative one
 * the account the import creates from the Users row with that provisional id.
 */
export type OwnerRef = number;

export interface RowRef {
  sheet: string;
  row: number;
}

export interface PlannedUser extends RowRef {
  provisionalId: number;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  department: string;
  /** null: no manager; else the manager (created earlier in the plan when the ref is negative) and their full name. */
  manager: { ref: OwnerRef; name: string } | null;
}

export interface PlannedFormField extends RowRef {
  name: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  optionLabels: string[];
}

export interface PlannedFiscalYear extends RowRef {
  year: number;
  targetHours: number;
  description: string | null;
}

export interface PlannedTarget extends RowRef {
  owner: OwnerRef;
  year: number;
  targetHours: number;
  reason: string | null;
}

export interface PlannedEntry extends RowRef {
  owner: OwnerRef;
  input: ValidAdminEntry;
  customFields: Record<string, CustomFieldValue>;
}

/** Everything a file will write, in the order it is written, and what its check found. */
export interface ImportPlan {
  format: ImportFormat;
  rows: number;
  errors: ImportRowError[];
  duplicates: number;
  unchanged: ImportCounts;
  needsTargetUser: boolean;
  departments: (RowRef & { name: string })[];
  formFields: PlannedFormField[];
  /** Managers before their reports. */
  users: PlannedUser[];
  fiscalYears: PlannedFiscalYear[];
  targets: PlannedTarget[];
  /** Counted by the check; read from the file again when written. */
  entries: PlannedEntries;
}

export function plannedCounts(plan: ImportPlan): ImportCounts {
  return {
    departments: plan.departments.length,
    users: plan.users.length,
    formFields: plan.formFields.length,
    fiscalYears: plan.fiscalYears.length,
    targets: plan.targets.length,
    entries: plan.entries.count,
  };
}

// ---------------------------------------------------------------------------------------------
// Columns

/** A sheet's columns by the names in its header row: cells by column name, neutralised formulas restored. */
class Columns {
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
class Sheet extends Columns {
  constructor(
    name: string,
    header: SourceRow,
    readonly rows: readonly SourceRow[],
    required: readonly string[],
  ) {
    super(name, header, required);
  }
}

const SHEET_COLUMNS = {
  entries: ['employeeEmail', 'trainingName', 'date', 'hours'],
  users: ['id', 'email', 'firstName', 'lastName'],
  targets: ['employeeEmail', 'year', 'targetHours'],
  fiscalYears: ['year', 'targetHours'],
  departments: ['name'],
  formFields: ['name', 'label', 'type'],
} as const satisfies Record<keyof typeof EXPORT_SHEETS, readonly string[]>;

type SheetKind = keyof typeof SHEET_COLUMNS;

function messagesOf(error: z.ZodError): string {
  return [...new Set(error.issues.map((issue) => issue.message))].join('; ');
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text);

// ---------------------------------------------------------------------------------------------
// The plan

interface OwnerInfo {
  firstName: string;
  lastName: string;
  managerName: string;
  department: string;
  role: Role;
}

interface Owner {
  ref: OwnerRef;
  info: OwnerInfo;
}

/** What the check makes of an entry row: the entry it becomes, or why it cannot. */
export type CheckedEntry = { entry: PlannedEntry } | { error: string };

type EntryCheck = (row: SourceRow) => CheckedEntry;

/**
 * Checks the rows of the small sheets into the plan, and makes the checks of entry rows (which
 * must not change the builder: the write pass checks the same rows again with it).
 */
class PlanBuilder {
  readonly errors: ImportRowError[] = [];
  readonly unchanged = emptyImportCounts();
  readonly plan: Pick<ImportPlan, 'departments' | 'formFields' | 'users' | 'fiscalYears' | 'targets'> = {
    departments: [],
    formFields: [],
    users: [],
    fiscalYears: [],
    targets: [],
  };
  /** Owners by lower-case e-mail: the instance's accounts and the ones the file adds. */
  private readonly owners = new Map<string, Owner>();
  private readonly departmentNames: Map<string, string>;
  private readonly fields: CustomFieldDefinition[];
  private nextProvisionalId = -1;

  constructor(private readonly instance: InstanceSnapshot) {
    for (const [email, user] of instance.usersByEmail) this.owners.set(email, { ref: user.id, info: user });
    this.departmentNames = new Map(instance.departments);
    this.fields = [...instance.formFields];
  }

  /** A bad row: its message (copied, as it may quote a cell) is kept for the report. */
  fail(sheet: string, row: SourceRow, message: string): void {
    this.errors.push({ sheet, row: row.number, message: flatCopy(message) });
  }

  /** A department the file names: kept when the instance or the file has it, else planned. */
  private department(name: string, ref: RowRef, fromDepartmentsSheet: boolean): string {
    const trimmed = name.trim();
    if (trimmed === '') return '';
    const known = this.departmentNames.get(trimmed.toLowerCase());
    if (known !== undefined) {
      if (fromDepartmentsSheet && this.instance.departments.has(trimmed.toLowerCase())) this.unchanged.departments += 1;
      return known;
    }
    this.departmentNames.set(trimmed.toLowerCase(), trimmed);
    this.plan.departments.push({ ...ref, name: trimmed });
    return trimmed;
  }

  departments(sheet: Sheet): void {
    for (const row of sheet.rows) {
      const name = sheet.cell(row, 'name');
      if (name.trim() === '') this.fail(sheet.name, row, M.nameRequired);
      else this.department(name, { sheet: sheet.name, row: row.number }, true);
    }
  }

  formFields(sheet: Sheet): void {
    const planned: PlannedFormField[] = [];
    const orders = new Map<PlannedFormField, number>();
    for (const row of sheet.rows) {
      const parsed = formFieldCreateSchema.safeParse({
        name: sheet.cell(row, 'name'),
        label: sheet.cell(row, 'label'),
        type: sheet.cell(row, 'type').trim().toLowerCase(),
        required: sheet.cell(row, 'required').trim().toLowerCase() === 'true',
      });
      const optionLabels = parseOptionLabels(sheet.cell(row, 'options'));
      if (!parsed.success) this.fail(sheet.name, row, messagesOf(parsed.error));
      else if (optionLabels === null) this.fail(sheet.name, row, M.invalidOptionLabels);
      else if (this.fields.some((field) => field.name.toLowerCase() === parsed.data.name.toLowerCase())) {
        if (this.instance.formFields.some((field) => field.name.toLowerCase() === parsed.data.name.toLowerCase()))
          this.unchanged.formFields += 1;
        else this.fail(sheet.name, row, M.repeatedRow(`Form field ${parsed.data.name}`));
      } else {
        const { name, label, type, required } = parsed.data;
        const field = { sheet: sheet.name, row: row.number, name, label, type, required, optionLabels };
        planned.push(field);
        orders.set(field, Number(sheet.cell(row, 'order')) || Number.MAX_SAFE_INTEGER);
        this.fields.push({ name, label, type, required, options: optionLabels.map(optionValueFromLabel) });
      }
    }
    this.plan.formFields.push(...planned.sort((a, b) => orders.get(a)! - orders.get(b)!));
  }

  /** The Users sheet: new accounts with their managers, in an order where every manager comes first. */
  users(sheet: Sheet): void {
    const emailSchema = orgEmailSchema(this.instance.orgEmailDomain);
    interface Candidate {
      row: SourceRow;
      user: Omit<PlannedUser, 'manager'>;
      managerSourceId: string;
    }
    const bySourceId = new Map<string, { ref: OwnerRef; name: string } | Candidate>();
    const candidates: Candidate[] = [];
    for (const row of sheet.rows) {
      const sourceId = sheet.cell(row, 'id').trim();
      const email = emailSchema.safeParse(sheet.cell(row, 'email'));
      if (!email.success) {
        this.fail(sheet.name, row, messagesOf(email.error));
        continue;
      }
      const existing = this.owners.get(email.data);
      if (existing && existing.ref > 0) {
        this.unchanged.users += 1;
        bySourceId.set(sourceId, { ref: existing.ref, name: fullName(existing.info) });
        continue;
      }
      if (existing) {
        this.fail(sheet.name, row, M.repeatedRow(`The e-mail ${email.data}`));
        continue;
      }
      const firstName = sheet.cell(row, 'firstName').trim();
      const lastName = sheet.cell(row, 'lastName').trim();
      const role = roleSchema.safeParse(sheet.cell(row, 'role').trim().toLowerCase() || 'employee');
      if (firstName === '' || lastName === '' || !role.success) {
        this.fail(
          sheet.name,
          row,
          !role.success ? messagesOf(role.error) : firstName === '' ? 'First name is required' : 'Last name is required',
        );
        continue;
      }
      const ref = { sheet: sheet.name, row: row.number };
      const user = {
        ...ref,
        provisionalId: this.nextProvisionalId--,
        email: email.data,
        firstName,
        lastName,
        role: role.data,
        department: this.department(sheet.cell(row, 'department'), ref, false),
      };
      const candidate = { row, user, managerSourceId: sheet.cell(row, 'managerId').trim() };
      candidates.push(candidate);
      bySourceId.set(sourceId, candidate);
      this.owners.set(user.email, {
        ref: user.provisionalId,
        info: {
          firstName,
          lastName,
          managerName: sheet.cell(row, 'managerName').trim(),
          department: user.department,
          role: role.data,
        },
      });
    }
    this.orderByManager(sheet.name, candidates, bySourceId);
  }

  /** Plans each new user after their manager; rows whose manager is unknown or in a loop fail. */
  private orderByManager(
    sheetName: string,
    candidates: { row: SourceRow; user: Omit<PlannedUser, 'manager'>; managerSourceId: string }[],
    bySourceId: Map<string, { ref: OwnerRef; name: string } | { user: Omit<PlannedUser, 'manager'> }>,
  ): void {
    const placed = new Set<number>();
    let pending = candidates;
    while (pending.length > 0) {
      const waiting: typeof pending = [];
      for (const candidate of pending) {
        if (candidate.managerSourceId === '') {
          this.plan.users.push({ ...candidate.user, manager: null });
          placed.add(candidate.user.provisionalId);
          continue;
        }
        const manager = bySourceId.get(candidate.managerSourceId);
        if (!manager) this.failUser(sheetName, candidate, M.unknownManagerRow(candidate.managerSourceId));
        else if ('ref' in manager || placed.has(manager.user.provisionalId)) {
          const reference = 'ref' in manager ? manager : { ref: manager.user.provisionalId, name: fullName(manager.user) };
          this.plan.users.push({ ...candidate.user, manager: reference });
          placed.add(candidate.user.provisionalId);
        } else waiting.push(candidate);
      }
      if (waiting.length === pending.length) {
        // Nobody could be placed: the rest wait on each other (a management loop) or on a failed row.
        for (const candidate of waiting) this.failUser(sheetName, candidate, M.unknownManagerRow(candidate.managerSourceId));
        return;
      }
      pending = waiting;
    }
  }

  private failUser(sheetName: string, candidate: { row: SourceRow; user: { email: string } }, message: string): void {
    this.fail(sheetName, candidate.row, message);
    this.owners.delete(candidate.user.email);
  }

  fiscalYears(sheet: Sheet): void {
    const seen = new Set<number>();
    for (const row of sheet.rows) {
      const parsed = fiscalYearCreateSchema.safeParse({
        year: sheet.cell(row, 'year').trim(),
        targetHours: sheet.cell(row, 'targetHours').trim(),
        description: blankToNull(sheet.cell(row, 'description')),
      });
      if (!parsed.success) this.fail(sheet.name, row, messagesOf(parsed.error));
      else if (seen.has(parsed.data.year)) this.fail(sheet.name, row, M.repeatedRow(`The year ${parsed.data.year}`));
      else if (this.instance.fiscalYears.has(parsed.data.year)) this.unchanged.fiscalYears += 1;
      // A blank description stays blank (the form's default text is for new years typed in by hand).
      else
        this.plan.fiscalYears.push({
          sheet: sheet.name,
          row: row.number,
          year: parsed.data.year,
          targetHours: parsed.data.targetHours,
          description: blankToNull(sheet.cell(row, 'description').trim()),
        });
      if (parsed.success) seen.add(parsed.data.year);
    }
  }

  /** The person of a row's `employeeEmail`, or why there is none. */
  private ownerOf(columns: Columns, row: SourceRow): Owner | string {
    const email = normaliseEmail(columns.cell(row, 'employeeEmail'));
    if (email === '') return M.personRequired;
    return this.owners.get(email) ?? M.unknownPerson(email);
  }

  targets(sheet: Sheet): void {
    const seen = new Set<string>();
    for (const row of sheet.rows) {
      const owner = this.ownerOf(sheet, row);
      if (typeof owner === 'string') {
        this.fail(sheet.name, row, owner);
        continue;
      }
      const parsed = userTargetCreateSchema.safeParse({
        userId: 1, // the owner comes from the e-mail
        year: sheet.cell(row, 'year').trim(),
        targetHours: sheet.cell(row, 'targetHours').trim(),
        reason: blankToNull(sheet.cell(row, 'reason')),
      });
      if (!parsed.success) {
        this.fail(sheet.name, row, messagesOf(parsed.error));
        continue;
      }
      const key = userTargetKey(owner.ref, parsed.data.year);
      if (seen.has(key))
        this.fail(sheet.name, row, M.repeatedRow(`The target of ${sheet.cell(row, 'employeeEmail')} for ${parsed.data.year}`));
      else if (this.instance.userTargets.has(key)) this.unchanged.targets += 1;
      else
        this.plan.targets.push({
          sheet: sheet.name,
          row: row.number,
          owner: owner.ref,
          year: parsed.data.year,
          targetHours: parsed.data.targetHours,
          reason: parsed.data.reason,
        });
      seen.add(key);
    }
  }

  /** An entry row as the entry it becomes, with the owner's names, manager and department where it leaves them empty. */
  private entry(
    sheetName: string,
    row: SourceRow,
    owner: Owner,
    fields: Record<string, unknown>,
    custom: Record<string, string>,
  ): CheckedEntry {
    const input: Record<string, unknown> = { ...fields };
    const defaults = owner.info;
    for (const field of ['firstName', 'lastName', 'managerName', 'department'] as const) {
      const value = input[field];
      if (typeof value !== 'string' || value.trim() === '') input[field] = defaults[field];
    }
    const parsed = adminBulkEntrySchema.safeParse(input);
    if (!parsed.success) return { error: messagesOf(parsed.error) };
    const checked = checkCustomFieldValues(this.fields, customValues(this.fields, custom), { enforceRequired: false });
    if (checked.errors.length > 0) return { error: checked.errors.map((error) => error.message).join('; ') };
    return {
      entry: { sheet: sheetName, row: row.number, owner: owner.ref, input: parsed.data, customFields: checked.values },
    };
  }

  /** The check of a row of the Entries sheet, or of the export's CSV, under its `columns`. */
  exportedEntry(columns: Columns): EntryCheck {
    const customColumns = columns.columnsStartingWith(CUSTOM_FIELD_COLUMN_PREFIX);
    return (row) => {
      const owner = this.ownerOf(columns, row);
      if (typeof owner === 'string') return { error: owner };
      const date = normaliseGridDate(columns.cell(row, 'date'));
      if (!date.ok) return { error: date.error };
      const text = (column: string) => (columns.has(column) ? columns.cell(row, column) : undefined);
      const fields = {
        firstName: text('firstName'),
        lastName: text('lastName'),
        trainingName: columns.cell(row, 'trainingName'),
        date: date.date,
        hours: columns.cell(row, 'hours').trim(),
        trainingType: blankToNull(columns.cell(row, 'trainingType').trim().toLowerCase()) ?? undefined,
        courseGivenBy: text('courseGivenBy'),
        rating: columns.cell(row, 'rating').trim(),
        beInnovative: columns.cell(row, 'beInnovative').trim(),
        managerName: text('managerName'),
        department: text('department'),
        notes: text('notes'),
      };
      const custom = Object.fromEntries(
        customColumns.map((name) => [name, columns.cell(row, `${CUSTOM_FIELD_COLUMN_PREFIX}${name}`)]),
      );
      return this.entry(columns.name, row, owner, fields, custom);
    };
  }

  /** The check of a row of a CSV in the bulk grid's column order, for one person, under the admin grid's rules. */
  gridEntry(owner: Owner): EntryCheck {
    return (row) => {
      const grid = Object.fromEntries(GRID_COLUMNS.map((column, index) => [column, row.cells[index] ?? ''])) as GridRow;
      const checked = checkGridRow(grid, row.number, 'admin', owner.info);
      return checked.errors.length > 0
        ? { error: checked.errors.join('; ') }
        : this.entry(CSV_SHEET, row, owner, checked.entry, {});
    };
  }
}

/** Custom cells as the field types take them: a checkbox's 'true'/'false' as a yes/no. */
function customValues(fields: readonly CustomFieldDefinition[], cells: Record<string, string>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const cell = cells[field.name];
    if (cell === undefined) continue;
    const text = cell.trim().toLowerCase();
    values[field.name] = field.type === 'checkbox' && (text === 'true' || text === 'false') ? text === 'true' : cell;
  }
  return values;
}

// ---------------------------------------------------------------------------------------------
// Formats

const EXPORT_CSV_MARKER = 'employeeEmail';

/** Whether a grid CSV's first row is its header (the grid's labels or field names). */
function isGridHeader(row: SourceRow): boolean {
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

function sheetKindOf(sheet: SourceSheet): SheetKind | undefined {
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

// ---------------------------------------------------------------------------------------------
// Entries, read twice

/** Where a file's entry rows are, and how they are checked once the first row is read. */
interface EntryRows {
  sheet: SourceSheet;
  /** The check of the rows (from the header's columns, say); whether the first row is an entry too. */
  checkFrom: (first: SourceRow) => { check: EntryCheck; firstIsEntry: boolean };
}

async function* checkedEntryRows(
  { checkFrom }: EntryRows,
  rows: SourceRows,
): AsyncGenerator<{ row: SourceRow; checked: CheckedEntry }> {
  let check: EntryCheck | null = null;
  for await (const row of rows) {
    if (check === null) {
      const first = checkFrom(row);
      check = first.check;
      if (!first.firstIsEntry) continue;
    }
    yield { row, checked: check(row) };
  }
}

const duplicateKeyOf = (entry: PlannedEntry) =>
  entryDuplicateKey({ userId: entry.owner, trainingName: entry.input.trainingName, date: entry.input.date });

/** Row numbers of a sheet, a bit each. */
class RowNumbers {
  private bits = new Uint8Array(1024);

  add(row: number): void {
    if (row >> 3 >= this.bits.length) {
      const grown = new Uint8Array(Math.max(this.bits.length * 2, (row >> 3) + 1));
      grown.set(this.bits);
      this.bits = grown;
    }
    this.bits[row >> 3]! |= 1 << (row & 7);
  }

  has(row: number): boolean {
    return row >> 3 < this.bits.length && (this.bits[row >> 3]! & (1 << (row & 7))) !== 0;
  }
}

/**
 * A file's entries, never all held at once: the check reads every row and keeps only what the
 * report and the duplicate check need (errors, counts, the rows that repeat an earlier row, and
 * each valid entry's duplicate key until the stored duplicates are known); writing reads the file
 * again, checks each row the same way and yields the valid entries that are no duplicates, in the
 * file's order.
 */
export class PlannedEntries {
  /** Entry rows read by the check (a header left out). */
  rows = 0;
  /** Whether the check found a first row (a header, say) in the entries' sheet. */
  found = false;
  private valid = 0;
  private duplicates = 0;
  /** The duplicate keys of the valid entries, until the stored duplicates are known. */
  private keys = new Set<string>();
  /** Valid rows whose key an earlier valid row has. */
  private readonly repeats = new RowNumbers();
  private repeated = 0;
  private readonly ownerIds = new Set<number>();
  private readonly dates = new Set<string>();
  private stored: ReadonlySet<string> = new Set();

  constructor(private readonly source: EntryRows | null) {}

  /** The entries to write: the valid rows, less the duplicates once `skipDuplicates` has found them. */
  get count(): number {
    return this.valid - this.duplicates;
  }

  /** The check pass: reads `rows` (the source sheet's, counted) and reports each bad row to `fail`. */
  async check(rows: SourceRows, fail: (row: SourceRow, message: string) => void): Promise<void> {
    const source = this.source;
    if (!source) return;
    const noticed: EntryRows = {
      sheet: source.sheet,
      checkFrom: (first) => {
        this.found = true;
        return source.checkFrom(first);
      },
    };
    for await (const { row, checked } of checkedEntryRows(noticed, rows)) {
      this.rows += 1;
      if ('error' in checked) {
        fail(row, checked.error);
        continue;
      }
      this.valid += 1;
      const key = duplicateKeyOf(checked.entry);
      if (this.keys.has(key)) {
        this.repeats.add(row.number);
        this.repeated += 1;
      } else this.keys.add(flatCopy(key)); // a copy holds no piece of the file's text
      if (checked.entry.owner > 0) this.ownerIds.add(checked.entry.owner);
      this.dates.add(checked.entry.input.date);
    }
  }

  /** The dates and existing owners of the valid entries: what the stored duplicates are looked up by. */
  duplicateLookup(): { ownerIds: number[]; dates: string[] } {
    return { ownerIds: [...this.ownerIds], dates: [...this.dates] };
  }

  /**
   * Counts the entries that repeat a stored entry (`storedKeys`) or an earlier row of the file, which
   * are then not written; returns how many there are.
   */
  async skipDuplicates(storedKeys: ReadonlySet<string>): Promise<number> {
    let duplicates = this.repeated;
    const turns = new EventLoopTurns();
    for (const key of this.keys) {
      if (storedKeys.has(key)) duplicates += 1;
      await turns.take();
    }
    this.keys = new Set();
    this.stored = storedKeys;
    this.duplicates = duplicates;
    return duplicates;
  }

  /** Reads the file again: its valid entries that are no duplicates, in the file's order. */
  async *read(): AsyncGenerator<PlannedEntry> {
    if (!this.source) return;
    for await (const { row, checked } of checkedEntryRows(this.source, this.source.sheet.rows())) {
      if ('error' in checked || this.repeats.has(row.number)) continue;
      if (this.stored.size > 0 && this.stored.has(duplicateKeyOf(checked.entry))) continue;
      yield checked.entry;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The check

export interface PlanOptions {
  format: ImportFormat;
  sheets: readonly SourceSheet[];
  instance: InstanceSnapshot;
  /** The person of a grid CSV, when picked. */
  targetUser?: KnownUser | undefined;
}

/** Placeholder names for checking a grid CSV before its person is picked. */
const UNPICKED_OWNER: OwnerInfo = { firstName: '-', lastName: '-', managerName: '', department: '', role: 'employee' };

/** The small sheets of an export workbook (or none of a CSV) read whole, by kind; empty ones left out. */
async function readSmallSheets(sheets: readonly SourceSheet[], counter: RowCounter): Promise<Map<SheetKind, Sheet>> {
  const read = new Map<SheetKind, Sheet>();
  for (const sheet of sheets) {
    const kind = sheetKindOf(sheet);
    if (!kind || kind === 'entries') continue;
    const [header, ...rows] = await readWhole(counter.counted(sheet.rows()));
    if (header) read.set(kind, new Sheet(sheet.name, header, rows, SHEET_COLUMNS[kind]));
  }
  return read;
}

/** Where the entries of a file are, and how their rows are checked. */
function entryRowsOf(
  builder: PlanBuilder,
  format: ImportFormat,
  sheets: readonly SourceSheet[],
  targetUser: KnownUser | undefined,
): EntryRows | null {
  if (format === 'grid-csv') {
    const check = builder.gridEntry(targetUser ? { ref: targetUser.id, info: targetUser } : { ref: 0, info: UNPICKED_OWNER });
    return { sheet: sheets[0]!, checkFrom: (first) => ({ check, firstIsEntry: !isGridHeader(first) }) };
  }
  const sheet = format === 'export-csv' ? sheets[0] : sheets.find((candidate) => sheetKindOf(candidate) === 'entries');
  if (!sheet) return null;
  return {
    sheet,
    checkFrom: (header) => ({
      check: builder.exportedEntry(new Columns(sheet.name, header, SHEET_COLUMNS.entries)),
      firstIsEntry: false,
    }),
  };
}

/**
 * Checks every row of a file against the instance and plans what it writes (before anything is
 * written), reading the file once. Duplicates of stored entries are not known yet: see
 * `PlannedEntries.skipDuplicates`.
 */
export async function planImport({ format, sheets, instance, targetUser }: PlanOptions): Promise<ImportPlan> {
  const builder = new PlanBuilder(instance);
  const counter = new RowCounter();
  const small = format === 'export-xlsx' ? await readSmallSheets(sheets, counter) : new Map<SheetKind, Sheet>();
  const run = (kind: SheetKind, step: (sheet: Sheet) => void) => {
    const sheet = small.get(kind);
    if (sheet) step(sheet);
  };
  run('departments', (sheet) => builder.departments(sheet));
  run('formFields', (sheet) => builder.formFields(sheet));
  run('users', (sheet) => builder.users(sheet));
  run('fiscalYears', (sheet) => builder.fiscalYears(sheet));
  run('targets', (sheet) => builder.targets(sheet));

  const entryRows = entryRowsOf(builder, format, sheets, targetUser);
  const entries = new PlannedEntries(entryRows);
  if (entryRows)
    await entries.check(counter.counted(entryRows.sheet.rows()), (row, message) =>
      builder.fail(entryRows.sheet.name, row, message),
    );
  if (format === 'export-xlsx' && small.size === 0 && !entries.found)
    throw new HttpError(400, M.importUnknownSheets(Object.values(EXPORT_SHEETS)));

  const dataRows = [...small.values()].reduce((count, sheet) => count + sheet.rows.length, entries.rows);
  if (dataRows === 0) throw new HttpError(400, M.importEmptyFile);
  return {
    format,
    rows: dataRows,
    errors: sortedErrors(builder.errors, sheets),
    duplicates: 0,
    unchanged: builder.unchanged,
    needsTargetUser: format === 'grid-csv' && !targetUser,
    ...builder.plan,
    entries,
  };
}

/** Errors in the order of the file: by sheet as the workbook lists them, then by row. */
function sortedErrors(errors: ImportRowError[], sheets: readonly SourceSheet[]): ImportRowError[] {
  const sheetOrder = new Map(sheets.map((sheet, index) => [sheet.name, index]));
  return errors.sort((a, b) => (sheetOrder.get(a.sheet) ?? 0) - (sheetOrder.get(b.sheet) ?? 0) || a.row - b.row);
}
