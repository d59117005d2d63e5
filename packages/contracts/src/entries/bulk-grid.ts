import { normaliseGridDate } from './dates';
import { ENTRY_MESSAGES as M } from './messages';
import {
  ADMIN_TRAINING_TYPES,
  adminEntryInputSchema,
  entryInputSchema,
  TRAINING_TYPES,
  type AdminEntryInput,
  type AdminTrainingType,
} from './schemas';

/** Column order of the bulk grid and of pasted tab-separated rows. */
export const GRID_COLUMNS = [
  'trainingName',
  'date',
  'hours',
  'managerName',
  'department',
  'trainingType',
  'courseGivenBy',
  'rating',
  'beInnovative',
  'notes',
] as const;
export type GridColumn = (typeof GRID_COLUMNS)[number];
/** A grid row holds the cells as typed or pasted; nothing is trimmed until the row is checked. */
export type GridRow = Record<GridColumn, string>;

export const GRID_COLUMN_LABELS: Readonly<Record<GridColumn, string>> = {
  trainingName: 'Training Name',
  date: 'Date',
  hours: 'Hours',
  managerName: 'Manager',
  department: 'Department',
  trainingType: 'Training Type',
  courseGivenBy: 'Course Given By',
  rating: 'Rating',
  beInnovative: 'Be Innovative',
  notes: 'Notes',
};

export const INITIAL_GRID_ROWS = 5;
export const MIN_GRID_ROWS = 1;

/** The employee's own grid, or the admin's bulk import on behalf of an employee. */
export type GridVariant = 'user' | 'admin';

const USER_INNOVATIVE_WORDS: Readonly<Record<string, boolean>> = { yes: true, no: false, true: true, false: false };
const ADMIN_INNOVATIVE_WORDS: Readonly<Record<string, boolean>> = { ...USER_INNOVATIVE_WORDS, 1: true, 0: false };
const RATING_OPTIONS = ['1', '2', '3', '4', '5'] as const;
const SINGLE_DIGIT_RATING = /^[1-5]$/;

interface GridRules {
  trainingTypes: readonly string[];
  innovativeWords: Readonly<Record<string, boolean>>;
  rating(text: string): number | null;
}

function userRating(text: string): number | null {
  const rating = Number(text);
  return Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : null;
}

const RULES: Readonly<Record<GridVariant, GridRules>> = {
  user: { trainingTypes: TRAINING_TYPES, innovativeWords: USER_INNOVATIVE_WORDS, rating: userRating },
  admin: {
    trainingTypes: ADMIN_TRAINING_TYPES,
    innovativeWords: ADMIN_INNOVATIVE_WORDS,
    rating: (text) => (SINGLE_DIGIT_RATING.test(text) ? Number(text) : null),
  },
};

export type RestrictedGridColumn = 'trainingType' | 'rating' | 'beInnovative';
const RESTRICTED_COLUMNS: readonly GridColumn[] = ['trainingType', 'rating', 'beInnovative'];

function isRestricted(column: GridColumn): column is RestrictedGridColumn {
  return RESTRICTED_COLUMNS.includes(column);
}

/** The values a restricted column accepts, as shown after 'Valid options:'. */
export function restrictedColumnOptions(column: RestrictedGridColumn, variant: GridVariant): readonly string[] {
  const rules = RULES[variant];
  if (column === 'trainingType') return rules.trainingTypes;
  if (column === 'rating') return RATING_OPTIONS;
  return Object.keys(rules.innovativeWords);
}

/** A restricted cell in its normal form ('' stays ''), or null when the column does not accept it. */
export function normaliseRestrictedCell(column: RestrictedGridColumn, raw: string, variant: GridVariant): string | null {
  const text = raw.trim().toLowerCase();
  if (text === '') return '';
  const rules = RULES[variant];
  if (column === 'trainingType') return rules.trainingTypes.includes(text) ? text : null;
  if (column === 'rating') {
    const rating = rules.rating(text);
    return rating === null ? null : String(rating);
  }
  return text in rules.innovativeWords ? text : null;
}

