import type { CustomFieldDefinition, FormFieldOptionView, FormFieldView } from '@tht/contracts';
import { FORM_FIELD_MESSAGES as M } from '@tht/contracts';
import { sql } from 'kysely';
import { READ_MODEL_SCHEMA, type FormFieldOptionRow, type FormFieldRow, type ReadModelDb } from 'projections';
import { DomainError } from '../platform/decider';

const readModels = (db: ReadModelDb) => db.withSchema(READ_MODEL_SCHEMA);
const iso = (value: Date | string) => new Date(value).toISOString();

export function toOptionView(row: FormFieldOptionRow): FormFieldOptionView {
  return {
    id: row.id,
    fieldId: row.field_id,
    value: row.value,
    label: row.label,
    order: row.order,
    createdAt: iso(row.created_at),
  };
}

function toFieldView(row: FormFieldRow, options: readonly FormFieldOptionRow[]): FormFieldView {
  return {
    id: row.id,
    name: row.name,
    label: row.label,
    type: row.type,
    required: row.required,
    order: row.order,
    options: options.filter((option) => option.field_id === row.id).map(toOptionView),
    createdAt: iso(row.created_at),
  };
}

async function optionRows(db: ReadModelDb, fieldId?: number): Promise<FormFieldOptionRow[]> {
  let query = readModels(db).selectFrom('form_field_options').selectAll();
  if (fieldId !== undefined) query = query.where('field_id', '=', fieldId);
  return query.orderBy('order').orderBy('id').execute();
}

/** Every field in form order, each with its options. */
export async function listFormFields(db: ReadModelDb): Promise<FormFieldView[]> {
  const fields = await readModels(db).selectFrom('form_fields').selectAll().orderBy('order').orderBy('id').execute();
  const options = await optionRows(db);
  return fields.map((field) => toFieldView(field, options));
}

export async function getFormField(db: ReadModelDb, fieldId: number): Promise<FormFieldView> {
  const row = await readModels(db).selectFrom('form_fields').selectAll().where('id', '=', fieldId).executeTakeFirst();
  if (!row) throw new DomainError('not-found', M.fieldNotFound);
  return toFieldView(row, await optionRows(db, fieldId));
}

export async function listOptions(db: ReadModelDb, fieldId: number): Promise<FormFieldOptionView[]> {
  await getFormField(db, fieldId);
  return (await optionRows(db, fieldId)).map(toOptionView);
}

export async function findOptionRow(db: ReadModelDb, optionId: number): Promise<FormFieldOptionRow | undefined> {
  return readModels(db).selectFrom('form_field_options').selectAll().where('id', '=', optionId).executeTakeFirst();
}

/** The order a new field gets: after the last one. */
export async function nextFieldOrder(db: ReadModelDb): Promise<number> {
  const row = await readModels(db)
    .selectFrom('form_fields')
    .select(sql<number>`coalesce(max("order"), 0)::int + 1`.as('next'))
    .executeTakeFirstOrThrow();
  return row.next;
}

/** The configured custom fields with their option values, for checking an entry's custom values. */
export async function loadCustomFieldDefinitions(db: ReadModelDb): Promise<CustomFieldDefinition[]> {
  return (await listFormFields(db)).map((field) => ({
    name: field.name,
    label: field.label,
    type: field.type,
    required: field.required,
    options: field.options.map((option) => option.value),
  }));
}
