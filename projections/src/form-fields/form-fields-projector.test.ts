import type { ProjectedEvent } from '../framework/projector';
import { createTestDatabase, type TestDatabase } from '@tht/postgres/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formFieldsProjector } from './form-fields-projector';
import { eventRecorder } from '../framework/testing/recorded-events';

const SCHEMA = 'read_models';
let database: TestDatabase;

const recorded = eventRecorder('2025-03-01T10:00:00.000Z');

async function project(...events: ProjectedEvent[]): Promise<void> {
  await database.db.transaction().execute((trx) => formFieldsProjector.project(trx, SCHEMA, events));
}

const fields = () =>
  database.db
    .withSchema(SCHEMA)
    .selectFrom('form_fields')
    .select(['id', 'name', 'label', 'type', 'required', 'order'])
    .orderBy('id')
    .execute();
const options = () =>
  database.db
    .withSchema(SCHEMA)
    .selectFrom('form_field_options')
    .select(['id', 'field_id', 'value', 'label', 'order'])
    .orderBy('id')
    .execute();

beforeAll(async () => {
  database = await createTestDatabase();
  await sql`CREATE SCHEMA ${sql.id(SCHEMA)}`.execute(database.db);
  await formFieldsProjector.migrate(database.db, SCHEMA);
  await formFieldsProjector.migrate(database.db, SCHEMA);
});

afterAll(() => database?.drop());

describe('form fields projector', () => {
  it('keeps fields and their options, and deletes options with their field', async () => {
    await project(
      recorded('FormFieldAdded', { fieldId: 1, name: 'level', label: 'Level', type: 'select', required: false, order: 1 }),
      recorded('FormFieldAdded', { fieldId: 2, name: 'venue', label: 'Venue', type: 'text', required: true, order: 2 }),
      recorded('FormFieldOptionAdded', { fieldId: 1, optionId: 1, value: 'beginner', label: 'Beginner', order: 1 }),
      recorded('FormFieldOptionAdded', { fieldId: 1, optionId: 2, value: 'expert', label: 'Expert', order: 2 }),
      recorded('UserLoggedIn', { userId: 1 }),
    );
    await project(
      recorded('FormFieldEdited', {
        fieldId: 2,
        name: 'location',
        previousName: 'venue',
        label: 'Location',
        type: 'textarea',
        required: false,
      }),
      recorded('FormFieldReordered', { fieldId: 2, order: 1 }),
      recorded('FormFieldReordered', { fieldId: 1, order: 2 }),
      recorded('FormFieldOptionEdited', { fieldId: 1, optionId: 2, value: 'advanced', label: 'Advanced' }),
    );
    expect(await fields()).toEqual([
      { id: 1, name: 'level', label: 'Level', type: 'select', required: false, order: 2 },
      { id: 2, name: 'location', label: 'Location', type: 'textarea', required: false, order: 1 },
    ]);
    expect(await options()).toEqual([
      { id: 1, field_id: 1, value: 'beginner', label: 'Beginner', order: 1 },
      { id: 2, field_id: 1, value: 'advanced', label: 'Advanced', order: 2 },
    ]);

    await project(recorded('FormFieldOptionDeleted', { fieldId: 1, optionId: 1 }));
    expect((await options()).map((option) => option.id)).toEqual([2]);
    await project(recorded('FormFieldDeleted', { fieldId: 1, name: 'level' }));
    expect((await fields()).map((field) => field.id)).toEqual([2]);
    expect(await options()).toEqual([]);
  });
});