/** A Be Innovative cell as true or false under the variant's words ('' is false), or null when the variant does not accept it. */
export function innovativeCellValue(raw: string, variant: GridVariant): boolean | null {
  const value = normaliseRestrictedCell('beInnovative', raw, variant);
  if (value === null) return null;
  return value === '' ? false : RULES[variant].innovativeWords[value]!;
}

export function emptyGridRow(): GridRow {
  return Object.fromEntries(GRID_COLUMNS.map((column) => [column, ''])) as GridRow;
}

export function createGrid(rows = INITIAL_GRID_ROWS): GridRow[] {
  return Array.from({ length: Math.max(rows, MIN_GRID_ROWS) }, emptyGridRow);
}

/** Removes a row; the grid always keeps at least one. */
export function removeGridRow(grid: readonly GridRow[], index: number): GridRow[] {
  const remaining = grid.filter((_, rowIndex) => rowIndex !== index);
  return remaining.length >= MIN_GRID_ROWS ? remaining : createGrid(MIN_GRID_ROWS);
}

/**
 * Splits spreadsheet clipboard text into rows of cells: tabs between cells, CR/LF between rows,
 * and cells that contain tabs, line breaks or quotes wrapped in double quotes (as Excel and
 * Google Sheets copy them). A trailing line break does not make an extra row.
 */
