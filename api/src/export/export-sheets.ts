import {
  customFieldColumn,
  DEPARTMENT_EXPORT_COLUMNS,
  ENTRY_EXPORT_COLUMNS,
  EXPORT_SHEETS,
  FISCAL_YEAR_EXPORT_COLUMNS,
  FORM_FIELD_EXPORT_COLUMNS,
  formatOptionLabels,
  TARGET_EXPORT_COLUMNS,
  USER_EXPORT_COLUMNS,
  yearDateRange,
  type CustomFieldValue,
} from '@tht/contracts';
import type pg from 'pg';
import { READ_MODEL_SCHEMA } from 'projections';

/** The live read models; an export as of a date reads the schema replayed up to it instead. */
export const LIVE_READ_MODELS = READ_MODEL_SCHEMA;

/** One cell of the export: text (neutralised when written), a number, a yes/no, or empty. */
export type Cell = string | number | boolean | null;

/**
 * One table of the export: its columns, the query that reads its rows in order (every value as
 * text, read through a cursor) and how a row becomes cells.
 */
export interface ExportSheet {
  name: string;
  columns: readonly string[];
  text: string;
  values: unknown[];
  toCells(row: readonly string[]): Cell[];
}

export interface ExportScope {
  year?: number | undefined;
  /** Only innovative entries (the innovative summary's export). */
  innovative?: boolean;
}

/** The order of the entries: oldest first, or person by person (each person's oldest first), as the export with evidence writes them. */
export type EntryOrder = 'date' | 'person';

/** A timestamp as ISO text, formatted by PostgreSQL. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const numberOrNull = (text: string | null | undefined) => (text === null || text === undefined ? null : Number(text));
const textOrEmpty = (text: string | null | undefined) => text ?? '';

async function customFieldNames(pool: pg.Pool, schema: string): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(`SELECT name FROM ${schema}.form_fields ORDER BY "order", id`);
  return rows.map((row) => row.name);
}

function entriesWhere({ year, innovative = false }: ExportScope): { where: string; values: unknown[] } {
  const conditions: string[] = [];
  const values: unknown[] = [];
  if (year !== undefined) {
    const { from, to } = yearDateRange(year);
    values.push(from, to);
    conditions.push('e.date >= $1 AND e.date <= $2');
  }
  if (innovative) conditions.push('e.be_innovative');
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', values };
}

/**
 * One row per entry with every field and the employee's e-mail (ENTRY_EXPORT_COLUMNS), then one
 * column per configured custom form field, in the fields' order. Oldest date first (`order`).
 */
export async function entriesSheet(
  pool: pg.Pool,
  schema: string,
  scope: ExportScope,
  order: EntryOrder = 'date',
): Promise<ExportSheet> {
  const fields = await customFieldNames(pool, schema);
  const { where, values } = entriesWhere(scope);
  return {
    name: EXPORT_SHEETS.entries,
    columns: [...ENTRY_EXPORT_COLUMNS, ...fields.map(customFieldColumn)],
    text: `SELECT e.id, e.user_id, u.email, e.first_name, e.last_name, e.training_name, e.date, e.hours, e.training_type,
        e.course_given_by, e.rating, e.be_innovative, e.manager_name, e.department, e.notes, e.valid_until,
        ${iso('e.created_at')}, ${iso('e.updated_at')}, e.custom_fields
      FROM ${schema}.entries e LEFT JOIN ${schema}.users u ON u.id = e.user_id
      ${where} ORDER BY ${order === 'person' ? 'e.user_id, ' : ''}e.date, e.id`,
    values,
    toCells(row) {
      const [id, userId, email, firstName, lastName, trainingName, date, hours, trainingType, courseGivenBy, rating, beInnovative] =
        row;
      const [managerName, department, notes, validUntil, createdAt, updatedAt, customFields] = row.slice(12);
      const custom = JSON.parse(customFields ?? '{}') as Record<string, CustomFieldValue>;
      return [
        Number(id),
        Number(userId),
        textOrEmpty(email),
        textOrEmpty(firstName),
        textOrEmpty(lastName),
        textOrEmpty(trainingName),
        textOrEmpty(date),
        Number(hours),
        textOrEmpty(trainingType),
        textOrEmpty(courseGivenBy),
        Number(rating),
        beInnovative === 't',
        textOrEmpty(managerName),
        textOrEmpty(department),
        textOrEmpty(notes),
        textOrEmpty(validUntil),
        textOrEmpty(createdAt),
        textOrEmpty(updatedAt),
        ...fields.map((name) => custom[name] ?? null),
      ];
    },
  };
}

