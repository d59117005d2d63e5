import {
  FORM_FIELD_MESSAGES as M,
  optionValueFromLabel,
  type FormFieldEvent,
  type FormFieldProperties,
  type FormFieldUpdateInput,
  CONFLICT_MESSAGE,
} from '@tht/contracts';
import { DomainError, type Decider, type NameClaim } from '../platform/decider';

/** The events of a field's own stream (`form-field-<id>`); its name is held on a reservation stream. */
export type FieldEvent = Exclude<FormFieldEvent, { type: 'FormFieldNameReserved' | 'FormFieldNameReleased' }>;

export interface OptionState {
  optionId: number;
  value: string;
  label: string;
  order: number;
}

/** A form field as its stream tells it, options included; null when it was never added. */
export type FormFieldState =
  | (FormFieldProperties & {
      fieldId: number;
      order: number;
      options: OptionState[];
      deleted: boolean;
    })
  | null;

type LiveField = NonNullable<FormFieldState>;

export type FormFieldCommand =
  /** `order`: after the last field (read by the handler). */
  | { type: 'AddFormField'; fieldId: number; properties: FormFieldProperties; order: number }
  /** Properties left out keep their value. */
  | { type: 'EditFormField'; changes: FormFieldUpdateInput }
  | { type: 'DeleteFormField' }
  | { type: 'ReorderFormField'; order: number }
  /** Without an order the option goes last. */
  | { type: 'AddOption'; optionId: number; label: string; order?: number | undefined }
  | { type: 'EditOption'; optionId: number; label: string }
  | { type: 'DeleteOption'; optionId: number };

/** Field names are keys of entries' custom values: unique ignoring letter case. */
export const sameFieldName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The name a change holds on its reservation stream and the one it frees (a change of letter case keeps the same). */
export function nameClaimOf(event: FieldEvent): NameClaim {
  switch (event.type) {
    case 'FormFieldAdded':
      return { take: event.data.name };
    case 'FormFieldEdited':
      return sameFieldName(event.data.name, event.data.previousName)
        ? {}
        : { take: event.data.name, giveUp: event.data.previousName };
    case 'FormFieldDeleted':
      return { giveUp: event.data.name }; // its options go with it, in its stream
    default:
      return {};
  }
}

function liveField(state: FormFieldState): LiveField {
  if (!state || state.deleted) throw new DomainError('not-found', M.fieldNotFound);
  return state;
}

function optionOf(state: FormFieldState, optionId: number): { field: LiveField; option: OptionState } {
  const option = state && !state.deleted ? state.options.find((candidate) => candidate.optionId === optionId) : undefined;
  if (!state || !option) throw new DomainError('not-found', M.optionNotFound);
  return { field: state, option };
}

/** Option values are unique within their field. */
function assertValueFree(field: LiveField, value: string, exceptOptionId?: number): void {
  if (field.options.some((option) => option.value === value && option.optionId !== exceptOptionId)) {
    throw new DomainError('conflict', M.optionValueTaken(value));
  }
}

function editField(field: LiveField, changes: FormFieldUpdateInput): FieldEvent[] {
  const next: FormFieldProperties = {
    name: changes.name ?? field.name,
    label: changes.label ?? field.label,
    type: changes.type ?? field.type,
    required: changes.required ?? field.required,
  };
  const unchanged = (Object.keys(next) as (keyof FormFieldProperties)[]).every((key) => next[key] === field[key]);
  return unchanged ? [] : [{ type: 'FormFieldEdited', data: { fieldId: field.fieldId, ...next, previousName: field.name } }];
}

function addOption(field: LiveField, { optionId, label, order }: Extract<FormFieldCommand, { type: 'AddOption' }>): FieldEvent[] {
  if (field.type !== 'select') throw new DomainError('invalid', M.optionsOnlyForSelect);
  const value = optionValueFromLabel(label);
  assertValueFree(field, value);
  const position = order ?? Math.max(0, ...field.options.map((option) => option.order)) + 1;
  return [{ type: 'FormFieldOptionAdded', data: { fieldId: field.fieldId, optionId, value, label, order: position } }];
}

function editOption(state: FormFieldState, optionId: number, label: string): FieldEvent[] {
  const { field, option } = optionOf(state, optionId);
  const value = optionValueFromLabel(label);
  assertValueFree(field, value, optionId);
  if (option.label === label && option.value === value) return [];
  return [{ type: 'FormFieldOptionEdited', data: { fieldId: field.fieldId, optionId, value, label } }];
}

function decide(command: FormFieldCommand, state: FormFieldState): FieldEvent[] {
  switch (command.type) {
    case 'AddFormField': {
      if (state) throw new DomainError('conflict', CONFLICT_MESSAGE);
      return [{ type: 'FormFieldAdded', data: { fieldId: command.fieldId, ...command.properties, order: command.order } }];
    }
    case 'EditFormField':
      return editField(liveField(state), command.changes);
    case 'DeleteFormField': {
      const { fieldId, name } = liveField(state);
      return [{ type: 'FormFieldDeleted', data: { fieldId, name } }];
    }
    case 'ReorderFormField': {
      const { fieldId, order } = liveField(state);
      return order === command.order ? [] : [{ type: 'FormFieldReordered', data: { fieldId, order: command.order } }];
    }
    case 'AddOption':
      return addOption(liveField(state), command);
    case 'EditOption':
      return editOption(state, command.optionId, command.label);
    case 'DeleteOption': {
      const { field } = optionOf(state, command.optionId);
      return [{ type: 'FormFieldOptionDeleted', data: { fieldId: field.fieldId, optionId: command.optionId } }];
    }
  }
}

function evolve(state: FormFieldState, event: FieldEvent): FormFieldState {
  if (event.type === 'FormFieldAdded') {
    const { fieldId, name, label, type, required, order } = event.data;
    return { fieldId, name, label, type, required, order, options: [], deleted: false };
  }
  if (!state) return null;
  switch (event.type) {
    case 'FormFieldEdited': {
      const { name, label, type, required } = event.data;
      return { ...state, name, label, type, required };
    }
    case 'FormFieldReordered':
      return { ...state, order: event.data.order };
    case 'FormFieldDeleted':
      return { ...state, deleted: true };
    case 'FormFieldOptionAdded': {
      const { optionId, value, label, order } = event.data;
      return { ...state, options: [...state.options, { optionId, value, label, order }] };
    }
    case 'FormFieldOptionEdited': {
      const { optionId, value, label } = event.data;
      return {
        ...state,
        options: state.options.map((option) => (option.optionId === optionId ? { ...option, value, label } : option)),
      };
    }
    case 'FormFieldOptionDeleted':
      return { ...state, options: state.options.filter((option) => option.optionId !== event.data.optionId) };
  }
}

/** One custom form field's stream, its options included. */
export const formFieldDecider: Decider<FormFieldState, FormFieldCommand, FieldEvent> = {
  initialState: () => null,
  evolve,
  decide,
};