export function parseTabSeparated(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let index = 0;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  while (index < text.length) {
    const char = text[index]!;
    if (char === '"' && cell === '') {
      const closing = closingQuote(text, index + 1);
      if (closing !== -1) {
        cell = text.slice(index + 1, closing).replaceAll('""', '"');
        index = closing + 1;
        continue;
      }
    }
    if (char === '\t') endCell();
    else if (char === '\n' || char === '\r') {
      endRow();
      if (char === '\r' && text[index + 1] === '\n') index += 1;
    } else cell += char;
    index += 1;
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}

/** Index of the quote that closes a quoted cell opened before `from`, or -1 if the cell is not quoted. */
function closingQuote(text: string, from: number): number {
  let index = from;
  while (index < text.length) {
    if (text[index] === '"') {
      if (text[index + 1] === '"') {
        index += 2;
        continue;
      }
      const next = text[index + 1];
      return next === undefined || next === '\t' || next === '\n' || next === '\r' ? index : -1;
    }
    index += 1;
  }
  return -1;
}

/** Values a paste tried to put into a restricted column that the column does not accept. */
export interface InvalidPaste {
  column: RestrictedGridColumn;
  values: string[];
  /** 'Invalid {field} value(s)' */
  title: string;
  /** 'Valid options: ...' */
  description: string;
}

export interface GridPosition {
  row: number;
  column: GridColumn;
}

/**
 * Pastes tab-separated text into the grid with its top-left cell at `at`, adding rows as needed.
 * Restricted columns take only values they accept (normalised, e.g. 'External' -> 'external');
 * a rejected value leaves its cell as it was and is reported once per column.
 */
export function pasteIntoGrid(
  grid: readonly GridRow[],
  text: string,
  at: GridPosition,
  variant: GridVariant,
): { grid: GridRow[]; invalid: InvalidPaste[] } {
  const pasted = parseTabSeparated(text);
  const next = grid.map((row) => ({ ...row }));
  const rejected = new Map<RestrictedGridColumn, string[]>();
  const firstColumn = GRID_COLUMNS.indexOf(at.column);
  pasted.forEach((cells, offset) => {
    const rowIndex = at.row + offset;
    while (next.length <= rowIndex) next.push(emptyGridRow());
    const row = next[rowIndex]!;
    cells.forEach((value, cellOffset) => {
      const column = GRID_COLUMNS[firstColumn + cellOffset];
      if (!column) return;
      if (!isRestricted(column)) {
        row[column] = value;
        return;
      }
      const normalised = normaliseRestrictedCell(column, value, variant);
      if (normalised === null) rejected.set(column, [...(rejected.get(column) ?? []), value.trim()]);
      else row[column] = normalised;
    });
  });
  const invalid = [...rejected].map(([column, values]) => ({
    column,
    values,
    title: M.invalidPastedValues(GRID_COLUMN_LABELS[column]),
    description: M.validOptions(restrictedColumnOptions(column, variant)),
  }));
  return { grid: next, invalid };
}

/**
 * A row counts only if training name, date and hours are all non-empty. The
 * cells are taken as they are here; a cell of blanks counts and is then reported by the row
 * check ('Missing training name', 'Missing or invalid date format').
 */
export function isCountedRow(row: GridRow): boolean {
  return row.trainingName !== '' && row.date !== '' && row.hours !== '';
}

/** Non-numeric hours become 0; a leading number is read ('2h' is 2). */
export function parseGridHours(raw: string): number {
  const hours = Number.parseFloat(raw.trim());
  return Number.isFinite(hours) ? hours : 0;
}

/** Who the rows are for: names, and the manager and department used when a row leaves them empty. */
export interface GridEntryOwner {
  firstName: string;
  lastName: string;
  managerName: string;
  department: string;
}

export interface GridRowCheck {
  /** Index of the row in the grid. */
  rowIndex: number;
  /** The entry the row becomes (sent only when `errors` is empty); admin types only on the admin grid. */
  entry: AdminEntryInput;
  errors: string[];
}

function restrictedCellError(column: RestrictedGridColumn, variant: GridVariant): string {
  if (column === 'trainingType' && variant === 'user') return M.trainingType;
  if (column === 'rating') return M.screenRating;
  return M.oneOf(GRID_COLUMN_LABELS[column], restrictedColumnOptions(column, variant));
}

/** Checks one row and turns it into an entry; field messages come from the entry schema. */
export function checkGridRow(row: GridRow, rowIndex: number, variant: GridVariant, owner: GridEntryOwner): GridRowCheck {
  const errors: string[] = [];
  const trainingName = row.trainingName.trim();
  if (trainingName === '') errors.push(M.missingTrainingName);
  const date = normaliseGridDate(row.date);
  if (!date.ok) errors.push(date.error);

  const restricted = (column: RestrictedGridColumn): string => {
    const value = normaliseRestrictedCell(column, row[column], variant);
    if (value === null) errors.push(restrictedCellError(column, variant));
    return value ?? '';
  };
  const trainingType = restricted('trainingType');
  const rating = restricted('rating');
  const innovative = restricted('beInnovative');

  const entry: AdminEntryInput = {
    firstName: owner.firstName,
    lastName: owner.lastName,
    trainingName,
    date: date.ok ? date.date : row.date.trim(),
    hours: parseGridHours(row.hours),
    managerName: row.managerName.trim() || owner.managerName,
    department: row.department.trim() || owner.department,
    trainingType: (trainingType || 'internal') as AdminTrainingType,
    courseGivenBy: row.courseGivenBy.trim(),
    rating: rating === '' ? undefined : Number(rating),
    beInnovative: innovative === '' ? false : RULES[variant].innovativeWords[innovative],
    notes: row.notes.trim(),
    // The grid has no Valid until column (decision 041): a certificate is logged in Add Entry or imported.
    validUntil: null,
  };
  const schema = variant === 'admin' ? adminEntryInputSchema : entryInputSchema;
  const checked = schema.safeParse(entry);
  if (!checked.success) {
    const coveredByGridRules = new Set<PropertyKey>(['trainingName', 'date', ...RESTRICTED_COLUMNS]);
    for (const issue of checked.error.issues) {
      if (!coveredByGridRules.has(issue.path[0] ?? '') && !errors.includes(issue.message)) errors.push(issue.message);
    }
  }
  return { rowIndex, entry, errors };
}

/** The preview of a grid: every counted row with its entry and errors. */
export function checkGrid(grid: readonly GridRow[], variant: GridVariant, owner: GridEntryOwner): GridRowCheck[] {
  return grid.flatMap((row, rowIndex) => (isCountedRow(row) ? [checkGridRow(row, rowIndex, variant, owner)] : []));
}
