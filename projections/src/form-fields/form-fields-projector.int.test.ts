import { describe, it } from 'vitest';
import { projectionSpec } from '../framework/testing/projection-spec';
import { eventRecorder } from '../framework/testing/recorded-events';
import { formFieldsProjector } from './form-fields-projector';

const spec = projectionSpec(formFieldsProjector);

const recorded = eventRecorder('2025-03-01T10:00:00.000Z');

const fieldsAndOptions = () => [
  recorded('FormFieldAdded', { fieldId: 1, name: 'level', label: 'Level', type: 'select', required: false, order: 1 }),
  recorded('FormFieldAdded', { fieldId: 2, name: 'venue', label: 'Venue', type: 'text', required: true, order: 2 }),
  recorded('FormFieldOptionAdded', { fieldId: 1, optionId: 1, value: 'beginner', label: 'Beginner', order: 1 }),
  recorded('FormFieldOptionAdded', { fieldId: 1, optionId: 2, value: 'expert', label: 'Expert', order: 2 }),
  recorded('UserLoggedIn', { userId: 1 }),
];

describe('form fields projector', () => {
  it('given fields with options, when they are edited and reordered, keeps them as they are now', async () => {
    const fields = spec.given(fieldsAndOptions()).when([
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
    ]);
    await fields.thenRows('form_fields', [
      { id: 1, name: 'level', label: 'Level', type: 'select', required: false, order: 2 },
      { id: 2, name: 'location', label: 'Location', type: 'textarea', required: false, order: 1 },
    ]);
    await fields.thenRows('form_field_options', [
      { id: 1, field_id: 1, value: 'beginner', label: 'Beginner', order: 1 },
      { id: 2, field_id: 1, value: 'advanced', label: 'Advanced', order: 2 },
    ]);
  });

  it('when an option is deleted, removes it', async () => {
    await spec
      .given(fieldsAndOptions())
      .when(recorded('FormFieldOptionDeleted', { fieldId: 1, optionId: 1 }))
      .thenRows('form_field_options', [{ id: 2, field_id: 1 }]);
  });

  it('when a field is deleted, removes it with its options', async () => {
    const deleted = spec.given(fieldsAndOptions()).when(recorded('FormFieldDeleted', { fieldId: 1, name: 'level' }));
    await deleted.thenRows('form_fields', [{ id: 2, name: 'venue' }]);
    await deleted.thenRows('form_field_options', []);
  });
});
