import { isEventOf, type FormFieldType } from '@tht/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ProjectedEvent, Projector } from '../framework/projector';

export interface FormFieldRow {
  id: number;
  name: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  order: number;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface FormFieldOptionRow {
  id: number;
  field_id: number;
  value: string;
  label: string;
  order: number;
  created_at: Date | string;
}

export interface FormFieldsTables {
  form_fields: FormFieldRow;
  form_field_options: FormFieldOptionRow;
}

async function migrate(db: Kysely<FormFieldsTables>, schema: string): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(`${schema}.form_fields`)} (
    id integer PRIMARY KEY,
    name text NOT NULL,
    label text NOT NULL,
    type text NOT NULL,
    required boolean NOT NULL,
    "order" integer NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(`${schema}.form_field_options`)} (
    id integer PRIMARY KEY,
    field_id integer NOT NULL,
    value text NOT NULL,
    label text NOT NULL,
    "order" integer NOT NULL,
    created_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS form_field_options_field_idx
    ON ${sql.table(`${schema}.form_field_options`)} (field_id, "order", id)`.execute(db);
}

const FIELD_EVENT_TYPES = [
  'FormFieldAdded',
  'FormFieldEdited',
  'FormFieldDeleted',
  'FormFieldReordered',
  'FormFieldOptionAdded',
  'FormFieldOptionEdited',
  'FormFieldOptionDeleted',
] as const;

type FieldEvent = ProjectedEvent<(typeof FIELD_EVENT_TYPES)[number]>;

const isFieldEvent = isEventOf(...FIELD_EVENT_TYPES);

/** Form fields change rarely (a handful of admin actions), so one statement per event is enough. */
async function apply(trx: Transaction<FormFieldsTables>, schema: string, event: FieldEvent): Promise<void> {
  const at = event.metadata.occurredAt;
  const fields = trx.withSchema(schema);
  switch (event.type) {
    case 'FormFieldAdded': {
      const { fieldId, name, label, type, required, order } = event.data;
      await fields
        .insertInto('form_fields')
        .values({ id: fieldId, name, label, type, required, order, created_at: at, updated_at: at })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      return;
    }
    case 'FormFieldEdited': {
      const { fieldId, name, label, type, required } = event.data;
      await fields
        .updateTable('form_fields')
        .set({ name, label, type, required, updated_at: at })
        .where('id', '=', fieldId)
        .execute();
      return;
    }
    case 'FormFieldReordered':
      await fields
        .updateTable('form_fields')
        .set({ order: event.data.order, updated_at: at })
        .where('id', '=', event.data.fieldId)
        .execute();
      return;
    case 'FormFieldDeleted':
      await fields.deleteFrom('form_field_options').where('field_id', '=', event.data.fieldId).execute();
      await fields.deleteFrom('form_fields').where('id', '=', event.data.fieldId).execute();
      return;
    case 'FormFieldOptionAdded': {
      const { optionId, fieldId, value, label, order } = event.data;
      await fields
        .insertInto('form_field_options')
        .values({ id: optionId, field_id: fieldId, value, label, order, created_at: at })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      return;
    }
    case 'FormFieldOptionEdited':
      await fields
        .updateTable('form_field_options')
        .set({ value: event.data.value, label: event.data.label })
        .where('id', '=', event.data.optionId)
        .execute();
      return;
    case 'FormFieldOptionDeleted':
      await fields.deleteFrom('form_field_options').where('id', '=', event.data.optionId).execute();
      return;
  }
}

export const formFieldsProjector: Projector<FormFieldsTables> = {
  name: 'form-fields',
  migrate,
  async project(trx, schema, events) {
    for (const event of events) {
      if (isFieldEvent(event)) await apply(trx, schema, event);
    }
  },
};
