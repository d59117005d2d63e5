import { formFieldStream, type FormFieldEvent, type FormFieldProperties } from '@tht/contracts';
import type { RecordedEvent } from '@tht/eventstore';
import type { AppContext } from '../platform/context';

export interface OptionState {
  optionId: number;
  value: string;
  label: string;
  order: number;
}

/** A form field as its stream tells it; options live in the field's stream. */
export interface FormFieldState extends FormFieldProperties {
  fieldId: number;
  order: number;
  options: OptionState[];
  deleted: boolean;
  version: number;
}

function evolve(state: FormFieldState | null, event: RecordedEvent & FormFieldEvent): FormFieldState | null {
  const version = event.streamVersion;
  if (event.type === 'FormFieldAdded') {
    const { fieldId, name, label, type, required, order } = event.data;
    return { fieldId, name, label, type, required, order, options: [], deleted: false, version };
  }
  if (!state) return null;
  switch (event.type) {
    case 'FormFieldEdited': {
      const { name, label, type, required } = event.data;
      return { ...state, name, label, type, required, version };
    }
    case 'FormFieldReordered':
      return { ...state, order: event.data.order, version };
    case 'FormFieldDeleted':
      return { ...state, deleted: true, version };
    case 'FormFieldOptionAdded': {
      const { optionId, value, label, order } = event.data;
      return { ...state, options: [...state.options, { optionId, value, label, order }], version };
    }
    case 'FormFieldOptionEdited': {
      const { optionId, value, label } = event.data;
      const options = state.options.map((option) => (option.optionId === optionId ? { ...option, value, label } : option));
      return { ...state, options, version };
    }
    case 'FormFieldOptionDeleted':
      return { ...state, options: state.options.filter((option) => option.optionId !== event.data.optionId), version };
    default:
      return state;
  }
}

/** The field of stream `form-field-<id>`, or null when it was never added. */
export async function loadFormField(ctx: AppContext, fieldId: number): Promise<FormFieldState | null> {
  const events = (await ctx.store.readStream(formFieldStream(fieldId))) as (RecordedEvent & FormFieldEvent)[];
  return events.reduce(evolve, null);
}