/** Every account (USER_EXPORT_COLUMNS), by id. */
export function usersSheet(schema: string): ExportSheet {
  return {
    name: EXPORT_SHEETS.users,
    columns: USER_EXPORT_COLUMNS,
    text: `SELECT id, email, first_name, last_name, role, department, manager_id, manager_name, ${iso('created_at')}
      FROM ${schema}.users ORDER BY id`,
    values: [],
    toCells: ([id, email, firstName, lastName, role, department, managerId, managerName, createdAt]) => [
      Number(id),
      textOrEmpty(email),
      textOrEmpty(firstName),
      textOrEmpty(lastName),
      textOrEmpty(role),
      textOrEmpty(department),
      numberOrNull(managerId),
      textOrEmpty(managerName),
      textOrEmpty(createdAt),
    ],
  };
}

/** Everyone's own targets (of the year, if given) with their e-mail (TARGET_EXPORT_COLUMNS). */
export function targetsSheet(schema: string, { year }: ExportScope): ExportSheet {
  return {
    name: EXPORT_SHEETS.targets,
    columns: TARGET_EXPORT_COLUMNS,
    text: `SELECT t.user_id, u.email, t.year, t.target_hours, t.reason, t.set_by, ${iso('t.created_at')}, ${iso('t.updated_at')}
      FROM ${schema}.user_targets t LEFT JOIN ${schema}.users u ON u.id = t.user_id
      ${year === undefined ? '' : 'WHERE t.year = $1'} ORDER BY t.year, t.user_id`,
    values: year === undefined ? [] : [year],
    toCells: ([userId, email, targetYear, targetHours, reason, setBy, createdAt, updatedAt]) => [
      Number(userId),
      textOrEmpty(email),
      Number(targetYear),
      Number(targetHours),
      textOrEmpty(reason),
      numberOrNull(setBy),
      textOrEmpty(createdAt),
      textOrEmpty(updatedAt),
    ],
  };
}

/** The fiscal years, i.e. the yearly targets (of the year, if given) (FISCAL_YEAR_EXPORT_COLUMNS). */
export function fiscalYearsSheet(schema: string, { year }: ExportScope): ExportSheet {
  return {
    name: EXPORT_SHEETS.fiscalYears,
    columns: FISCAL_YEAR_EXPORT_COLUMNS,
    text: `SELECT year, target_hours, description, ${iso('created_at')}, ${iso('updated_at')}
      FROM ${schema}.yearly_targets ${year === undefined ? '' : 'WHERE year = $1'} ORDER BY year`,
    values: year === undefined ? [] : [year],
    toCells: ([fiscalYear, targetHours, description, createdAt, updatedAt]) => [
      Number(fiscalYear),
      Number(targetHours),
      textOrEmpty(description),
      textOrEmpty(createdAt),
      textOrEmpty(updatedAt),
    ],
  };
}

/** Every department (DEPARTMENT_EXPORT_COLUMNS), by name: the admin import recreates the empty ones too. */
export function departmentsSheet(schema: string): ExportSheet {
  return {
    name: EXPORT_SHEETS.departments,
    columns: DEPARTMENT_EXPORT_COLUMNS,
    text: `SELECT id, name, ${iso('created_at')} FROM ${schema}.departments ORDER BY lower(name), id`,
    values: [],
    toCells: ([id, name, createdAt]) => [Number(id), textOrEmpty(name), textOrEmpty(createdAt)],
  };
}

/** The custom form fields in their order, each with its option labels (FORM_FIELD_EXPORT_COLUMNS). */
export function formFieldsSheet(schema: string): ExportSheet {
  return {
    name: EXPORT_SHEETS.formFields,
    columns: FORM_FIELD_EXPORT_COLUMNS,
    text: `SELECT f.id, f.name, f.label, f.type, f.required, f."order",
        (SELECT coalesce(json_agg(o.label ORDER BY o."order", o.id), '[]') FROM ${schema}.form_field_options o WHERE o.field_id = f.id)
      FROM ${schema}.form_fields f ORDER BY f."order", f.id`,
    values: [],
    toCells: ([id, name, label, type, required, order, options]) => [
      Number(id),
      textOrEmpty(name),
      textOrEmpty(label),
      textOrEmpty(type),
      required === 't',
      Number(order),
      formatOptionLabels(JSON.parse(options ?? '[]') as string[]),
    ],
  };
}
