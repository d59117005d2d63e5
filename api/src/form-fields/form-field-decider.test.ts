import { CONFLICT_MESSAGE, FORM_FIELD_MESSAGES as M } from '@tht/contracts';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../platform/decider-spec';
import { formFieldDecider, nameClaimOf, type FieldEvent } from './form-field-decider';

const spec = deciderSpec(formFieldDecider);

const added: FieldEvent = {
  type: 'FormFieldAdded',
  data: { fieldId: 3, name: 'level', label: 'Level', type: 'select', required: false, order: 2 },
};
const deleted: FieldEvent = { type: 'FormFieldDeleted', data: { fieldId: 3, name: 'level' } };
const beginner: FieldEvent = {
  type: 'FormFieldOptionAdded',
  data: { fieldId: 3, optionId: 10, value: 'beginner', label: 'Beginner', order: 1 },
};
const advanced: FieldEvent = {
  type: 'FormFieldOptionAdded',
  data: { fieldId: 3, optionId: 11, value: 'advanced', label: 'Advanced', order: 5 },
};

describe('adding a field', () => {
  const add = {
    type: 'AddFormField',
    fieldId: 3,
    properties: { name: 'level', label: 'Level', type: 'select', required: false },
    order: 2,
  } as const;

  it('adds it at the order it is given', () => {
    spec.given().when(add).then(added);
  });

  it('never adds one field twice', () => {
    spec.given(added).when(add).thenRefuses('conflict', CONFLICT_MESSAGE);
  });
});

describe('editing a field', () => {
  it('changes what is sent and keeps the rest, naming the previous name', () => {
    spec
      .given(added)
      .when({ type: 'EditFormField', changes: { name: 'grade', required: true } })
      .then({
        type: 'FormFieldEdited',
        data: { fieldId: 3, name: 'grade', label: 'Level', type: 'select', required: true, previousName: 'level' },
      });
  });

  it('appends nothing when nothing changes', () => {
    spec.given(added).when({ type: 'EditFormField', changes: {} }).thenNothingHappens();
    spec
      .given(added)
      .when({ type: 'EditFormField', changes: { name: 'level', label: 'Level' } })
      .thenNothingHappens();
  });

  it('decides on the field as its last edit left it', () => {
    const edited: FieldEvent = {
      type: 'FormFieldEdited',
      data: { fieldId: 3, name: 'grade', label: 'Grade', type: 'text', required: true, previousName: 'level' },
    };
    spec
      .given(added, edited)
      .when({ type: 'EditFormField', changes: { label: 'Grade', type: 'text' } })
      .thenNothingHappens();
  });

  it('refuses a field that was never added or is deleted', () => {
    spec
      .given()
      .when({ type: 'EditFormField', changes: { label: 'x' } })
      .thenRefuses('not-found', M.fieldNotFound);
    spec
      .given(added, deleted)
      .when({ type: 'EditFormField', changes: { label: 'x' } })
      .thenRefuses('not-found', M.fieldNotFound);
  });
});

describe('deleting and reordering a field', () => {
  it('deletes it once, naming the name it frees', () => {
    spec.given(added, beginner).when({ type: 'DeleteFormField' }).then(deleted);
    spec.given(added, deleted).when({ type: 'DeleteFormField' }).thenRefuses('not-found', M.fieldNotFound);
  });

  it('moves it to another order, and appends nothing for its own', () => {
    spec
      .given(added)
      .when({ type: 'ReorderFormField', order: 1 })
      .then({ type: 'FormFieldReordered', data: { fieldId: 3, order: 1 } });
    spec.given(added).when({ type: 'ReorderFormField', order: 2 }).thenNothingHappens();
    spec.given(added, deleted).when({ type: 'ReorderFormField', order: 1 }).thenRefuses('not-found', M.fieldNotFound);
  });
});

describe('options', () => {
  it('derive their value from the label and go last without an order', () => {
    spec
      .given(added, beginner, advanced)
      .when({ type: 'AddOption', optionId: 12, label: 'Project Management!' })
      .then({
        type: 'FormFieldOptionAdded',
        data: { fieldId: 3, optionId: 12, value: 'project_management', label: 'Project Management!', order: 6 },
      });
    spec
      .given(added)
      .when({ type: 'AddOption', optionId: 12, label: 'First', order: 4 })
      .then({ type: 'FormFieldOptionAdded', data: { fieldId: 3, optionId: 12, value: 'first', label: 'First', order: 4 } });
  });

  it('keep their values unique within the field', () => {
    spec
      .given(added, beginner)
      .when({ type: 'AddOption', optionId: 12, label: 'BEGINNER' })
      .thenRefuses('conflict', M.optionValueTaken('beginner'));
    spec
      .given(added, beginner, advanced)
      .when({ type: 'EditOption', optionId: 11, label: 'Beginner' })
      .thenRefuses('conflict', M.optionValueTaken('beginner'));
  });

  it('belong to select fields only', () => {
    const text: FieldEvent = {
      type: 'FormFieldAdded',
      data: { fieldId: 4, name: 'venue', label: 'Venue', type: 'text', required: false, order: 1 },
    };
    spec.given(text).when({ type: 'AddOption', optionId: 12, label: 'A' }).thenRefuses('invalid', M.optionsOnlyForSelect);
  });

  it('are relabelled, keeping their own value free, and unchanged labels append nothing', () => {
    spec
      .given(added, beginner)
      .when({ type: 'EditOption', optionId: 10, label: 'Beginner!' })
      .then({ type: 'FormFieldOptionEdited', data: { fieldId: 3, optionId: 10, value: 'beginner', label: 'Beginner!' } });
    spec.given(added, beginner).when({ type: 'EditOption', optionId: 10, label: 'Beginner' }).thenNothingHappens();
  });

  it('are deleted once', () => {
    const removed: FieldEvent = { type: 'FormFieldOptionDeleted', data: { fieldId: 3, optionId: 10 } };
    spec.given(added, beginner).when({ type: 'DeleteOption', optionId: 10 }).then(removed);
    spec.given(added, beginner, removed).when({ type: 'DeleteOption', optionId: 10 }).thenRefuses('not-found', M.optionNotFound);
    spec
      .given(added, beginner, removed)
      .when({ type: 'EditOption', optionId: 10, label: 'Back' })
      .thenRefuses('not-found', M.optionNotFound);
  });

  it('go with their field: a deleted field refuses every option change', () => {
    spec
      .given(added, beginner, deleted)
      .when({ type: 'AddOption', optionId: 12, label: 'New' })
      .thenRefuses('not-found', M.fieldNotFound);
    spec
      .given(added, beginner, deleted)
      .when({ type: 'EditOption', optionId: 10, label: 'Again' })
      .thenRefuses('not-found', M.optionNotFound);
    spec.given(added, beginner, deleted).when({ type: 'DeleteOption', optionId: 10 }).thenRefuses('not-found', M.optionNotFound);
  });
});

describe('the name a change holds', () => {
  it('is taken when the field is added, moved on a rename, kept on a change of letter case and given up on deletion', () => {
    const edited = (name: string): FieldEvent => ({
      type: 'FormFieldEdited',
      data: { fieldId: 3, name, label: 'Level', type: 'select', required: false, previousName: 'level' },
    });
    expect([added, edited('grade'), edited('LEVEL'), beginner, deleted].map(nameClaimOf)).toEqual([
      { take: 'level' },
      { take: 'grade', giveUp: 'level' },
      {},
      {},
      { giveUp: 'level' },
    ]);
  });
});
